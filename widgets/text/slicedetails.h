#pragma once

#include "model/capture/capture.h"

#include <QString>
#include <QStringList>

namespace lanescope {

// Everything the timeline can say about one bar, as tooltip lines and as the details panel's HTML.

// A task's four timestamps, its gaps (pickup = start - dispatch, kernel = end - start,
// tail = finish - end) and its ids; "not captured" where the level lacks AICPU data.
QStringList taskTimingLines(const TaskRow &row);
QStringList taskIdLines(const Capture &capture, const TaskRow &row);

// What a trace slice carries beyond its times: its run epoch and the kept args
// (Capture::traceSliceArgs, e.g. scheduler-duration-us), as "key: value" lines. Empty for other lanes.
QStringList traceSliceLines(const Capture &capture, const Lane &lane, const Slice &slice);

// How tooltips and the details panel name a lane: "Group / lane", then the lane's detail when it has
// one (an A5 AICore lane's worker and physical core, Lane::detail).
QStringList laneTitleLines(const Lane &lane);

// Rich text for the details panel. Predecessors and successors link as "task:<decimal id>".
QString sliceDetailsHtml(const Capture &capture, const Lane &lane, const Slice &slice);

// The task id a "task:<n>" link refers to, if it is one.
std::optional<std::uint64_t> taskOfLink(const QString &link);

} // namespace lanescope
