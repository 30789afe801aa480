#pragma once

#include "app/cli/runargument.h"

#include <QString>
#include <QTextStream>
#include <optional>

namespace lanescope {

// The input a verb opens for `path` (field spec §3). With `--window I`: window I's folder of the
// kernel-mode output folder `path` (the folder itself for 0), so that the verb works exactly as if
// that folder had been given. Without it: `path`, which opens as its first window, after a note on
// `err` ("3 DFX windows in this folder; using window 0 — --window to choose") when it holds several.
// Null, with a one-line message on `err`, when `path` has no such window or no windows at all.
std::optional<QString> chooseDfxWindow(const QString &path, const RunArgument &run, QTextStream &err);

} // namespace lanescope
