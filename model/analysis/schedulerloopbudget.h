#pragma once

#include "analysisinput.h"

#include <QString>
#include <array>
#include <optional>
#include <vector>

namespace lanescope {

// The three phases that count as scheduler work in Part 5; everything else is idle there.
enum class LoopPhase { Complete, AsyncPoll, Dispatch };
constexpr int kLoopPhaseCount = 3;
const char *loopPhaseName(int phase);  // "complete", "async_poll", "dispatch"

struct SchedulerThreadBudget
{
    int thread = 0;                       // scheduler thread index (core_to_thread space)
    std::uint64_t loops = 0;
    std::uint64_t tasks = 0;              // logical tasks attributed to the thread
    std::array<double, kLoopPhaseCount> phaseUs = {0, 0, 0};
    double idleUs = 0;                    // gaps between work records
    double totalUs = 0;                   // phases + idle
    std::uint64_t finishes = 0;           // Σ tasks_processed of complete records
    std::uint64_t popHit = 0, popMiss = 0;
    std::uint64_t fanOutEdges = 0, fanInEdges = 0;
    std::optional<double> nsPerLoop;
};

struct PhaseShare
{
    double totalUs = 0;
    double pctOfTotal = 0;                // of Σ total_us over threads
    std::optional<double> avgPerTaskUs;   // phase total / Σ logical tasks
};

struct FanStats
{
    std::uint64_t outEdges = 0, inEdges = 0;
    std::uint64_t maxOutDegree = 0, maxInDegree = 0;
    std::optional<double> avgOut, avgIn;  // edges / Σ logical tasks
};

// Spec §12.2 Part 5 (level >= 3).
struct SchedulerLoopBudget
{
    std::vector<SchedulerThreadBudget> threads;  // threads with at least one work record
    std::uint64_t loops = 0;
    std::uint64_t tasks = 0;
    bool tasksFromFinishes = false;       // no row was attributable to a thread: tasks = finishes
    double totalUs = 0;                   // summed CPU time, can exceed wall time
    std::array<PhaseShare, kLoopPhaseCount> phases;
    double idleUs = 0;
    std::optional<double> popHitRatePct;
    std::optional<double> avgLoopUs;      // Σ total / Σ loops
    std::optional<double> detectionDelayLoops;  // mean tail (Part 4) / avg loop
    std::optional<FanStats> fan;          // needs the dependency graph
    QString dominantPhase;
};

// Scheduler records count when their start lies in `range`. Loops in a range are the increments of
// the loop counter past the last work record before the range, so the whole capture gives
// max(loop_iter) as the reference does. `meanTailUs` is Part 4's mean, when known.
// Returns nullopt when no thread has a work record.
std::optional<SchedulerLoopBudget> schedulerLoopBudget(const Capture &capture, const AnalysisInput &in,
                                                       std::optional<AnalysisRange> range,
                                                       std::optional<double> meanTailUs);

} // namespace lanescope
