// tabs.h — the central tabs of the workbench, in the window's order: the one list that the window builds its tabs
// from, lesson files name a beat's tab by (docs/lesson-file.md), --tab and --screenshot choose from, and the model
// family is asked about (a tab the open model's family does not offer is hidden).
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

struct TabInfo {
  QString id;          // "attention": lesson files, --tab
  const char* title;   // English; translated by tabTitle()
  unsigned view = 0;   // the gb::view flag (core/family.h) a family must offer for the tab to show; 0: every family
  const char* next;    // what the presenter's Next (Space, →) does on it (English; translated by tabNextKey())
};

const std::vector<TabInfo>& workbenchTabs();
QStringList tabIds();                 // in the window's order
int tabIndexOf(const QString& id);    // −1 when there is no such tab
QString tabTitle(int index);          // translated
QString tabNextKey(int index);        // what Next does on the tab, translated (the keys list says it)
