#pragma once

#include "model/session/capturedocument.h"
#include "widgets/export/timelinepicture.h"

#include <QStringList>
#include <QTextStream>
#include <optional>

namespace lanescope {

// `lanescope export PATH -o OUT.png|OUT.svg [--range START_US:END_US] [--size WxH] [--all-lanes]`: a
// picture of the timeline, drawn by the same painter as the window. `args` are the arguments after
// "export". A range side may be left empty ("100:" or ":2500") to run to the capture's edge; without
// --size the picture is 1600 px wide and as tall as the lanes need. --all-lanes draws every lane of the
// layout the window opens with (its folded groups as one heading each) whatever the height of --size;
// a PNG taller than kMaxPngSidePx is refused. Prints the written path.
// The picture has a caption line (capture name, level, range) and the colour legend below the lanes.
// Exit 0 ok, 1 usage error, 2 bad input: the capture cannot be read, --range does not overlap it,
// or the picture cannot be written (one line on err saying why).
int runExportCommand(const QStringList &args, QTextStream &out, QTextStream &err);

// The picture `export` draws of `run`, one of `document`'s runs, from `startUs` to `endUs` (a side
// left out runs to the capture's edge, both the whole capture), at `size` or the default. Null,
// with the verb's one-line message in `*error`, when the range does not overlap the capture. The
// MCP server's render draws it too.
std::optional<TimelinePicture> exportPicture(const CaptureDocument &document, const Capture &run,
                                             const QString &captureName, std::optional<double> startUs,
                                             std::optional<double> endUs, std::optional<QSize> size,
                                             QString *error);

} // namespace lanescope
