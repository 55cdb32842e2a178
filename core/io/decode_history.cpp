#include "core/io/decode_history.h"

#include "core/io/json_util.h"

#include <charconv>
#include <cmath>

namespace gb {

std::vector<DecodeHistoryRow> decode_history(const DecodeSession& s, const Tokenizer& tok,
                                             const std::vector<SamplerOptions>& samplers,
                                             const SamplerOptions& fallback) {
  std::vector<DecodeHistoryRow> rows;
  const auto& steps = s.steps();
  double sum = 0;
  for (size_t i = 0; i < steps.size(); ++i) {
    const DecodeStep& st = steps[i];
    DecodeHistoryRow r;
    r.step = int(i) + 1;
    r.position = st.position;
    r.token = st.choice.token;
    r.text = tok.token(r.token);
    r.p = st.p_chosen;
    r.logp = st.logp[size_t(r.token)];
    r.q = st.q_chosen;
    r.how = choice_name(st.choice.how);
    r.random = st.choice.random;
    r.sampler = i < samplers.size() ? samplers[i] : fallback;
    r.entropy_p = st.choice.entropy_p;
    r.entropy_q = st.choice.entropy_q;
    sum += r.logp;
    r.sum_logp = sum;
    rows.push_back(std::move(r));
  }
  return rows;
}

namespace {
// A number as C writes it, as short as reads back exactly; "inf" for τ = ∞, nothing for "none" (NaN).
std::string csv_number(double v) {
  if (std::isnan(v)) return {};
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  return std::string(buf, end);
}

// RFC 4180: a field with a comma, a quote, a line break or outer spaces goes in quotes, its quotes doubled.
std::string csv_field(const std::string& s) {
  const bool outer = !s.empty() && (std::isspace(static_cast<unsigned char>(s.front())) ||
                                    std::isspace(static_cast<unsigned char>(s.back())));
  if (s.find_first_of(",\"\n\r") == std::string::npos && !outer) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

Json json_number(double v) {
  if (std::isnan(v)) return nullptr;
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}
}  // namespace

std::string decode_history_csv(const std::vector<DecodeHistoryRow>& rows) {
  std::string out = "step,position,token_id,token,p,log_p,q,how,random,temperature,top_k,top_p,entropy_p,entropy_q,"
                    "sum_log_p\n";
  for (const DecodeHistoryRow& r : rows) {
    const std::string fields[] = {std::to_string(r.step),       std::to_string(r.position),
                                  std::to_string(r.token),      csv_field(r.text),
                                  csv_number(r.p),              csv_number(r.logp),
                                  csv_number(r.q),              r.how,
                                  csv_number(r.random),         csv_number(r.sampler.temperature),
                                  std::to_string(r.sampler.top_k), csv_number(r.sampler.top_p),
                                  csv_number(r.entropy_p),      csv_number(r.entropy_q),
                                  csv_number(r.sum_logp)};
    for (size_t i = 0; i < std::size(fields); ++i) out += (i ? "," : "") + fields[i];
    out += '\n';
  }
  return out;
}

std::string decode_history_json(const DecodeSession& s, const Tokenizer& tok,
                                const std::vector<DecodeHistoryRow>& rows, const std::string& text) {
  auto tokens = [&tok](auto begin, auto end) {
    Json a = Json::array();
    for (auto it = begin; it != end; ++it) a.push_back(Json{{"id", *it}, {"token", tok.token(*it)}});
    return a;
  };
  const auto& x = s.tokens();
  const auto& z = s.source();
  Json root{{"variant", variant_name(s.config().variant)},
            {"source", tokens(z.begin(), z.end())},
            {"prefix", tokens(x.begin(), x.begin() + long(s.prefix_length()))},
            {"text", text}};
  Json steps = Json::array();
  for (const DecodeHistoryRow& r : rows)
    steps.push_back(Json{{"step", r.step},
                         {"position", r.position},
                         {"token_id", r.token},
                         {"token", r.text},
                         {"p", json_number(r.p)},
                         {"log_p", json_number(r.logp)},
                         {"q", json_number(r.q)},
                         {"how", r.how},
                         {"random", json_number(r.random)},
                         {"temperature", json_number(r.sampler.temperature)},
                         {"top_k", r.sampler.top_k},
                         {"top_p", json_number(r.sampler.top_p)},
                         {"entropy_p", json_number(r.entropy_p)},
                         {"entropy_q", json_number(r.entropy_q)},
                         {"sum_log_p", json_number(r.sum_logp)}});
  root["steps"] = steps;
  return root.dump(4, ' ', false, Json::error_handler_t::replace) + "\n";  // (a piece of a UTF-8 character: U+FFFD)
}

}  // namespace gb
