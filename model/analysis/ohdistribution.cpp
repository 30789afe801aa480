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
    cancellableSort(values.begin(), values.end());
    const std::size_t n = values.size();
    for (std::size_t i = 0; i < Distribution::kPercentiles.size(); ++i) {
        // Integer arithmetic for floor(n·p/100): exact, where n·p/100.0 could round down wrongly.
        const std::size_t k = std::min(n * std::size_t(Distribution::kPercentiles[i]) / 100, n - 1);
        d.percentileUs[i] = values[k];
    }
    d.maxUs = values.back();
    for (double v : values)
        d.totalUs += v;
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
