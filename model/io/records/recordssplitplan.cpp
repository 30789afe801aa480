#include "recordssplitplan.h"

#include <algorithm>

namespace lanescope {

std::int64_t companionsAsRecordsBytes(std::int64_t depsBytes, std::int64_t scopeStatsBytes)
{
    constexpr std::int64_t kDepsBytesPerRecordsByte = 3;
    return depsBytes / kDepsBytesPerRecordsByte + scopeStatsBytes;
}

std::int64_t recordsSplitNear(std::int64_t recordsBytes, std::int64_t companions)
{
    constexpr std::int64_t kLeast = std::int64_t(32) << 20;
    if (recordsBytes - companions < kLeast)
        return -1;
    return std::max(recordsBytes / 2, companions);
}

} // namespace lanescope
