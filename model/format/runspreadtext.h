#pragma once

#include "model/techniques/capturecomparison.h"

#include <QString>
#include <optional>

namespace lanescope {

// A side's value over its repeated runs, wherever a person reads it (comparison table, CLI,
// reports): "12.3 µs (11.9 µs – 12.7 µs, 3 runs)", the median with the runs' smallest and
// largest value. With one run it is the value alone, as formatMetricValue writes it.
QString formatMetricRuns(std::optional<double> value, double min, double max, int runs, const QString &unit);

// Before's (`before` true) or After's value of a compared metric, with its runs' spread.
QString formatComparedSide(const MetricComparison &m, bool before);

} // namespace lanescope
