#pragma once

// Hand-built before/after captures for the diff's tests: AICore rows on a few cores, their bars
// laid out as the loader lays them, with changes chosen by the test.

#include "model/capture/capture.h"

#include <cstdint>
#include <vector>

namespace lanescope {

struct HandBuiltTask
{
    std::uint64_t taskId = 0;
    std::int32_t funcId = 0;
    std::int32_t coreId = 0;
    double startUs = 0;
    double durationUs = 1;
};

// A capture of `tasks` (one AICore row and bar each, 0.2 µs receive head), `cores` Worker lanes
// named AIC_<n>, functions named "func_<id>".
CapturePtr handBuiltCapture(const std::vector<HandBuiltTask> &tasks, int cores);

// Ten tasks per core on `cores` cores, 10 µs apart, each 4 µs long, functions alternating 0 / 1.
std::vector<HandBuiltTask> evenTasks(int cores, int perCore = 10);

} // namespace lanescope
