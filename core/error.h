// error.h — user errors as values. The core never prints and never exits; a bad file or a bad hyperparameter
// comes back as an Error that says what and where, and only the UI turns it into a dialog.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace gb {

struct Error {
  std::string message;  // one sentence: what was wrong, where (file, line, field), what was expected
};

// A value or an Error. Minimal stand-in for C++23 std::expected.
template <class V> class Result {
 public:
  Result(V value) : m_(std::move(value)) {}
  Result(Error error) : m_(std::move(error)) {}
  bool ok() const { return std::holds_alternative<V>(m_); }
  explicit operator bool() const { return ok(); }
  V& value() { return std::get<V>(m_); }
  const V& value() const { return std::get<V>(m_); }
  V& operator*() { return value(); }
  const V& operator*() const { return value(); }
  V* operator->() { return &value(); }
  const V* operator->() const { return &value(); }
  const Error& error() const { return std::get<Error>(m_); }

 private:
  std::variant<V, Error> m_;
};

// For functions that return nothing but may fail.
using Status = std::optional<Error>;  // nullopt = success

}  // namespace gb
