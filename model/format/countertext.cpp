#include "countertext.h"

#include "bytestext.h"

#include <cmath>

namespace lanescope {

QString counterUnitSuffix(CounterUnit unit)
{
    return unit == CounterUnit::Bytes ? byteUnitSuffix(ByteUnit::MiB) : QString();
}

QString formatCounterAmount(double value, CounterUnit unit)
{
    if (!std::isfinite(value))
        return QStringLiteral("?");
    if (unit == CounterUnit::Bytes)
        return formatBytesCell(std::llround(value), ByteUnit::MiB);
    // Counts are mostly whole; a recorded counter may hold fractions, kept to a thousandth.
    QString number = QString::number(value, 'f', 3);
    while (number.endsWith(u'0'))
        number.chop(1);
    if (number.endsWith(u'.'))
        number.chop(1);
    if (number == QStringLiteral("-0"))
        number = QStringLiteral("0");
    return number;
}

QString formatCounterValue(double value, CounterUnit unit)
{
    const QString suffix = counterUnitSuffix(unit);
    const QString amount = formatCounterAmount(value, unit);
    return suffix.isEmpty() ? amount : amount + u' ' + suffix;
}

QString capacityPercentText(double value, double capacity)
{
    if (!(capacity > 0))
        return {};
    return QString::number(100.0 * value / capacity, 'f', 1);
}

QString counterScaleText(const CounterTrack &counter, double lowest, double highest)
{
    if (counter.capacity && *counter.capacity > 0)
        return QStringLiteral("peak %1 · %2% of %3")
            .arg(formatCounterValue(highest, counter.unit), capacityPercentText(highest, *counter.capacity),
                 formatCounterValue(*counter.capacity, counter.unit));
    return QStringLiteral("%1 – %2").arg(formatCounterValue(lowest, counter.unit),
                                         formatCounterValue(highest, counter.unit));
}

} // namespace lanescope
