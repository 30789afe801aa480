#include "widgets/text/timeformat.h"

#include <cmath>

namespace lanescope {

namespace {

// The digits of `us` in `unit`, without sign.
QString magnitudeIn(double us, TimeUnit unit, int decimals)
{
    return QString::number(std::abs(us) / unitScaleUs(unit), 'f', decimals);
}

} // namespace

QString formatTime(double us, TimeUnit unit, int decimals)
{
    return formatTime(us, TimePrecision{unit, decimals});
}

QString formatTimeCell(double us, TimeUnit unit, TimeSign sign)
{
    if (!std::isfinite(us))
        return QStringLiteral("–");
    const QString digits = magnitudeIn(us, unit, columnDecimals(unit));
    // What rounds to zero reads as zero, unsigned, whichever side it came from.
    if (digits.toDouble() == 0)
        return digits;
    if (us < 0)
        return (sign == TimeSign::Always ? QStringLiteral("−") : QStringLiteral("-")) + digits;
    return sign == TimeSign::Always ? u'+' + digits : digits;
}

QString timeColumnHeader(const QString &title, TimeUnit unit)
{
    return QStringLiteral("%1 (%2)").arg(title, unitSuffix(unit));
}

} // namespace lanescope
