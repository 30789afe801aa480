#pragma once

#include <QString>
#include <optional>

namespace lanescope {

// How a confirmation metric value reads in the panels: times in their natural unit, counts as
// whole numbers, shares (unit "share", 0..1) as percentages, ratios with three significant digits.
QString formatMetricValue(std::optional<double> value, const QString &unit);
// A difference after − before, signed: "+1.2 µs", "−3 tasks", "+4.1 pp" for shares.
QString formatMetricDelta(std::optional<double> delta, const QString &unit);

} // namespace lanescope
