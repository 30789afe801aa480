#include "ringpressure.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

namespace lanescope {

RingPressure ringPressure(const ScopeStats &stats)
{
    // Peak high water per ring and resource.
    std::array<std::array<double, 3>, 4> peak = {};
    // Pairs close within one run (supplement §9.4): the key is (run, ring, site).
    std::map<std::tuple<std::uint64_t, int, int>, std::vector<const ScopeSample *>> open;
    for (const ScopeSample &s : stats.samples) {
        if (s.ring < 0 || s.ring > 3)
            continue;
        auto &stack = open[{scopeRunKey(s), s.ring, s.site}];
        if (s.begin) {
            stack.push_back(&s);
            continue;
        }
        if (stack.empty())
            continue;
        const ScopeSample &b = *stack.back();
        stack.pop_back();
        auto &p = peak[std::size_t(s.ring)];
        p[0] = std::max(p[0], double(s.taskWindowEnd - b.taskWindowStart));
        p[1] = std::max(p[1], double(s.heapEnd) - double(b.heapStart));
        if (s.hasDepPool && b.hasDepPool)
            p[2] = std::max(p[2], double(s.depPoolEnd - b.depPoolStart));
    }

    RingPressure r;
    for (std::size_t ring = 0; ring < 4; ++ring) {
        const double capacity[3] = {double(stats.taskWindowMax[ring]), double(stats.heapMax[ring]),
                                    stats.hasDepPoolMax ? double(stats.depPoolMax[ring]) : 0.0};
        double ringSum = 0;
        bool used = false;
        for (std::size_t x = 0; x < 3; ++x) {
            if (capacity[x] <= 0)
                continue;
            r.anyCapacity = true;
            const double use = peak[ring][x] / capacity[x];
            r.use[ring][x] = use;
            r.maxUse = std::max(r.maxUse, use);
            ringSum += use;
            used = used || peak[ring][x] > 0;
        }
        r.ringsUsed += used ? 1 : 0;
        r.largestRingUse = std::max(r.largestRingUse, ringSum);
        r.totalUse += ringSum;
    }
    return r;
}

} // namespace lanescope
