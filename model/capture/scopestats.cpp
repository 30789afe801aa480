#include "scopestats.h"

#include <algorithm>

namespace lanescope {

ScopeStats scopeStatsOfRun(const ScopeStats &all, std::optional<std::uint32_t> runEpoch)
{
    ScopeStats run = all;
    const bool anyEpoch = std::any_of(all.samples.begin(), all.samples.end(),
                                      [](const ScopeSample &s) { return s.hasRunEpoch; });
    if (!anyEpoch)
        return run; // no run identity anywhere: the whole file is the run
    run.samples.clear();
    for (const ScopeSample &s : all.samples)
        if (s.hasRunEpoch == runEpoch.has_value() && (!s.hasRunEpoch || s.runEpoch == *runEpoch))
            run.samples.push_back(s);
    return run;
}

std::vector<std::uint32_t> scopeStatsEpochs(const ScopeStats &stats)
{
    std::vector<std::uint32_t> epochs;
    for (const ScopeSample &s : stats.samples)
        if (s.hasRunEpoch)
            epochs.push_back(s.runEpoch);
    std::sort(epochs.begin(), epochs.end());
    epochs.erase(std::unique(epochs.begin(), epochs.end()), epochs.end());
    return epochs;
}

} // namespace lanescope
