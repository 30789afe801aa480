#pragma once

#include "generatoroptions.h"
#include "simulatedrun.h"
#include "workload.h"

#include <QString>
#include <cstdint>
#include <vector>

namespace lanescope {

// The per-task object layout of older producers (spec §10 item 2): rows already joined, times in
// µs relative to the file's own base, three decimals. Times are kept here as integer nanoseconds
// relative to that base, exactly what the file says.

struct ObjectRow
{
    std::uint64_t taskId = 0; // as written: plain program index (Version key) or (ring << 32) | local
    std::uint32_t taskIndex = 0;
    std::int32_t funcId = -1;
    std::int32_t coreId = 0;
    bool aic = false;
    std::uint8_t ring = 0;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::int64_t kernelReadyNs = 0;
    std::int64_t dispatchNs = 0; // 0 at level 1 ("not recorded")
    std::int64_t finishNs = 0;
};

struct ObjectPhase
{
    const char *phase = "";
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::uint32_t loopIter = 0;
    std::uint32_t tasksProcessed = 0;
    std::uint32_t popHit = 0;
    std::uint32_t popMiss = 0;
    bool hasPop = false;
};

struct ObjectSubmit
{
    std::uint64_t taskId = 0;
    std::uint32_t submitIdx = 0;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
};

struct ObjectLayout
{
    std::uint64_t baseCycles = 0;                    // what the producer subtracted (not in the file)
    std::vector<ObjectRow> rows;                     // task id order
    std::vector<std::vector<ObjectPhase>> scheduler; // level >= 3: legacy complete / dispatch only
    std::vector<ObjectSubmit> submits;               // level 4
    std::vector<std::int32_t> coreToThread;          // level >= 3, top level
};

ObjectLayout buildObjectLayout(const Workload &workload, const SimulatedRun &run,
                               const GeneratorOptions &options);
bool writeObjectRecords(const ObjectLayout &layout, const Workload &workload, const GeneratorOptions &options,
                        const QString &path);

} // namespace lanescope
