#include "metrictext.h"

#include "timeformat.h"

#include <QLocale>
#include <cmath>

namespace lanescope {

namespace {

bool isTime(const QString &unit) { return unit == QStringLiteral("µs") || unit == QStringLiteral("us"); }
bool isShare(const QString &unit) { return unit == QStringLiteral("share"); }
bool isPercent(const QString &unit) { return unit == QStringLiteral("%"); }

QString plainNumber(double v)
{
    if (v == std::floor(v) && std::abs(v) < 1e15)
        return QLocale::c().toString(qlonglong(v));
    return QString::number(v, 'g', 4);
}

QString magnitude(double v, const QString &unit)
{
    if (isTime(unit))
        return formatDuration(v);
    if (isShare(unit))
        return QString::number(v * 100.0, 'f', 1) + QStringLiteral(" %");
    if (isPercent(unit))
        return QString::number(v, 'f', 1) + QStringLiteral(" %");
    const QString number = plainNumber(v);
    return unit.isEmpty() || unit == QStringLiteral("ratio") ? number : number + u' ' + unit;
}

} // namespace

QString formatMetricValue(std::optional<double> value, const QString &unit)
{
    if (!value || !std::isfinite(*value))
        return QStringLiteral("–");
    return magnitude(*value, unit);
}

QString formatMetricDelta(std::optional<double> delta, const QString &unit)
{
    if (!delta || !std::isfinite(*delta))
        return QStringLiteral("–");
    const double v = *delta;
    const QString sign = v > 0 ? QStringLiteral("+") : v < 0 ? QStringLiteral("−") : QString();
    if (isShare(unit))
        return sign + QString::number(std::abs(v) * 100.0, 'f', 1) + QStringLiteral(" pp");
    if (isPercent(unit))
        return sign + QString::number(std::abs(v), 'f', 1) + QStringLiteral(" pp");
    return sign + magnitude(std::abs(v), unit);
}

} // namespace lanescope
