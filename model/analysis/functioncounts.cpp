#include "functioncounts.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <map>

namespace lanescope {

std::vector<FunctionCount> functionsByCount(const Capture &capture)
{
    std::map<int, std::size_t> counts;
    CancelPoints cancelPoints;
    for (const TaskRow &row : capture.rows) {
        cancelPoints.tick();
        ++counts[row.funcId];
    }
    std::vector<FunctionCount> byCount;
    byCount.reserve(counts.size());
    for (const auto &[funcId, rows] : counts)
        byCount.push_back({funcId, rows});
    cancellableStableSort(byCount.begin(), byCount.end(),
                          [](const FunctionCount &a, const FunctionCount &b) { return a.rows > b.rows; });
    return byCount;
}

} // namespace lanescope
