#pragma once

#include <QString>
#include <cstdint>

namespace lanescope {

// A byte count as a person reads it: "512 B", "4 KiB", "1.5 MiB" (binary units, as the compiler's
// thresholds are); negative counts keep their sign.
QString formatBytes(std::int64_t bytes);

} // namespace lanescope
