#pragma once

#include "corelayout.h"
#include "simulatedrun.h"
#include "workload.h"

#include <cstdint>

namespace lanescope {

// Mean costs in nanoseconds; every draw gets a uniform jitter (±30 % for overheads, ±8 % for
// kernels). The values are of the order the spec's sources report for a2a3 (dispatch ~0.3 µs per
// subtask, ~0.8 µs AICore pickup, ~1 µs per orchestrator submit).
struct SimulationTiming
{
    // Orchestrator (one AICPU thread, or the host for host-orchestrated runs).
    std::int64_t orchestratorStartNs = 3000;
    std::int64_t submitNs = 750;
    std::int64_t allocNs = 350;
    std::int64_t submitGapNs = 120;
    std::int64_t scopeNs = 180;
    // Scheduler threads.
    std::int64_t idleLoopNs = 180; // one empty scheduler loop iteration
    std::int64_t loopOverheadNs = 40;
    std::int64_t phaseGapNs = 30;
    std::int64_t completeBaseNs = 120;
    std::int64_t perFinNs = 160;
    std::int64_t resolveBaseNs = 60;
    std::int64_t perVisitNs = 70;
    std::int64_t dispatchBaseNs = 100;
    std::int64_t perDispatchNs = 280;
    std::int64_t earlyBaseNs = 80;
    std::int64_t perEarlyBlockNs = 90;
    std::int64_t dummyBaseNs = 80;
    std::int64_t markerNs = 60;
    // AICore side.
    std::int64_t propagationNs = 650; // dispatch -> receive (NoC / doorbell)
    std::int64_t pickupNs = 250;      // previous end -> receive of a pre-issued subtask
    std::int64_t setupNs = 280;       // receive -> start (cache invalidate + ack)
    std::int64_t finLatencyNs = 180;  // end -> FIN visible to the scheduler
    double overheadSpread = 0.3;
    double kernelSpread = 0.08;
};

struct SimulationConfig
{
    std::uint64_t seed = 1;
    CoreLayout layout;
    int coreQueueDepth = 2;
    bool hostOrchestrated = false; // HBG: every task is submitted (on the host) before the device starts
    std::int64_t taskWindowMax = 16384;
    double schedulerCostScale = 1.0;
    double orchestratorCostScale = 1.0;
    // Kernel times drawn from (seed, task, core type) instead of the shared event-ordered draws
    // (GeneratorOptions::kernelTimesByTask).
    bool kernelTimesByTask = false;
    std::int32_t slowFunction = -1; // its AICore subtasks run slowByNs longer
    std::int64_t slowByNs = 0;
    SimulationTiming timing;
};

// Runs the program through a discrete-event model of the runtime: the orchestrator submits in
// program order (stalling when a ring's task window is full), scheduler threads loop over
// complete / dispatch / early_dispatch / dummy phases on their own cores, and cores execute
// subtasks (receive, setup, kernel) with FINs observed by the owning thread. Deterministic by
// config.seed.
SimulatedRun simulateWorkload(const Workload &workload, const SimulationConfig &config);

} // namespace lanescope
