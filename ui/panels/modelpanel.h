// modelpanel.h — the Model dock: variant, sizes in the seeds' notation, presets, parameter count, Build.
#pragma once

#include "core/config.h"
#include "core/family.h"

#include <QWidget>

#include <utility>
#include <vector>

class ModelDesign;
class ModelDocument;
class QFormLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

class ModelPanel : public QWidget {
  Q_OBJECT
 public:
  // A thin view of the design (ui/controllers/modeldesign.h): its fields are the family's sizes and options.
  ModelPanel(ModelDocument* doc, ModelDesign* design, QWidget* parent = nullptr);
  gb::Config config() const;  // what Build would make (the design's)
  QPushButton* buildButton() const { return mBuild; }
  QComboBox* presetBox() const { return mPreset; }
  QComboBox* cellBox() const { return mCell; }  // tanh, ReLU (data: the gb::Activation) or LSTM (data: −1)
  QCheckBox* attentionBox() const { return mAttention; }
  QComboBox* variantBox() const { return mVariant; }
  QSpinBox* headsBox() const { return mHeads; }
  QSpinBox* dModelBox() const { return mDModel; }
  QSpinBox* maxLenBox() const { return mMaxLen; }
  QSpinBox* sizeBox(gb::SizeField f) const;
  QLabel* problemLabel() const { return mProblem; }
  QLabel* fitLabel() const { return mFit; }

 public slots:
  void applyPreset(int index);  // the preset box's entry `index` (the family's presets, in order)

 private:
  void refresh();
  void showDesign();  // the design's family, sizes and options in the fields
  std::vector<std::pair<gb::SizeField, QSpinBox*>> sizeBoxes() const;
  ModelDocument* mDoc;
  ModelDesign* mDesign;
  QFormLayout* mForm;
  QLabel* mSizeLabels[10] = {};  // one per gb::SizeField (ObsDim the last)
  int mGeneration = -1;
  QComboBox* mVariant;
  QLabel* mVariantHelp;
  QComboBox* mPreset;
  QComboBox* mCell = nullptr;  // a recurrent family's cell: tanh, ReLU or an LSTM
  QCheckBox* mAttention = nullptr;  // the RNN encoder-decoder's additive attention
  QSpinBox *mMaxLen, *mEncLayers, *mDecLayers, *mHeads, *mDModel, *mDMlp, *mDHidden, *mStates, *mMixtures, *mObsDim;
  QLabel* mEncLabel;
  QDoubleSpinBox* mDropout;
  QComboBox* mNorm;
  QCheckBox* mTied;
  QLabel *mCount, *mProblem;
  QLabel* mFit = nullptr;
  QPushButton* mBuild;
};
