#pragma once

#include "model/capture/capture.h"
#include "model/diff/makespanattribution.h"
#include "model/diff/taskdiff.h"

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace lanescope {

// The task diff and the makespan attribution as `lanescope compare` prints them: JSON keys
// `task_diff` and `makespan_attribution`, and the lines of the plain-text summary. Times are µs in
// JSON and formatted through model/format/ in text, as the window formats them.
nlohmann::ordered_json taskDiffJson(const TaskDiff &diff, const Capture &after);
nlohmann::ordered_json makespanAttributionJson(const MakespanAttribution &attribution);

// "task diff: matched by identity …", then the functions that moved most and the largest bar
// changes, then the makespan change part by part. `functions` and `bars` cap the lists.
QStringList taskDiffLines(const TaskDiff &diff, const Capture &after, int functions = 5, int bars = 5);
QStringList makespanAttributionLines(const MakespanAttribution &attribution);

// The task whose row `row` of `c` is, as labels spell it ("r1t42").
QString taskOfRow(const Capture &c, std::uint32_t row);

} // namespace lanescope
