#pragma once

#include "analysisinput.h"
#include "model/capture/schedulerrole.h"

#include <QString>
#include <array>
#include <optional>
#include <vector>

namespace lanescope {

// The phases that count as scheduler work in Part 5, in report order: supplement §6.2 OUTER, then
// resolve (a Resolve nested in a complete/dummy is part of that bar and does not count). The older
// reference (spec §12.2) counted complete, async_poll and dispatch only and took the rest as idle.
enum class LoopPhase {
    Complete,
    AsyncPoll,
    StateProbe,
    Dispatch,
    Worksteal,
    Refill,
    Release,
    Dummy,
    EarlyDispatch,
    Drain,
    GraphPrepare,
    Resolve,
};
constexpr int kLoopPhaseCount = 12;
const char *loopPhaseName(int phase); // "complete", "async_poll", … the wire names

struct SchedulerThreadBudget
{
    int thread = 0; // scheduler thread index (core_to_thread space)
    SchedulerRole role = SchedulerRole::Scheduler;
    std::uint64_t loops = 0;
    std::uint64_t tasks = 0; // logical tasks attributed to the thread
    std::array<double, kLoopPhaseCount> phaseUs = {};
    std::array<bool, kLoopPhaseCount> phaseSeen = {};
    double idleUs = 0;          // gaps between work records
    double totalUs = 0;         // phases + idle
    std::uint64_t finishes = 0; // Σ tasks_processed of complete records
    std::uint64_t popHit = 0, popMiss = 0;
    std::uint64_t fanOutEdges = 0, fanInEdges = 0;
    std::optional<double> nsPerLoop;
};

struct PhaseShare
{
    bool seen = false; // some thread had a record of the phase: only these are reported
    double totalUs = 0;
    double pctOfTotal = 0;              // of Σ total_us over threads
    std::optional<double> avgPerTaskUs; // phase total / Σ logical tasks
};

struct FanStats
{
    std::uint64_t outEdges = 0, inEdges = 0;
    std::uint64_t maxOutDegree = 0, maxInDegree = 0;
    std::optional<double> avgOut, avgIn; // edges / Σ logical tasks
};

// The S SUM / P SUM lines: sums over the threads of one role, present when their loops sum above 0.
struct RoleSum
{
    std::uint64_t loops = 0;
    std::uint64_t tasks = 0;
    double totalUs = 0;
    double nsPerLoop = 0; // 1000 · Σ total / Σ loops
};

// Part 5 for an AICPU producer as the newest reference computes it (supplement §6.2), level >= 3.
struct SchedulerLoopBudget
{
    std::vector<SchedulerThreadBudget> threads; // threads with at least one work record
    std::optional<RoleSum> schedulerSum;        // "S SUM"
    std::optional<RoleSum> resolveSum;          // "P SUM"
    std::uint64_t loops = 0;
    std::uint64_t tasks = 0;
    bool tasksFromFinishes = false; // no row was attributable to a thread: tasks = finishes
    double totalUs = 0;             // summed CPU time, can exceed wall time
    std::array<PhaseShare, kLoopPhaseCount> phases;
    double idleUs = 0;
    std::optional<double> popHitRatePct;
    std::optional<double> avgLoopUs;           // Σ total / Σ loops over S threads only
    std::optional<double> detectionDelayLoops; // mean tail (Part 4) / avg loop
    std::optional<FanStats> fan;               // needs the dependency graph
    QString dominantPhase;                     // argmax of the phase totals, idle excluded
};

// Scheduler records count when their start lies in `range`. Loops in a range are the increments of
// the loop counter past the last work record before the range, so the whole capture gives
// max(loop_iter) as the reference does. `meanTailUs` is Part 4's mean, when known.
// Returns nullopt when no thread has a work record.
std::optional<SchedulerLoopBudget> schedulerLoopBudget(const Capture &capture, const AnalysisInput &in,
                                                       std::optional<AnalysisRange> range,
                                                       std::optional<double> meanTailUs);

} // namespace lanescope
