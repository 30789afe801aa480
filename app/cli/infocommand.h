#pragma once

#include <QStringList>
#include <QTextStream>

namespace lanescope {

// `lanescope info PATH [--json]`: what was loaded. Exit 0 ok, 1 usage error, 2 unreadable input.
int runInfoCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace lanescope
