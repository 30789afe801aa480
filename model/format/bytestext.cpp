#include "bytestext.h"

#include <cstdlib>

namespace lanescope {

QString formatBytes(std::int64_t bytes)
{
    const double magnitude = std::abs(double(bytes));
    if (magnitude < 1024)
        return QStringLiteral("%1 B").arg(bytes);
    const char *units[] = {"KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes) / 1024;
    int unit = 0;
    while (std::abs(value) >= 1024 && unit < 3) {
        value /= 1024;
        ++unit;
    }
    // Whole multiples read without a decimal: the hints' sizes are mostly powers of two.
    const bool whole = value == double(std::int64_t(value));
    return QStringLiteral("%1 %2").arg(value, 0, 'f', whole ? 0 : 1).arg(QLatin1String(units[unit]));
}

} // namespace lanescope
