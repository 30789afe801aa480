#pragma once

#include "deterministicrng.h"
#include "generatoroptions.h"
#include "workload.h"

namespace lanescope {

// Workloads for the ring-occupancy readings of chapter page 05.
//
// Imbalanced (05a, "deep nesting"): every task is submitted at scope depth 3 or deeper, so all of
// them land on ring 3 while rings 0-2 only carry the enclosing scopes: one ring carries the load.
// Twelve blocks of a short AIV chain and a few AIC tasks; the window never comes near capacity.
Workload buildRingImbalanceWorkload(const GeneratorOptions &options, DeterministicRng &rng);

// At capacity (05b): four layers, each a scope at depth 1 (ring 1) with options.taskWindowMax
// short AIC tasks and, nested at depth 2 (ring 2), 3 x taskWindowMax independent 40 µs AIV tasks.
// The orchestrator submits about one task per microsecond, so ring 2 fills its window long before
// the first long task finishes: its occupancy peaks at exactly taskWindowMax and stays pinned
// there while the orchestrator stalls. Rings 0 and 1 stay busy but far from full, and ring 2 holds
// under 90 % of the tasks, so the capture is not also imbalanced. Use a small window (e.g. 16).
Workload buildRingAtCapacityWorkload(const GeneratorOptions &options, DeterministicRng &rng);

} // namespace lanescope
