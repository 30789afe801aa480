#pragma once

#include <QString>
#include <cstdint>
#include <vector>

namespace lanescope {

// A byte count as a person reads it: "512 B", "4 KiB", "1.5 MiB" (binary units, as the compiler's
// thresholds are); negative counts keep their sign.
QString formatBytes(std::int64_t bytes);

// A table column of byte counts shows one unit, named once in its header ("Moves (KiB)"), so its
// numbers line up and compare at a glance, as time columns do (timeformat.h).
enum class ByteUnit { B, KiB, MiB, GiB, TiB };
QString byteUnitSuffix(ByteUnit unit); // "B", "KiB", …
// The unit of the column's middle value (the median of the magnitudes): B for an empty column.
ByteUnit byteColumnUnit(const std::vector<std::int64_t> &values);
// The count alone in `unit`: whole bytes without decimals, larger units with one ("1.5", "0.3").
QString formatBytesCell(std::int64_t bytes, ByteUnit unit);
// "Moves (KiB)".
QString bytesColumnHeader(const QString &title, ByteUnit unit);

} // namespace lanescope
