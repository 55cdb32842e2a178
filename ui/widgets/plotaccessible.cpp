#include "plotaccessible.h"

#include <QAccessibleWidget>
#include <QWidget>

namespace {

QAccessibleInterface* plotInterface(const QString& className, QObject* object) {
  if (className == QLatin1String("QCustomPlot") && object && object->isWidgetType())
    return new QAccessibleWidget(static_cast<QWidget*>(object), QAccessible::Graphic);
  return nullptr;
}

}  // namespace

void installPlotAccessibility() {
  QAccessible::installFactory(plotInterface);
}
