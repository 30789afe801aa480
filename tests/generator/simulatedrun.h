#pragma once

#include "corelayout.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace lanescope {

// What the discrete-event simulation observed, in nanoseconds of simulated device time (host
// time for host-orchestrated submits). The capture builder turns it into counter cycles.

constexpr std::uint32_t kNoTask = std::numeric_limits<std::uint32_t>::max();

// One AICore execution: the AICPU side (dispatch, finish) and the AICore side (receive, start, end).
struct SimSubtask
{
    std::int64_t dispatchNs = 0;
    std::int64_t receiveNs = 0;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::int64_t observableNs = 0; // when the FIN becomes visible to the owning scheduler thread
    std::int64_t finishNs = 0;
    std::uint32_t task = 0;
    std::uint32_t regTaskId = 0; // per-core dispatch counter
    std::int32_t core = 0;
};

enum class SimPhaseKind : std::uint8_t {
    Complete,
    Dispatch,
    Resolve,
    EarlyDispatch,
    Dummy,
    DummyTask,
    PredicatedSkip
};

const char *phaseKindName(SimPhaseKind kind);

struct SimPhase
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::uint32_t loopIter = 0;
    std::uint32_t tasksProcessed = 0;
    std::uint32_t popHit = 0;
    std::uint32_t popMiss = 0;
    std::uint32_t task = kNoTask; // dummy_task / predicated_skip markers
    std::int16_t sharedAtStart[3] = {0, 0, 0};
    std::int16_t sharedAtEnd[3] = {0, 0, 0};
    SimPhaseKind kind = SimPhaseKind::Complete;
};

struct SimSubmit
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::uint32_t task = 0;
};

struct SimScopeSample
{
    std::int64_t timeNs = 0;
    std::int64_t taskWindowStart = 0;
    std::int64_t taskWindowEnd = 0;
    std::uint64_t heapStart = 0;
    std::uint64_t heapEnd = 0;
    std::int64_t depPoolStart = 0;
    std::int64_t depPoolEnd = 0;
    std::int64_t tensormap = 0;
    std::uint32_t site = 0;
    std::uint8_t depth = 0;
    std::uint8_t ring = 0;
    bool begin = true;
};

struct SimulatedRun
{
    CoreLayout layout;
    std::vector<SimSubtask> subtasks;             // dispatch order
    std::vector<std::vector<SimPhase>> scheduler; // per scheduler thread, emission order
    std::vector<SimSubmit> submits;               // program order (submit_idx = index)
    bool submitsOnHost = false;                   // host-orchestrated: submits precede the device
    std::vector<SimScopeSample> scopeSamples;     // program order
    std::vector<std::int64_t> completeNs;         // per task
    std::int64_t deviceStartNs = 0;               // first device activity
    std::int64_t deviceEndNs = 0;                 // last device activity
};

} // namespace lanescope
