#pragma once

#include "model/format/durationtext.h"

#include <QString>

namespace lanescope {

// Time-axis labels and table columns. Durations for people (formatDuration) and the units come from
// the model, so the window, the command line and the reports write one time alike.

// `us` written in `unit` with exactly `decimals` decimals and its suffix: "12.50 µs". Never "-0"
// (formatTime of a TimePrecision, durationtext.h).
QString formatTime(double us, TimeUnit unit, int decimals);

// A table column of times shows one unit (columnUnit of its values), named once in its header,
// so its numbers line up and compare at a glance: "Mean Δ (µs)" over "+2.500" and "−0.800".
enum class TimeSign { Negative, Always };
// The number alone, in `unit` with columnDecimals(unit) decimals; with TimeSign::Always a change,
// signed as formatDurationDelta signs it ("+2.500", "−0.800", "0.000"). Non-finite values are "–".
QString formatTimeCell(double us, TimeUnit unit, TimeSign sign = TimeSign::Negative);
// "Mean Δ (µs)".
QString timeColumnHeader(const QString &title, TimeUnit unit);

} // namespace lanescope
