// perturbationpanel.h — the Perturbation tab, seed 004's experiment: a sentence, one of its tokens replaced by
// another, and for every state of the forward pass (the embedding, each layer, the final norm, the next-token
// distribution P) which columns changed and by how much — a difference map per stream. The bidirectional encoder
// changes every column; the causal decoder leaves every column before the replaced token bit for bit the same
// (marked "="). What it shows is the core's perturbation() (PerturbationController), nothing recomputed here.
#pragma once

#include <QJsonObject>
#include <QWidget>

#include "presentable.h"
#include "widgets/busyrow.h"

class MatrixView;
class ModelDocument;
class PerturbationController;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

class PerturbationPanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  explicit PerturbationPanel(ModelDocument* doc, QWidget* parent = nullptr);
  PerturbationController* controller() const { return mCtl; }
  QComboBox* inputBox() const { return mInput; }
  QComboBox* positionBox() const { return mPosition; }  // which token: "source 5 · car", "target 3 · ein"
  QComboBox* replacementBox() const { return mWith; }   // the vocabulary
  MatrixView* encoderView() const { return mEncoder; }  // rows: embedding, layer 1…; columns: z
  MatrixView* decoderView() const { return mDecoder; }  // rows: embedding, layer 1…, final norm, P; columns: x
  QString summary() const;                              // what the info line says

  // Presentation mode: the next and previous token replaced.
  bool presentNext() override;
  bool presentBack() override;
  bool presentFirst() override;
  bool presentLast() override;
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool on) override;
  QJsonObject viewState() const override;
  void setViewState(const QJsonObject& s) override;

 public slots:
  void refresh();  // the sentence again with the open model (while the tab is hidden: when it is shown)

 protected:
  void showEvent(QShowEvent* e) override;

 public:
  QProgressBar* progressBar() const { return mBusy->progressBar(); }  // while a long experiment runs on the worker
  QPushButton* cancelButton() const { return mBusy->cancelButton(); }

 private:
  BusyRow* mBusy;
  void fillInputs();
  void fillPositions();
  void fillReplacements();
  void apply();   // the chosen position and token → the controller
  void showResult();  // the controller's result → the views
  bool moveTo(int positionIndex);
  ModelDocument* mDoc;
  PerturbationController* mCtl;
  QComboBox *mInput, *mPosition, *mWith;
  QLabel *mInfo, *mEncoderTitle, *mDecoderTitle, *mStripText = nullptr;
  QWidget* mControls;
  MatrixView *mEncoder, *mDecoder;
  int mFilledData = -1;
  int mFilledVocabulary = -1;
  // A view state's position, until the sentence is read (on the worker, for a large model): "Z:5", or a word
  // ("car": the first token of that stream that is the word, "▁car" too) with the key to fall back on.
  QString mPendingKey, mPendingWord;
  QString mNotice;  // a lesson step's position that the sentence does not have: said above the result until changed
  bool takePending();  // chooses it when the positions are there; true when it did
  bool mStale = false;  // a refresh was asked for while hidden
};
