#include "tabs.h"

#include "core/family.h"

#include <QCoreApplication>

const std::vector<TabInfo>& workbenchTabs() {
  static const std::vector<TabInfo> tabs = {
      {QStringLiteral("attention"), QT_TRANSLATE_NOOP("MainWindow", "Attention"), gb::view::kAttention,
       QT_TRANSLATE_NOOP("Tabs", "the next head")},
      {QStringLiteral("masks"), QT_TRANSLATE_NOOP("MainWindow", "Masks"), gb::view::kMasks,
       QT_TRANSLATE_NOOP("Tabs", "the next example (in the mask editor: the next mask)")},
      {QStringLiteral("parameters"), QT_TRANSLATE_NOOP("MainWindow", "Parameters"), 0,
       QT_TRANSLATE_NOOP("Tabs", "the next tensor")},
      {QStringLiteral("decoding"), QT_TRANSLATE_NOOP("MainWindow", "Decoding"), gb::view::kDecoding,
       QT_TRANSLATE_NOOP("Tabs", "the next token")},
      {QStringLiteral("algorithm"), QT_TRANSLATE_NOOP("MainWindow", "Algorithm"), gb::view::kAlgorithm,
       QT_TRANSLATE_NOOP("Tabs", "the next line")},
      {QStringLiteral("training"), QT_TRANSLATE_NOOP("MainWindow", "Training"), 0,
       QT_TRANSLATE_NOOP("Tabs", "one optimizer step")},
      {QStringLiteral("perturbation"), QT_TRANSLATE_NOOP("MainWindow", "Perturbation"), gb::view::kPerturbation,
       QT_TRANSLATE_NOOP("Tabs", "the next token replaced")},
      {QStringLiteral("table"), QT_TRANSLATE_NOOP("MainWindow", "Table"), gb::view::kTransitionTable,
       QT_TRANSLATE_NOOP("Tabs", "probabilities ↔ scores")},
      {QStringLiteral("states"), QT_TRANSLATE_NOOP("MainWindow", "States"), gb::view::kRecurrentStates,
       QT_TRANSLATE_NOOP("Tabs", "the next probe")},
      {QStringLiteral("observations"), QT_TRANSLATE_NOOP("MainWindow", "Observations"), gb::view::kObservations,
       QT_TRANSLATE_NOOP("Tabs", "the next sequence")},
      // last, and shown for every family: Qt 6.4's tab bar cannot scroll when its last tab is hidden (it lays the
      // visible ones out from the hidden one's place, shifted right, its arrows disabled)
      {QStringLiteral("compare"), QT_TRANSLATE_NOOP("MainWindow", "Compare"), 0,
       QT_TRANSLATE_NOOP("Tabs", "train both models")},
  };
  return tabs;
}

QStringList tabIds() {
  QStringList ids;
  for (const TabInfo& t : workbenchTabs()) ids << t.id;
  return ids;
}

int tabIndexOf(const QString& id) { return int(tabIds().indexOf(id)); }

QString tabNextKey(int index) {
  const auto& tabs = workbenchTabs();
  if (index < 0 || index >= int(tabs.size())) return QString();
  return QCoreApplication::translate("Tabs", tabs[size_t(index)].next);
}

QString tabTitle(int index) {
  const auto& tabs = workbenchTabs();
  if (index < 0 || index >= int(tabs.size())) return QString();
  return QCoreApplication::translate("MainWindow", tabs[size_t(index)].title);
}
