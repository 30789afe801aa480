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

QString formatDuration(double us)
{
    if (!std::isfinite(us))
        return QStringLiteral("?");
    const TimeUnit unit = us == 0 ? TimeUnit::Us : naturalUnit(us);
    QString number = QString::number(us / unitScaleUs(unit), 'f', 3);
    while (number.endsWith(u'0'))
        number.chop(1);
    if (number.endsWith(u'.'))
        number.chop(1);
    if (number.startsWith(u'-') && number.toDouble() == 0)
        number.remove(0, 1);
    return number + u' ' + unitSuffix(unit);
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
    return unit == TimeUnit::Ns ? 1 : 3;
}

} // namespace lanescope
