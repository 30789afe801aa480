#pragma once

#include "corelayout.h"
#include "simulatedrun.h"

#include <cstdint>
#include <vector>

namespace lanescope {

// The raw streams exactly as the records writers put them into the file (counter cycles, file
// order, level gating and injected damage applied). Ground truth is computed from this.

struct AicoreRecord
{
    std::uint64_t taskId = 0;
    std::uint64_t startCycles = 0;
    std::uint64_t endCycles = 0;
    std::uint32_t coreId = 0;
    std::uint32_t regTaskId = 0;
    std::uint32_t receiveToStart = 0; // cycles; not written by 5-column shapes
    std::uint32_t runEpoch = 1;       // upstream shape only (supplement §4.1)
};

struct AicpuRecord
{
    std::uint64_t dispatchCycles = 0;
    std::uint64_t finishCycles = 0;
    std::uint32_t coreId = 0;
    std::uint32_t regTaskId = 0;
    std::uint32_t runEpoch = 1;
};

struct SchedulerRecord
{
    std::uint64_t startCycles = 0;
    std::uint64_t endCycles = 0;
    std::uint64_t taskId = 0;
    std::uint32_t loopIter = 0;
    std::uint32_t tasksProcessed = 0;
    std::uint32_t popHit = 0;
    std::uint32_t popMiss = 0;
    std::int16_t sharedAtStart[3] = {0, 0, 0};
    std::int16_t sharedAtEnd[3] = {0, 0, 0};
    std::uint32_t runEpoch = 1;
    SimPhaseKind kind = SimPhaseKind::Complete;
    bool hasTaskId = false;
};

// Device orchestrator records (cycles) or, for host orchestration, host records (CLOCK_MONOTONIC ns).
struct OrchestratorRecord
{
    std::uint64_t taskId = 0;
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    std::uint32_t submitIdx = 0;
    std::uint32_t runEpoch = 1; // device records only: the host arrays never carry one
};

struct HostUploadRecord
{
    const char *phase = "";
    std::uint64_t startNs = 0;
    std::uint64_t endNs = 0;
    std::uint64_t bytes = 0;
};

struct CaptureData
{
    int level = 4;
    std::int64_t clockFreqHz = 0;
    CoreLayout layout;
    std::vector<AicoreRecord> aicore;                    // grouped by core, reg order
    std::vector<AicpuRecord> aicpu;                      // grouped by core, reg order; empty at level 1
    std::vector<std::vector<SchedulerRecord>> scheduler; // per scheduler thread; empty below level 3
    std::vector<OrchestratorRecord> orchestrator;        // level 4 (device) / level >= 3 (host)
    bool orchestratorOnHost = false;
    std::vector<HostUploadRecord> hostUploads;
    std::uint64_t hostOrchestrationOriginNs = 0;
};

// The metadata.collection block of a retained run (upstream supplement §5.2), in the writer's key
// order; the counters are chosen to agree with the verdict (§5.3).
struct CollectionBlock
{
    std::uint32_t runEpoch = 1;
    std::uint64_t sessionId = 1;
    bool processingComplete = true;
    bool metadataComplete = true;
    std::uint64_t notReceivedBuffers = 0;
    std::uint64_t unpublishedLoss = 0;
    std::uint64_t transportRetired = 0;
    std::uint64_t transportRetiredRecords = 0;
    std::uint64_t unattributableHandoffs = 0;
    bool handoffIdentityVerified = true;
    std::uint64_t cutFailedQueues = 0;
    const char *verdict = "published";
};

} // namespace lanescope
