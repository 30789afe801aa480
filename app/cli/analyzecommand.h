#pragma once

#include <QStringList>
#include <QTextStream>

namespace lanescope {

// `lanescope analyze PATH --json [--range START_US:END_US]`: the derived metrics of spec §12 as one
// JSON object. Exit 0 ok, 1 usage error, 2 unreadable input.
int runAnalyzeCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace lanescope
