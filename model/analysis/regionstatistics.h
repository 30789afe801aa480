#pragma once

#include "analysisinput.h"
#include "analysisrange.h"
#include "model/capture/capture.h"

#include <QString>
#include <array>
#include <optional>
#include <vector>

namespace lanescope {

// Time covered by the bars of one lane inside [startUs, endUs): the union of its non-instant
// slices (all nesting levels), clipped to the interval. Overlapping slices count once.
double laneBusyUs(const Lane &lane, double startUs, double endUs);

// The AICore engine a lane's bars run on (0 AIC, 1 AIV), or -1 for lanes that are not AICore
// cores: worker lanes by the core type the capture recorded, trace lanes by an "AIC"/"AIV" name.
int laneEngine(const Capture &capture, const Lane &lane);

struct LaneBusy
{
    int lane = -1; // Capture::lanes index
    double busyUs = 0;
    double busyPct = 0; // busyUs / region duration × 100
    // Host-clock lanes placed on the device axis with an uncertainty band (upstream §2): the least
    // and most busy time the region can hold wherever in the band the lane truly sits. Absent for
    // device lanes and exact placements.
    std::optional<std::pair<double, double>> busyRangeUs;
};

// The least and most of laneBusyUs(lane, startUs + s, endUs + s) over shifts s in [lowUs, highUs]:
// a lane whose true position is its drawn one moved by -s. Busy time is piecewise linear in s,
// bending where a region edge meets the edge of a covered run, so those shifts and the band's ends
// are enough.
std::pair<double, double> laneBusyRangeUs(const Lane &lane, double startUs, double endUs, double lowUs,
                                          double highUs);

struct EngineBusy
{
    int lanes = 0;      // core lanes of that engine
    double busyUs = 0;  // summed over its lanes
    double busyPct = 0; // busyUs / (lanes × duration) × 100
};

// What a measured time region of the timeline contains. Unlike the §12 figures over a region
// (analyze(capture, AnalysisRange), which select whole rows by their start), these clip: a bar
// that crosses an edge counts with its part inside.
struct RegionStatistics
{
    double startUs = 0;
    double endUs = 0;
    double durationUs = 0;
    // Logical tasks (rows folded by task id: min start, max end) whose start / end lies inside.
    // Captures without task rows (traces) count bars of the AICore-like lanes instead.
    bool countsTasks = true;
    std::size_t started = 0;
    std::size_t ended = 0;
    std::size_t running = 0;     // overlapping the region at all
    std::vector<LaneBusy> lanes; // every clock-aligned lane with bars, in capture order
    std::array<EngineBusy, kEngineCount> engines;
};

// Pure and deterministic; O(rows + slices). An empty or reversed range gives zero duration and
// zero percentages.
RegionStatistics regionStatistics(const Capture &capture, AnalysisRange range);

} // namespace lanescope
