#pragma once

#include <QStringList>
#include <QTextStream>

namespace lanescope {

// `lanescope compare BEFORE AFTER [--technique ID] [--json] [-o REPORT.md|REPORT.html]
// [--sim before|after|both]`: the before/after confirmation of a technique (or "general").
// Exit 0 ok, 1 usage error (including an unknown technique), 2 unreadable input or unwritable report.
int runCompareCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace lanescope
