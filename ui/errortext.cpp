#include "errortext.h"

#include <QCoreApplication>

QString errorTemplateText(const std::string& englishTemplate, const gb::ErrorArgs& args) {
  // The arguments are file names, numbers and tokens: they stay as they are. The placeholders are filled after
  // translating, so a translation may put them in another order.
  const QString tmpl = QCoreApplication::translate("gb::Error", englishTemplate.c_str());
  return QString::fromStdString(gb::fill_error_template(tmpl.toStdString(), args));
}

QString errorText(const gb::Error& e) {
  const QString text = errorTemplateText(gb::error_template(e.code), e.args);
  const QString where = QString::fromStdString(e.where());
  return where.isEmpty() ? text : where + QStringLiteral(": ") + text;
}
