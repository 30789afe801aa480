#include "functioncounts.h"

#include <algorithm>
#include <map>

namespace lanescope {

std::vector<FunctionCount> functionsByCount(const Capture &capture)
{
    std::map<int, std::size_t> counts;
    for (const TaskRow &row : capture.rows)
        ++counts[row.funcId];
    std::vector<FunctionCount> byCount;
    byCount.reserve(counts.size());
    for (const auto &[funcId, rows] : counts)
        byCount.push_back({funcId, rows});
    std::stable_sort(byCount.begin(), byCount.end(),
                     [](const FunctionCount &a, const FunctionCount &b) { return a.rows > b.rows; });
    return byCount;
}

} // namespace lanescope
