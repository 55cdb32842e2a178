// modelpanel.h — the Model dock: variant, sizes in the seeds' notation, presets, parameter count, Build.
#pragma once

#include "core/config.h"

#include <QWidget>

class ModelDocument;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

class ModelPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ModelPanel(ModelDocument* doc, QWidget* parent = nullptr);
  gb::Config config() const;  // what Build would make
  QPushButton* buildButton() const { return mBuild; }
  QComboBox* presetBox() const { return mPreset; }
  QComboBox* variantBox() const { return mVariant; }
  QSpinBox* headsBox() const { return mHeads; }
  QSpinBox* dModelBox() const { return mDModel; }
  QSpinBox* maxLenBox() const { return mMaxLen; }
  QLabel* problemLabel() const { return mProblem; }
  QLabel* fitLabel() const { return mFit; }

 public slots:
  void applyPreset(int index);

 private:
  void refresh();
  void showConfig(const gb::Config& c);  // an opened model's sizes in the fields
  ModelDocument* mDoc;
  int mGeneration = -1;
  QComboBox* mVariant;
  QLabel* mVariantHelp;
  QComboBox* mPreset;
  QSpinBox *mMaxLen, *mEncLayers, *mDecLayers, *mHeads, *mDModel, *mDMlp;
  QLabel* mEncLabel;
  QDoubleSpinBox* mDropout;
  QComboBox* mNorm;
  QCheckBox* mTied;
  QLabel *mCount, *mProblem;
  QLabel* mFit = nullptr;
  QPushButton* mBuild;
};
