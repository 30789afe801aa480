#pragma once

#include <QStringList>
#include <QTextStream>

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

} // namespace lanescope
