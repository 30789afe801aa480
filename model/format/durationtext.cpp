#include "durationtext.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

double unitScaleUs(TimeUnit unit)
{
    switch (unit) {
    case TimeUnit::Ns:
        return 1e-3;
    case TimeUnit::Us:
        return 1.0;
    case TimeUnit::Ms:
        return 1e3;
    case TimeUnit::S:
        return 1e6;
    }
    return 1.0;
}

TimeUnit naturalUnit(double magnitudeUs)
{
    const double m = std::abs(magnitudeUs);
    if (m < 1.0)
        return TimeUnit::Ns;
    if (m < 1e3)
        return TimeUnit::Us;
    if (m < 1e6)
        return TimeUnit::Ms;
    return TimeUnit::S;
}

QString unitSuffix(TimeUnit unit)
{
    switch (unit) {
    case TimeUnit::Ns:
        return QStringLiteral("ns");
    case TimeUnit::Us:
        return QStringLiteral("µs");
    case TimeUnit::Ms:
        return QStringLiteral("ms");
    case TimeUnit::S:
        return QStringLiteral("s");
    }
    return {};
}

int maxTimeDecimals(TimeUnit unit)
{
    return unit == TimeUnit::Ns ? 1 : 3;
}

namespace {

// The decimals `value` needs in `unit`, up to `most`: those left once trailing zeros are dropped.
int decimalsNeeded(double us, TimeUnit unit, int most)
{
    const QString number = QString::number(std::abs(us) / unitScaleUs(unit), 'f', most);
    const qsizetype point = number.indexOf(u'.');
    if (point < 0)
        return 0;
    qsizetype last = number.size() - 1;
    while (last > point && number[last] == u'0')
        --last;
    return int(last - point);
}

} // namespace

TimePrecision sharedTimePrecision(const std::vector<double> &valuesUs)
{
    double largest = 0;
    for (const double v : valuesUs)
        if (std::isfinite(v))
            largest = std::max(largest, std::abs(v));
    TimePrecision precision;
    precision.unit = largest == 0 ? TimeUnit::Us : naturalUnit(largest);
    const int most = maxTimeDecimals(precision.unit);
    for (const double v : valuesUs)
        if (std::isfinite(v))
            precision.decimals = std::max(precision.decimals, decimalsNeeded(v, precision.unit, most));
    return precision;
}

TimePrecision stepTimePrecision(double stepUs, double magnitudeUs)
{
    // The fewest decimals that write a multiple of the step exactly in `unit` (1, 2 or 5 × 10^k
    // steps need as many as the step's leading digit sits below the point).
    const auto decimalsFor = [stepUs](TimeUnit unit) {
        const double inUnit = std::abs(stepUs) / unitScaleUs(unit);
        if (!(inUnit > 0) || !std::isfinite(inUnit))
            return 0;
        for (int d = 0; d < 12; ++d) {
            const double scaled = inUnit * std::pow(10.0, d);
            const double whole = std::round(scaled);
            if (whole >= 1 && std::abs(scaled - whole) <= 1e-6 * scaled)
                return d;
        }
        return 12;
    };
    TimeUnit unit = naturalUnit(magnitudeUs);
    while (unit != TimeUnit::Ns && decimalsFor(unit) > 3)
        unit = TimeUnit(int(unit) - 1);
    return {unit, decimalsFor(unit)};
}

QString formatTime(double us, TimePrecision precision)
{
    if (!std::isfinite(us))
        return QStringLiteral("?");
    // 'f' never writes an exponent, however large or small the value.
    QString number = QString::number(us / unitScaleUs(precision.unit), 'f', precision.decimals);
    // A value that rounds to zero from below would read "-0.00".
    if (number.startsWith(u'-') && number.toDouble() == 0)
        number.remove(0, 1);
    return number + u' ' + unitSuffix(precision.unit);
}

QStringList formatTimes(const std::vector<double> &valuesUs)
{
    const TimePrecision precision = sharedTimePrecision(valuesUs);
    QStringList texts;
    for (const double v : valuesUs)
        texts << formatTime(v, precision);
    return texts;
}

QString formatDuration(double us)
{
    if (!std::isfinite(us))
        return QStringLiteral("?");
    return formatTime(us, sharedTimePrecision({us}));
}

TimeUnit columnUnit(std::vector<double> valuesUs)
{
    std::vector<double> magnitudes;
    for (const double v : valuesUs)
        if (std::isfinite(v))
            magnitudes.push_back(std::abs(v));
    if (magnitudes.empty())
        return TimeUnit::Us;
    const auto middle = magnitudes.begin() + std::ptrdiff_t(magnitudes.size() / 2);
    std::nth_element(magnitudes.begin(), middle, magnitudes.end());
    return *middle == 0 ? TimeUnit::Us : naturalUnit(*middle);
}

int columnDecimals(TimeUnit unit)
{
    return maxTimeDecimals(unit);
}

} // namespace lanescope
