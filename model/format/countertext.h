#pragma once

#include "model/capture/lane.h"

#include <QString>

namespace lanescope {

// How a counter's amounts read wherever a person sees them: the lane's header and tooltip, the
// Rings panel, the command line. Each quantity has one unit everywhere (CounterUnit): bytes in MiB
// with one decimal, as the scope-stats plot shows a heap, counts as plain numbers. Always
// fixed-point, never an exponent.

// The unit's name ("MiB"); empty for plain counts.
QString counterUnitSuffix(CounterUnit unit);
// The number alone, in the unit: "57.9" (bytes), "12" or "2.5" (counts).
QString formatCounterAmount(double value, CounterUnit unit);
// With its unit: "57.9 MiB", "12".
QString formatCounterValue(double value, CounterUnit unit);
// How much of a capacity a value takes, in percent with one decimal: "22.6". Empty without a
// capacity above zero.
QString capacityPercentText(double value, double capacity);

// The line under a counter lane's name: "peak 57.9 MiB · 22.6% of 256.0 MiB" for a track with a
// capacity, "0 – 12" (the range of its values) for others.
QString counterScaleText(const CounterTrack &counter, double lowest, double highest);

} // namespace lanescope
