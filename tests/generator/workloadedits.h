#pragma once

#include "workload.h"

namespace lanescope {

// Edits of a built workload for before/after pairs of known difference (GeneratorOptions).

// Removes the last `count` tasks that run on cores, in submit order, with their program steps and
// every edge to or from them. The other tasks keep their order and ids.
void dropLastKernelTasks(Workload &workload, int count);

// Rotates the local ids within each id space (the task id's upper 32 bits: the ring, or the HBG
// space and parent) by `places`, so that an id names another task of its space. Order, functions
// and edges stay as they are.
void rotateLocalIds(Workload &workload, int places);

} // namespace lanescope
