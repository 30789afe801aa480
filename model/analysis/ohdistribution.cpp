#include "ohdistribution.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

Distribution distributionOf(std::vector<double> values)
{
    Distribution d;
    d.n = values.size();
    if (values.empty())
        return d;
    const std::size_t n = values.size();
    for (double v : values)
        d.totalUs += v;
    // Each percentile is the k-th smallest value: selected, not sorted for. The percentiles ascend,
    // so each selection only looks at what lies above the previous one.
    auto from = values.begin();
    for (std::size_t i = 0; i < Distribution::kPercentiles.size(); ++i) {
        // Integer arithmetic for floor(n·p/100): exact, where n·p/100.0 could round down wrongly.
        const std::size_t k = std::min(n * std::size_t(Distribution::kPercentiles[i]) / 100, n - 1);
        const auto kth = values.begin() + std::ptrdiff_t(k);
        if (kth >= from) {
            std::nth_element(from, kth, values.end());
            from = kth;
        }
        d.percentileUs[i] = *kth;
        throwIfCancelled();
    }
    d.maxUs = *std::max_element(from, values.end());
    d.meanUs = d.totalUs / double(n);
    return d;
}

std::vector<double> headOverheads(const AnalysisInput &in)
{
    std::vector<double> heads;
    heads.reserve(in.rows.size());
    for (const AnalysisInput::CoreRun &run : in.coreRuns) {
        for (std::uint32_t i = run.first; i < run.last; ++i) {
            const TaskRow &r = *in.rows[in.byCore[i]];
            double head = r.startUs - r.dispatchUs;
            if (i > run.first)
                head = std::min(head, r.startUs - in.rows[in.byCore[i - 1]]->endUs);
            heads.push_back(std::max(0.0, head));
        }
    }
    return heads;
}

std::vector<double> tailOverheads(const AnalysisInput &in)
{
    CancelPoints cancelPoints;
    std::vector<double> tails;
    tails.reserve(in.rows.size());
    for (const TaskRow *r : in.rows) {
        cancelPoints.tick();
        tails.push_back(std::max(0.0, r->finishUs - r->endUs));
    }
    return tails;
}

} // namespace lanescope
