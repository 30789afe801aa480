#pragma once

#include "model/session/capturedocument.h"

#include <QStringList>
#include <QTextStream>
#include <nlohmann/json.hpp>

namespace lanescope {

// `lanescope info PATH [--json]`: what was loaded. Exit 0 ok, 1 usage error, 2 unreadable input.
int runInfoCommand(const QStringList &args, QTextStream &out, QTextStream &err);

// What `info --json` prints for `run`, one of `document`'s runs: the verb and the MCP server's
// open_capture give the same object.
nlohmann::json captureInfoJson(const CaptureDocument &document, const Capture &run);

} // namespace lanescope
