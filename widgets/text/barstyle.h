#pragma once

#include "model/capture/capture.h"

#include <QRgb>
#include <QString>

namespace lanescope {

class TimelineIndex;

// What a task bar says: its function, its task id (rXtY), or both.
enum class BarLabelMode : std::uint8_t { Function, TaskId, Both };
// What a bar's colour tells: its function, its core type (AIC / AIV), or the scheduler phase.
enum class BarColourMode : std::uint8_t { Function, CoreType, Phase };

// The task row behind a bar of an AICore or Scheduler View lane, else null.
const TaskRow *taskRowOf(const Capture &capture, const Lane &lane, const Slice &slice);

QString barLabel(const Capture &capture, const Lane &lane, const Slice &slice, BarLabelMode mode);
QRgb barColour(const TimelineIndex &index, const Capture &capture, const Lane &lane, const Slice &slice,
               BarColourMode mode);

QRgb coreTypeColour(CoreType type);
// Bars whose colour carries nothing in the current mode.
QRgb neutralBarColour();
// The lighter head of an AICore bar: the receive -> start setup time.
QRgb setupHeadColour(QRgb barColour);

} // namespace lanescope
