#include "familynames.h"
#include "widgets/textlabel.h"

#include <QCoreApplication>

namespace {
// (formulas such as |V| × |V| kept on one line: a line may otherwise break after a "|")
QString text(const char* s) { return keepFormulasTogether(QCoreApplication::translate("FamilyNames", s)); }
}  // namespace

QString familyTitle(gb::Variant v) {
  switch (v) {
    case gb::Variant::EncoderDecoder: return text(QT_TRANSLATE_NOOP("FamilyNames", "Encoder-decoder"));
    case gb::Variant::DecoderOnly: return text(QT_TRANSLATE_NOOP("FamilyNames", "Decoder-only"));
    case gb::Variant::Bigram: return text(QT_TRANSLATE_NOOP("FamilyNames", "Bigram"));
    case gb::Variant::Rnn: return text(QT_TRANSLATE_NOOP("FamilyNames", "RNN"));
    case gb::Variant::Hmm: return text(QT_TRANSLATE_NOOP("FamilyNames", "HMM"));
    case gb::Variant::RnnSeq2Seq: return text(QT_TRANSLATE_NOOP("FamilyNames", "RNN encoder-decoder"));
    case gb::Variant::HmmGmm: return text(QT_TRANSLATE_NOOP("FamilyNames", "HMM with Gaussian mixtures"));
  }
  return QString::fromStdString(gb::family(v).title);
}

QString familySummary(gb::Variant v) {
  switch (v) {
    case gb::Variant::EncoderDecoder:
      return text(QT_TRANSLATE_NOOP("FamilyNames",
                                  "Reads a source with its encoder and writes a target: translation, reversal (seed 000)."));
    case gb::Variant::DecoderOnly:
      return text(QT_TRANSLATE_NOOP("FamilyNames",
                                  "Continues one sequence: language models, and tasks written as one line (seed 002)."));
    case gb::Variant::Bigram:
      return text(QT_TRANSLATE_NOOP("FamilyNames",
                                  "Predicts the next token from the last one alone: one |V| × |V| table of scores, the "
                                  "baseline every language model is measured against."));
    case gb::Variant::Rnn:
      return text(QT_TRANSLATE_NOOP("FamilyNames",
                                  "Reads one token after another into a hidden state h and predicts the next token from "
                                  "it (seed 001): the recurrent network transformers replaced."));
    case gb::Variant::RnnSeq2Seq:
      return text(QT_TRANSLATE_NOOP("FamilyNames",
                                  "Reads the source into one vector c with an encoder RNN and writes the target from it "
                                  "with a decoder RNN (seed 004): the model the transformer replaced for translation."));
    case gb::Variant::Hmm:
      return text(QT_TRANSLATE_NOOP("FamilyNames",
                                  "A chain of hidden states, each emitting a token (seed 001): trained by EM, the model "
                                  "speech recognition used before neural networks."));
    case gb::Variant::HmmGmm:
      return text(QT_TRANSLATE_NOOP("FamilyNames",
                                  "A chain of hidden states, each emitting a vector from a mixture of Gaussians (seed "
                                  "001): the acoustic model of speech recognition, trained by EM."));
  }
  return QString::fromStdString(gb::family(v).summary);
}

QString familyDecodingLine(gb::Variant v) {
  switch (v) {
    case gb::Variant::EncoderDecoder:
      return text(QT_TRANSLATE_NOOP("FamilyNames", "ED-Inference: the encoder has read z once; each step adds one "
                                                   "column to the decoder and draws the next token from q."));
    case gb::Variant::DecoderOnly:
      return text(QT_TRANSLATE_NOOP("FamilyNames", "D-Inference: each step adds one column and draws the next token from q."));
    case gb::Variant::Bigram:
      return text(QT_TRANSLATE_NOOP("FamilyNames", "Each step reads the last token's column of B and draws the next "
                                                   "token from q."));
    case gb::Variant::Rnn:
      return text(QT_TRANSLATE_NOOP("FamilyNames", "Each step reads the new token into the state h (the one before "
                                                   "is kept) and draws the next token from q."));
    case gb::Variant::RnnSeq2Seq:
      return text(QT_TRANSLATE_NOOP("FamilyNames", "The encoder has read z into c once; the decoder starts from c, "
                                                   "reads each new token into its state h and draws the next token "
                                                   "from q."));
    case gb::Variant::Hmm:
      return text(QT_TRANSLATE_NOOP("FamilyNames", "Each step updates the distribution over the hidden states with the "
                                                   "new token (forward algorithm) and draws the next token from q."));
    case gb::Variant::HmmGmm:
      return QString();  // (predicts no tokens: no decoding)
  }
  return QString();
}

QString presetName(const std::string& id) {
  if (id == "tiny") return text(QT_TRANSLATE_NOOP("FamilyNames", "Tiny"));
  if (id == "small") return text(QT_TRANSLATE_NOOP("FamilyNames", "Small"));
  if (id == "medium") return text(QT_TRANSLATE_NOOP("FamilyNames", "Medium"));
  if (id == "seed") return text(QT_TRANSLATE_NOOP("FamilyNames", "As in the seed"));
  if (id == "bigram") return text(QT_TRANSLATE_NOOP("FamilyNames", "One table"));
  return QString::fromStdString(id);
}

QString presetToolTip(const std::string& id) {
  if (id == "seed")
    return text(QT_TRANSLATE_NOOP("FamilyNames",
                                "The seed's architecture: post-LN and ReLU (encoder-decoder, seed 000) or pre-LN, GELU "
                                "and a final LN (decoder-only, seed 002); no dropout; W_u its own matrix"));
  if (id == "bigram") return text(QT_TRANSLATE_NOOP("FamilyNames", "B has |V| × |V| entries: the only size is the vocabulary's"));
  return QString();
}

QString sizeLabel(gb::SizeField f, gb::Variant v) {
  switch (f) {
    case gb::SizeField::MaxLen: return text(QT_TRANSLATE_NOOP("FamilyNames", "ℓ_max"));
    case gb::SizeField::EncLayers: return text(QT_TRANSLATE_NOOP("FamilyNames", "L_enc"));
    case gb::SizeField::DecLayers:
      return v == gb::Variant::EncoderDecoder ? text(QT_TRANSLATE_NOOP("FamilyNames", "L_dec"))
                                              : text(QT_TRANSLATE_NOOP("FamilyNames", "L"));
    case gb::SizeField::Heads: return text(QT_TRANSLATE_NOOP("FamilyNames", "H"));
    case gb::SizeField::DModel: return text(QT_TRANSLATE_NOOP("FamilyNames", "d_e"));
    case gb::SizeField::DMlp: return text(QT_TRANSLATE_NOOP("FamilyNames", "d_mlp"));
    case gb::SizeField::DHidden: return text(QT_TRANSLATE_NOOP("FamilyNames", "d_h"));
    case gb::SizeField::States: return text(QT_TRANSLATE_NOOP("FamilyNames", "K"));
    case gb::SizeField::Mixtures: return text(QT_TRANSLATE_NOOP("FamilyNames", "M"));
    case gb::SizeField::ObsDim: return text(QT_TRANSLATE_NOOP("FamilyNames", "D"));
  }
  return QString();
}

QString sizeAccessibleName(gb::SizeField f) {
  switch (f) {
    case gb::SizeField::MaxLen: return text(QT_TRANSLATE_NOOP("FamilyNames", "Maximum sequence length ℓ_max"));
    case gb::SizeField::EncLayers: return text(QT_TRANSLATE_NOOP("FamilyNames", "Encoder layers L_enc"));
    case gb::SizeField::DecLayers: return text(QT_TRANSLATE_NOOP("FamilyNames", "Decoder layers L_dec / L"));
    case gb::SizeField::Heads: return text(QT_TRANSLATE_NOOP("FamilyNames", "Attention heads H"));
    case gb::SizeField::DModel: return text(QT_TRANSLATE_NOOP("FamilyNames", "Embedding size d_e"));
    case gb::SizeField::DMlp: return text(QT_TRANSLATE_NOOP("FamilyNames", "MLP width d_mlp"));
    case gb::SizeField::DHidden: return text(QT_TRANSLATE_NOOP("FamilyNames", "Hidden state size d_h"));
    case gb::SizeField::States: return text(QT_TRANSLATE_NOOP("FamilyNames", "Hidden states K"));
    case gb::SizeField::Mixtures: return text(QT_TRANSLATE_NOOP("FamilyNames", "Gaussians per state M"));
    case gb::SizeField::ObsDim: return text(QT_TRANSLATE_NOOP("FamilyNames", "Observation size D"));
  }
  return QString();
}
