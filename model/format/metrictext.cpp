#include "metrictext.h"

#include "durationtext.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

bool isTime(const QString &unit)
{
    return unit == QStringLiteral("µs") || unit == QStringLiteral("us");
}
bool isShare(const QString &unit)
{
    return unit == QStringLiteral("share");
}
bool isPercent(const QString &unit)
{
    return unit == QStringLiteral("%");
}
bool isUnitless(const QString &unit)
{
    return unit.isEmpty() || unit == QStringLiteral("ratio") || unit == QStringLiteral("flag");
}

QString minusSign()
{
    return QStringLiteral("−");
}

// Four significant digits, never in exponent form: a person compares these by eye. Below a
// billionth a value is rounding, not a measurement, and reads 0.
QString plainNumber(double v)
{
    const double a = std::abs(v);
    if (v == std::floor(v) && a < 1e15)
        return QString::number(qlonglong(v));
    if (a >= 1e15)
        return QString::number(v, 'f', 0);
    if (a < 1e-9)
        return QStringLiteral("0");
    const int decimals = std::clamp(3 - int(std::floor(std::log10(a))), 0, 12);
    QString number = QString::number(v, 'f', decimals);
    if (number.contains(u'.')) {
        while (number.endsWith(u'0'))
            number.chop(1);
        if (number.endsWith(u'.'))
            number.chop(1);
    }
    return number;
}

QString percent(double v)
{
    return QString::number(v, 'f', 1) + QStringLiteral(" %");
}

// A value ≥ 0 in the metric's unit.
QString magnitude(double v, const QString &unit)
{
    if (isTime(unit))
        return formatDuration(v);
    if (isShare(unit))
        return percent(v * 100.0);
    if (isPercent(unit))
        return percent(v);
    const QString number = plainNumber(v);
    if (isUnitless(unit))
        return number;
    // Count units are plurals ("tasks", "rings"); exactly one of them reads in the singular.
    if (v == 1.0 && unit.size() > 1 && unit.endsWith(u's'))
        return number + u' ' + unit.chopped(1);
    return number + u' ' + unit;
}

QString signOf(double v)
{
    return v > 0 ? QStringLiteral("+") : v < 0 ? minusSign() : QString();
}

} // namespace

QString formatMetricValue(std::optional<double> value, const QString &unit)
{
    if (!value || !std::isfinite(*value))
        return QStringLiteral("–");
    if (*value < 0)
        return minusSign() + magnitude(-*value, unit);
    return magnitude(*value, unit);
}

QString formatMetricDelta(std::optional<double> delta, const QString &unit)
{
    if (!delta || !std::isfinite(*delta))
        return QStringLiteral("–");
    const double v = *delta;
    // A share's difference is in percentage points, not a percentage of anything.
    const QString body = isShare(unit) ? QString::number(std::abs(v) * 100.0, 'f', 1) + QStringLiteral(" pp")
                         : isPercent(unit) ? QString::number(std::abs(v), 'f', 1) + QStringLiteral(" pp")
                                           : magnitude(std::abs(v), unit);
    // A change too small to show reads as none: "0 ns", never "−0 ns".
    const bool readsZero =
        std::none_of(body.begin(), body.end(), [](QChar c) { return c.isDigit() && c != u'0'; });
    return (readsZero ? QString() : signOf(v)) + body;
}

QString formatMetricChange(std::optional<double> delta, std::optional<double> relative, const QString &unit)
{
    QString text = formatMetricDelta(delta, unit);
    if (delta && std::isfinite(*delta) && relative && std::isfinite(*relative))
        text += QStringLiteral(" (%1%2 %)")
                    .arg(signOf(*relative), QString::number(std::abs(*relative) * 100.0, 'f', 1));
    return text;
}

QString formatDurationDelta(double us)
{
    return formatMetricDelta(us, QStringLiteral("µs"));
}

QString formatDurationChange(double beforeUs, double afterUs)
{
    const double delta = afterUs - beforeUs;
    return formatMetricChange(
        delta, beforeUs != 0 ? std::optional<double>(delta / std::abs(beforeUs)) : std::nullopt,
        QStringLiteral("µs"));
}

} // namespace lanescope
