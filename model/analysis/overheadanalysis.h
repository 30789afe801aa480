#pragma once

#include "analysisinput.h"
#include "model/capture/lane.h"

#include <QString>
#include <array>
#include <functional>
#include <vector>

namespace lanescope {

// The state of the Part 1 model on one half-open segment of the window (spec §12.2 Part 1).
struct OverheadState
{
    std::array<int, kEngineCount> idle = {0, 0};    // k - running
    std::array<int, kEngineCount> waiting = {0, 0}; // tasks ready but not yet dispatched
    std::array<bool, kEngineCount> overhead = {false, false};
    bool all = false; // every present engine is in overhead
    bool has = false; // some engine has waiting work, and every such engine has an idle core
};

// Makes the input's sweep events (AnalysisInput::sweepEvents), which the first sweep would make:
// an input shared between threads must have them before any thread sweeps it.
void prepareOverheadSweep(const AnalysisInput &in);

// Walks the sorted endpoints of every (clamped) running and waiting interval and calls `segment`
// once per half-open segment [a, b) of [w0, w1) with the state that holds on it. O(n log n).
void sweepOverhead(const AnalysisInput &in,
                   const std::function<void(double a, double b, const OverheadState &)> &segment);

struct EngineOverhead
{
    bool present = false; // the engine has rows
    int cores = 0;        // k: distinct core ids of that type among the rows
    double overheadUs = 0;
    double pct = 0; // of the makespan
};

// Spec §12.2 Part 1: idle with ready work.
struct OverheadFigures
{
    double w0Us = 0, w1Us = 0, makespanUs = 0;
    std::array<EngineOverhead, kEngineCount> engines;
    double allUs = 0, allPct = 0;
    double hasUs = 0, hasPct = 0;
    QString verdict;
    // Merged intervals where waiting_ty > 0, per engine (Part 2 splits switch gaps on them).
    std::array<std::vector<std::pair<double, double>>, kEngineCount> waitingIntervals;
};

// Verdict on has%: >= 25 "SCHEDULER-BOUND"; >= 8 "PARTIALLY SCHEDULER-LIMITED"; else
// "COMPUTE/DEPENDENCY-BOUND".
QString overheadVerdict(double hasPct);

// Needs rows with dispatch (level >= 2) and the dependency graph; the caller checks both.
OverheadFigures overheadFigures(const AnalysisInput &in);

// Spec §12.3: the same model sampled at its breakpoints, only value changes kept, as counter tracks
// a timeline can draw, in the converter's order (oh_<ty>_idle, oh_<ty>_ready, oh_<ty>_overhead per
// present engine, then oh_all_overhead and oh_has_overhead) but named for people: "AIC idle cores",
// "AIC ready tasks waiting", "AIC overhead (idle with ready work)", "Overhead (every engine)",
// "Overhead (engines with ready work)". The last point of each track is at w1. Like Part 1 it needs
// the dependency graph (without one every task is a root: nothing ever waits, no overhead shows).
std::vector<CounterTrack> overheadCounterTracks(const AnalysisInput &in);

} // namespace lanescope
