#pragma once

#include "model/format/durationtext.h"

#include <QString>

namespace lanescope {

// Time-axis labels. Durations for people (formatDuration) and the units come from the model, so
// the window, the command line and the reports write one time alike.

// `us` written in `unit` with exactly `decimals` decimals and its suffix: "12.50 µs". Never "-0".
QString formatTime(double us, TimeUnit unit, int decimals);

} // namespace lanescope
