// tasknames.h — what the user reads for a built-in task. The core's task names ("copy", "reverse", …) stay
// identifiers (files, --task, the document); the UI shows these translated display names and descriptions.
#pragma once

#include <QString>

#include <string>

// The display name of the core task `name` ("reverse" → "umkehren" in German); an unknown name as it is.
QString taskDisplayName(const std::string& name);
// One line describing the task with an example; an unknown task's core description.
QString taskDescription(const std::string& name);
