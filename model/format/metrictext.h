#pragma once

#include <QString>
#include <optional>

namespace lanescope {

// How a confirmation metric reads wherever a person sees it: the comparison table, the techniques
// panel, `lanescope compare` and the Markdown/HTML reports all format through these, so one value
// reads the same everywhere. Times (unit "µs") in their natural unit ("22.941 ms"), shares (unit
// "share", 0..1) as percentages, counts as whole numbers, other values to four significant digits;
// ratios and flags without a unit. An absent or non-finite value is "–".
QString formatMetricValue(std::optional<double> value, const QString &unit);

// A difference after − before, signed: "+1.2 µs", "−3 tasks", "+4.1 pp" for shares.
QString formatMetricDelta(std::optional<double> delta, const QString &unit);

// The delta with its relative change when known: "−1.536 ms (−12.5 %)".
QString formatMetricChange(std::optional<double> delta, std::optional<double> relative, const QString &unit);

// A duration's change, signed, as the task diff shows it everywhere: "+2.5 µs", "−1.36 ms", "0 µs".
QString formatDurationDelta(double us);
// From `beforeUs` to `afterUs`, with the change relative to Before when Before is not zero:
// "+8 µs (+200.0 %)".
QString formatDurationChange(double beforeUs, double afterUs);

} // namespace lanescope
