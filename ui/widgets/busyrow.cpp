#include "busyrow.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>

BusyRow::BusyRow(const QString& name, const QString& text, const QString& progressName,
                 const QString& cancelName, QWidget* parent)
    : QWidget(parent) {
  setObjectName(name + QStringLiteral("Busy"));
  mLabel = new QLabel(text, this);
  mProgress = new QProgressBar(this);
  mProgress->setObjectName(name + QStringLiteral("Progress"));
  mProgress->setAccessibleName(progressName);
  mProgress->setTextVisible(false);
  mLabel->setBuddy(mProgress);
  mCancel = new QPushButton(tr("Cancel"), this);
  mCancel->setObjectName(name + QStringLiteral("Cancel"));
  mCancel->setAccessibleName(cancelName);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(mLabel);
  row->addWidget(mProgress, 1);
  row->addWidget(mCancel);
  connect(mCancel, &QPushButton::clicked, this, &BusyRow::cancelClicked);
  hide();
}

void BusyRow::setText(const QString& text) { mLabel->setText(text); }

void BusyRow::setProgress(int done, int total) {
  if (total <= 0) {
    mProgress->setRange(0, 0);
    return;
  }
  mProgress->setRange(0, total);
  mProgress->setValue(std::clamp(done, 0, total));
}
