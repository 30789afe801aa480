#pragma once

#include "capture.h"

namespace lanescope {

// Spec §4.4: gives every row with funcId < 0 the kernel id of its core type from the deps.json
// entry of its task (aic -> kernel_ids[0]; aiv -> kernel_ids[1], else kernel_ids[2]). Written back
// onto capture.rows so every later consumer sees the same id. Rows stay -1 when the task has no
// tasks[] entry with three kernel ids or the slot of their core type is inactive; the reasons are
// summarised in capture.info.warnings (missing kernel ids only when the graph came from a deps.json,
// i.e. capture.info.sources.deps is set).
void resolveFunctionIds(Capture &capture);

// Func id for a task that has no AICore row (predicated-skip marker): the first non-negative
// kernel id, else -1.
int skipMarkerFuncId(const DepNode &node);

// Spec §13.1: the share (0..1) of the task ids that have rows and that deps.json knows (as a task
// or as an edge endpoint). Below one half, deps.json likely describes another run or topology and a
// warning is added to capture.info.warnings. Returns 0 without a warning when either side is empty.
double checkDepsOverlap(Capture &capture);

} // namespace lanescope
