#pragma once

#include "model/diff/taskdiff.h"

#include <QString>

namespace lanescope {

// How a task diff's match reads wherever a person sees it (the Diff tab, `lanescope compare` and
// `diff`, the reports), so that the three say it in the same words.

// "matched by identity", "matched by function: only 512 of 2048 bars have a counterpart …".
QString formatDiffMatch(const TaskDiff &diff);
// "bars: 39 matched, 1 added, 1 removed; tasks: 39 matched, 1 added, 1 removed".
QString formatDiffCounts(const TaskDiff &diff);

} // namespace lanescope
