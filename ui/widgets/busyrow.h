// busyrow.h — the row a panel shows while its work runs on a worker: what runs (a label, the progress bar's
// buddy), the progress and Cancel. One widget for every panel that runs work off the GUI thread (Attention,
// Decoding, Perturbation, the mask editor), so each says the same with the same accessible names.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

class BusyRow : public QWidget {
  Q_OBJECT
 public:
  // name: the row is named name + "Busy", its bar name + "Progress", its button name + "Cancel" (tests and GUI
  // robots find them so); progressName and cancelName are their accessible names (translated by the caller).
  // Hidden until shown.
  BusyRow(const QString& name, const QString& text, const QString& progressName, const QString& cancelName,
          QWidget* parent);
  QLabel* label() const { return mLabel; }
  QProgressBar* progressBar() const { return mProgress; }
  QPushButton* cancelButton() const { return mCancel; }
  void setText(const QString& text);
  // done of total (total ≤ 0: an indeterminate bar)
  void setProgress(int done, int total);

 signals:
  void cancelClicked();

 private:
  QLabel* mLabel;
  QProgressBar* mProgress;
  QPushButton* mCancel;
};
