// perturbationcontroller.h — seed 004's experiment for the Perturbation tab: a sentence as the open model reads it
// (ModelDocument::probeExample: the source z and the target x, or x alone), one of its tokens replaced by another,
// and the core's perturbation() comparing both forward passes column by column.
//
// Widget-free. The panel shows what this holds: the tokens of both sequences, and per state (the embedding, each
// layer, the final norm, the output distribution P) the norm of each column's change and whether it is
// bit-for-bit the same. Nothing here recomputes the model: both passes are the core's (trace_forward, or for a
// recurrent family model_forward).
// Long experiments (gb::trace_cost of both passes above syncBudget()) run on a worker (BackgroundJob) with progress
// and Cancel; meanwhile stages() is empty, and a run for a sentence or replacement that has changed since is
// dropped (every new run cancels the one before).
#pragma once

#include "core/model/model.h"
#include "core/model/perturb.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class BackgroundJob;
class ModelDocument;

class PerturbationController : public QObject {
  Q_OBJECT
 public:
  explicit PerturbationController(ModelDocument* doc, QObject* parent = nullptr);

  // A position that can be replaced: in the source z ('Z') or in the decoder's input x ('X'), 0-based.
  struct Position {
    char stream = 'X';
    int index = 0;
  };
  // Reads the sentence as the open model does; the replaced position is kept when it still exists. An error
  // message when it cannot (no model, no tokenizer, too long), empty otherwise.
  QString setInput(const QString& text);
  QString input() const { return mInput; }
  // Why the sentence read on the worker (its continuation decoded there) could not be used; empty otherwise.
  QString problem() const { return mProblem; }
  bool ready() const { return !mA.x.empty(); }
  QStringList sourceTokens() const;  // z as the views show it (empty for decoder-only)
  QStringList targetTokens() const;  // x, <bos> first
  std::vector<Position> positions() const;  // every position that can be replaced (z, then x after <bos>)
  // The first position of x that can be replaced: 1 after a start token (<bos>, Marian's decoder start), 0 for a
  // prompt without one (GPT-2's). Positions are numbered for people (and lesson files) from there: x's first
  // replaceable token is "target 1" / "token 1", the source's first "source 1".
  int firstTarget() const;
  int number(Position p) const { return p.stream == 'Z' ? p.index + 1 : p.index + 1 - firstTarget(); }
  Position fromNumber(char stream, int k) const { return {stream, stream == 'Z' ? k - 1 : k - 1 + firstTarget()}; }
  // Replaces the token at `at` by `token` (an id of the model's vocabulary) and runs the experiment.
  QString replace(Position at, int token);
  Position position() const { return mAt; }
  int replacement() const { return mToken; }
  int originalToken() const;                   // the token at position() in the sentence
  int vocabularySize() const;
  QString tokenText(int id) const;             // a token as the views show it
  int tokenId(const QString& text) const;      // −1 when the vocabulary has no such token

  const gb::Example& original() const { return mA; }
  const gb::Example& perturbed() const { return mB; }
  const std::vector<gb::PerturbationStage>& stages() const { return mStages; }
  // The stages of one stream ('Z' encoder, 'X' decoder, 'P' output), in order.
  std::vector<const gb::PerturbationStage*> stagesOf(char stream) const;
  // Runs again with the open model's current parameters (after training or another Build).
  QString refresh();

  bool busy() const;
  void cancel();  // returns at once; stages() stays empty
  static constexpr double kSyncBudget = 3e7;  // multiply-adds: about 10 ms of one core
  void setSyncBudget(double ops) { mSyncBudget = ops; }
  const BackgroundJob* job() const { return mJob; }

 signals:
  void changed();
  void inputRead();  // the sentence was read on the worker (setInput returned before): its tokens are known now
  void busyChanged(bool busy);
  void progress(int done, int total);

 private:
  QString run();
  QString take(const std::optional<gb::Example>& e);  // the sentence as read: keep the position, run
  ModelDocument* mDoc;
  QString mInput;
  QString mProblem;
  gb::Example mA, mB;
  Position mAt;
  int mToken = -1;
  std::vector<gb::PerturbationStage> mStages;
  BackgroundJob* mJob;
  double mSyncBudget = kSyncBudget;
};
