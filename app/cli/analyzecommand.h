#pragma once

#include "model/analysis/analysisrange.h"
#include "model/session/capturedocument.h"

#include <QStringList>
#include <QTextStream>
#include <nlohmann/json.hpp>
#include <optional>

namespace lanescope {

// `lanescope analyze PATH --json [--range START_US:END_US]`: the derived metrics of spec §12 as one
// JSON object. Exit 0 ok, 1 usage error, 2 unreadable input.
int runAnalyzeCommand(const QStringList &args, QTextStream &out, QTextStream &err);

// What `analyze --json` prints for `run`, one of `document`'s runs, over `range` (all of it when
// absent): the verb and the MCP server's analyze give the same object.
nlohmann::ordered_json analyzeJson(const CaptureDocument &document, const Capture &run,
                                   const std::optional<AnalysisRange> &range);

} // namespace lanescope
