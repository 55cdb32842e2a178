// errortext.h — a core Error as the user reads it: the template of its code translated (context "gb::Error", the
// strings of core/error_codes.h), the arguments filled in, and the file:line prefix in front.
#pragma once

#include "core/error.h"

#include <QString>

QString errorText(const gb::Error& e);
// The same for an English template kept apart from its Error (the reasons of skipped lines in a data
// description). A template the translation does not know stays English.
QString errorTemplateText(const std::string& englishTemplate, const gb::ErrorArgs& args);
