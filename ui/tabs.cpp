#include "tabs.h"

#include "core/family.h"

#include <QCoreApplication>

const std::vector<TabInfo>& workbenchTabs() {
  static const std::vector<TabInfo> tabs = {
      {QStringLiteral("attention"), QT_TRANSLATE_NOOP("MainWindow", "Attention"), gb::view::kAttention},
      {QStringLiteral("masks"), QT_TRANSLATE_NOOP("MainWindow", "Masks"), gb::view::kMasks},
      {QStringLiteral("parameters"), QT_TRANSLATE_NOOP("MainWindow", "Parameters"), 0},
      {QStringLiteral("decoding"), QT_TRANSLATE_NOOP("MainWindow", "Decoding"), gb::view::kDecoding},
      {QStringLiteral("algorithm"), QT_TRANSLATE_NOOP("MainWindow", "Algorithm"), gb::view::kAlgorithm},
      {QStringLiteral("training"), QT_TRANSLATE_NOOP("MainWindow", "Training"), 0},
      {QStringLiteral("perturbation"), QT_TRANSLATE_NOOP("MainWindow", "Perturbation"), gb::view::kPerturbation},
      {QStringLiteral("compare"), QT_TRANSLATE_NOOP("MainWindow", "Compare"), 0},
      {QStringLiteral("table"), QT_TRANSLATE_NOOP("MainWindow", "Table"), gb::view::kTransitionTable},
  };
  return tabs;
}

QStringList tabIds() {
  QStringList ids;
  for (const TabInfo& t : workbenchTabs()) ids << t.id;
  return ids;
}

int tabIndexOf(const QString& id) { return int(tabIds().indexOf(id)); }

QString tabTitle(int index) {
  const auto& tabs = workbenchTabs();
  if (index < 0 || index >= int(tabs.size())) return QString();
  return QCoreApplication::translate("MainWindow", tabs[size_t(index)].title);
}
