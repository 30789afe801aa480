#pragma once

#include "model/capture/capture.h"

#include <QStringList>
#include <QTextStream>
#include <nlohmann/json.hpp>

namespace lanescope {

// `lanescope compare BEFORE AFTER [--technique ID] [--json] [-o REPORT.md|REPORT.html]
// [--sim before|after|both]`: the before/after confirmation of a technique (or "general").
// Exit 0 ok, 1 usage error (including an unknown technique), 2 unreadable input or unwritable report.
int runCompareCommand(const QStringList &args, QTextStream &out, QTextStream &err);

// What `compare BEFORE AFTER --technique ID --json` prints for one run on each side: the metrics
// with their verdicts, the guard's reasons and notes, the task diff and the makespan's attribution.
// The MCP server's compare gives it too. `technique` is a catalogue id or "general"; an unknown one
// gives null and the verb's one-line message in `*error`.
nlohmann::ordered_json compareRunsJson(const CapturePtr &before, const CapturePtr &after,
                                       const QString &technique, QString *error);

} // namespace lanescope
