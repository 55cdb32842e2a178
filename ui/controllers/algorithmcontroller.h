// algorithmcontroller.h — the seed's pseudo-code run one line at a time for the Algorithm tab (core Stepper).
//
// Widget-free. start() copies the document's parameters into a Stepper for one example (the probe); next(),
// back(), runToLine() and runToEnd() move through the listing; every change is announced with changed().
#pragma once

#include "core/model/stepper.h"
#include "core/text/tokenizer.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class AlgorithmController : public QObject {
  Q_OBJECT
 public:
  explicit AlgorithmController(QObject* parent = nullptr);
  // ED: input is z and the target x is <bos> + target (given, or empty). D: x is <bos> + input.
  QString start(const gb::Config& c, const gb::Params<float>& p, const gb::Tokenizer& tok, const QString& input,
                const QString& target);
  bool active() const { return mStepper != nullptr; }
  const gb::Stepper* stepper() const { return mStepper.get(); }
  QStringList sourceTokens() const { return mSource; }
  QStringList targetTokens() const { return mTarget; }

 public slots:
  bool next();
  bool back();
  void runToLine(int line);
  void runToEnd();
  void reset();
  // Ends the run (the document got another model): no stepper until start() again.
  void stop();

 signals:
  void changed();

 private:
  std::unique_ptr<gb::Stepper> mStepper;
  QStringList mSource, mTarget;
};
