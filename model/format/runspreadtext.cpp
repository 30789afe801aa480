#include "runspreadtext.h"

#include "metrictext.h"

namespace lanescope {

QString formatMetricRuns(std::optional<double> value, double min, double max, int runs, const QString &unit)
{
    const QString text = formatMetricValue(value, unit);
    if (!value || runs < 2)
        return text;
    return QStringLiteral("%1 (%2 – %3, %4 runs)")
        .arg(text, formatMetricValue(min, unit), formatMetricValue(max, unit))
        .arg(runs);
}

QString formatComparedSide(const MetricComparison &m, bool before)
{
    const std::optional<double> &value = before ? m.before : m.after;
    const std::optional<RunSpread> &spread = before ? m.beforeSpread : m.afterSpread;
    return spread ? formatMetricRuns(value, spread->min, spread->max, spread->runs, m.unit)
                  : formatMetricValue(value, m.unit);
}

} // namespace lanescope
