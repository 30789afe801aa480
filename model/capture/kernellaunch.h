#pragma once

#include <QString>
#include <algorithm>
#include <cstdint>
#include <vector>

namespace lanescope {

// One kernel launch of a DFX window (field supplement §3): launches in one window reuse task and
// register ids, so each is a run of its own. Its extent is an envelope, from its boundary to the
// last record observed in it, never a measured completion.
struct KernelLaunch
{
    std::uint64_t ordinal = 0; // k of its [k, start_cycles] boundary: the launch's place in its window
    double startUs = 0;        // the boundary, on the capture's axis
    double endUs = 0;          // the launch's last observed record; startUs when it has none
    std::uint64_t rows = 0;    // AICore rows
    std::uint64_t tasks = 0;   // distinct task ids among them
};

// Where a record falls among launches starting at `starts` (ascending): the number of launches that
// start at or before `t`, so that 0 is before the first launch and i + 1 is launch i. A record
// belongs to the latest launch that starts at or before it (field supplement §3).
template <typename Time> std::uint32_t launchPosition(const std::vector<Time> &starts, Time t)
{
    return std::uint32_t(std::upper_bound(starts.begin(), starts.end(), t) - starts.begin());
}

// "launch 2", after the ordinal the file gives it.
inline QString launchName(std::uint64_t ordinal)
{
    return QStringLiteral("launch %1").arg(ordinal);
}

} // namespace lanescope
