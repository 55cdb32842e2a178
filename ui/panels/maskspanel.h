// maskspanel.h — the Masks tab: the masks the seeds define (M_uni, the bidirectional all-ones mask, the cross
// mask) laid out like the attention they shape (rows keys t_z, columns queries t_x), and the padding mask of a
// mini-batch of the data: which positions are real tokens, and what each mask becomes once padding is masked too.
#pragma once

#include "core/tensor.h"

#include <QWidget>

#include "presentable.h"

class MaskEditor;
class MatrixView;
class QTabWidget;
class ModelDocument;
class QCheckBox;
class QLabel;
class QSpinBox;

class MasksPanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  explicit MasksPanel(ModelDocument* doc, QWidget* parent = nullptr);
  MatrixView* paddingX() const { return mPadX; }
  MatrixView* paddingZ() const { return mPadZ; }
  MatrixView* selfMask() const { return mSelf; }     // decoder: M_uni (∧ padding)
  MatrixView* encoderMask() const { return mEnc; }   // encoder: all ones (∧ padding)
  MatrixView* crossMask() const { return mCross; }   // cross: all ones (∧ source padding)
  QSpinBox* batchSizeBox() const { return mBatch; }
  QSpinBox* firstBox() const { return mFirst; }
  QSpinBox* exampleBox() const { return mExample; }
  QCheckBox* withPaddingBox() const { return mWithPadding; }
  // Two pages: the seeds' masks on a batch, and the mask editor.
  QTabWidget* pages() const { return mPages; }
  MaskEditor* editor() const { return mEditor; }

  // Presentation mode: the next and previous example of the batch; on the mask editor page, the next and previous
  // mask (causal, prefix-LM, sliding window, drawn).
  bool presentNext() override;
  bool presentBack() override;
  bool presentFirst() override;
  bool presentLast() override;
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool on) override;
  QJsonObject viewState() const override;
  void setViewState(const QJsonObject& state) override;
  // The training example whose source is this text (as the data holds it), −1 when none is: a beat's "input".
  int exampleOf(const QString& source) const;

 public slots:
  void refresh();

 private:
  bool stepMask(int to);  // the mask editor's kind at index to (clamped); false when it is that already
  ModelDocument* mDoc;
  QSpinBox *mBatch, *mFirst, *mExample;
  QCheckBox* mWithPadding;
  QWidget* mControls;
  QLabel *mInfo, *mPadXTitle, *mPadZTitle, *mSelfTitle, *mEncTitle, *mCrossTitle;
  MatrixView *mPadX, *mPadZ, *mSelf, *mEnc, *mCross;
  std::vector<QWidget*> mViews, mEdOnly;
  QTabWidget* mPages;
  MaskEditor* mEditor;
};
