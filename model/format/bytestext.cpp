#include "bytestext.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace lanescope {

namespace {

constexpr const char *kSuffixes[] = {"B", "KiB", "MiB", "GiB", "TiB"};

// The largest unit in which `magnitude` is at least one.
ByteUnit naturalByteUnit(double magnitude)
{
    int unit = 0;
    while (magnitude >= 1024 && unit < int(ByteUnit::TiB)) {
        magnitude /= 1024;
        ++unit;
    }
    return ByteUnit(unit);
}

double unitBytes(ByteUnit unit)
{
    return std::pow(1024.0, int(unit));
}

} // namespace

QString formatBytes(std::int64_t bytes)
{
    const ByteUnit unit = naturalByteUnit(std::abs(double(bytes)));
    if (unit == ByteUnit::B)
        return QStringLiteral("%1 B").arg(bytes);
    const double value = double(bytes) / unitBytes(unit);
    // Whole multiples read without a decimal: the hints' sizes are mostly powers of two.
    const bool whole = value == double(std::int64_t(value));
    return QStringLiteral("%1 %2").arg(value, 0, 'f', whole ? 0 : 1).arg(byteUnitSuffix(unit));
}

QString byteUnitSuffix(ByteUnit unit)
{
    return QLatin1String(kSuffixes[int(unit)]);
}

ByteUnit byteColumnUnit(const std::vector<std::int64_t> &values)
{
    if (values.empty())
        return ByteUnit::B;
    std::vector<double> magnitudes;
    magnitudes.reserve(values.size());
    for (const std::int64_t v : values)
        magnitudes.push_back(std::abs(double(v)));
    const auto middle = magnitudes.begin() + std::ptrdiff_t(magnitudes.size() / 2);
    std::nth_element(magnitudes.begin(), middle, magnitudes.end());
    return naturalByteUnit(*middle);
}

QString formatBytesCell(std::int64_t bytes, ByteUnit unit)
{
    if (unit == ByteUnit::B)
        return QString::number(bytes);
    const double value = double(bytes) / unitBytes(unit);
    // Never "-0.0": a count too small to show in the unit reads as zero.
    const double shown = std::abs(value) < 0.05 ? 0.0 : value;
    return QString::number(shown, 'f', 1);
}

QString bytesColumnHeader(const QString &title, ByteUnit unit)
{
    return QStringLiteral("%1 (%2)").arg(title, byteUnitSuffix(unit));
}

} // namespace lanescope
