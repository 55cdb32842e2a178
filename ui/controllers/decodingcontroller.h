// decodingcontroller.h — decoding one token at a time for the Decoding tab (ED-Inference, seed 000; D-Inference,
// seed 002), through the core's DecodeSession with its KV cache.
//
// Widget-free. start() takes a copy of the document's parameters and tokenizer, so training may go on meanwhile.
// The sampler settings (τ, top-k, top-p) can change at any time: preview() shows what the next step would draw
// from, without drawing. step() draws one token with the controller's own generator (a seed replays exactly),
// back() takes the last one back. Errors come back as messages.
#pragma once

#include "core/decode/session.h"
#include "core/text/tokenizer.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class DecodingController : public QObject {
  Q_OBJECT
 public:
  explicit DecodingController(QObject* parent = nullptr);

  // ED: input is the source z, decoding starts from <bos>. D: the prompt is <bos> input (and, for data of pairs
  // written "source>target", the ">" that asks for the target).
  QString start(const gb::Config& c, const gb::Params<float>& p, const gb::Tokenizer& tok, const QString& input,
                bool pairs, quint64 seed);
  bool active() const { return mSession != nullptr; }
  // Ends the session (the document got another model): it would decode with the old parameters.
  void stop();
  void setSampler(const gb::SamplerOptions& o);
  const gb::SamplerOptions& sampler() const { return mSampler; }

  // The next token's distribution under the current settings (p, q, kept), without drawing.
  gb::Choice preview() const;
  const std::vector<double>& nextLogp() const;
  QString step();        // one token; an error when finished or at ℓ_max
  int runToEnd();        // until <eos> (or ℓ_max, or 200 tokens); returns the steps taken
  bool back();           // undo the last step
  bool finished() const; // the last token was <eos>, or no further step fits
  // Beam search of width B from the current position (the session itself does not move): the best continuation
  // by score / length, as text, and the search tree. An error message in `error` when it cannot run.
  std::optional<gb::BeamResult> beam(int width, QString* error = nullptr) const;

  const gb::DecodeSession* session() const { return mSession.get(); }
  const gb::Tokenizer& tokenizer() const { return mTok; }
  QString display(int token) const;         // a token as the views show it (spaces visible)
  QStringList generatedTokens() const;      // every token of x, the prompt included
  QString generatedText() const;            // the new tokens decoded as text

 signals:
  void changed();

 private:
  gb::Config mConfig;
  gb::Params<float> mParams;  // the session points here: it must not move while the session lives
  gb::Tokenizer mTok;
  std::unique_ptr<gb::DecodeSession> mSession;
  gb::SamplerOptions mSampler;
  gb::Rng mRng;
};
