#include "errortext.h"

#include <QCoreApplication>

QString errorText(const gb::Error& e) {
  // The arguments are file names, numbers and tokens: they stay as they are. The placeholders are filled after
  // translating, so a translation may put them in another order.
  const QString tmpl = QCoreApplication::translate("gb::Error", gb::error_template(e.code));
  const QString text = QString::fromStdString(gb::fill_error_template(tmpl.toStdString(), e.args));
  const QString where = QString::fromStdString(e.where());
  return where.isEmpty() ? text : where + QStringLiteral(": ") + text;
}
