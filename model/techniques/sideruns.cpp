#include "sideruns.h"

namespace lanescope {

std::vector<ComparedRun> SideRuns::compared() const
{
    std::vector<ComparedRun> out;
    out.reserve(runs.size());
    for (std::size_t k = 0; k < runs.size() && k < metrics.size(); ++k)
        out.push_back({runs[k].get(), &metrics[k]});
    return out;
}

std::optional<SideRuns> measureRuns(std::vector<CapturePtr> runs, const CancelCheck &cancelled)
{
    SideRuns side;
    side.metrics.reserve(runs.size());
    for (const CapturePtr &run : runs) {
        if (cancelled())
            return std::nullopt;
        side.metrics.push_back(computeMetrics(*run, std::nullopt, cancelled));
    }
    if (cancelled())
        return std::nullopt;
    side.runs = std::move(runs);
    return side;
}

} // namespace lanescope
