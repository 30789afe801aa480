#pragma once

#include "deterministicrng.h"
#include "generatoroptions.h"
#include "workload.h"

namespace lanescope {

// Before/after pairs of chapter techniques whose confirmation verdicts are known by construction.

// 02b SPMD. Before: 24 independent single-block AIV tasks of one kernel after a producer, each
// dispatched on its own. After: the same work as one task of block_num 24.
Workload buildSpmdWorkload(const GeneratorOptions &options, DeterministicRng &rng, bool spmd);

// 03a assert disjoint. Before: 16 tasks of one kernel writing disjoint rows of one buffer, each
// with the buffer's creator edge and a write-after-write edge on the previous writer (the first on
// the initialising task): a staircase. After: the chain removed, only the creator edges left, so
// the 16 run side by side (16 edges fewer, graph depth 17 -> 1).
Workload buildWriteChainWorkload(const GeneratorOptions &options, DeterministicRng &rng, bool disjoint);

// 05a rebalanced: the blocks of the ring-imbalance workload (ringworkloads.h) placed at scope
// depths 0..3 in turn, so the tasks spread over all four rings.
Workload buildRingRebalancedWorkload(const GeneratorOptions &options, DeterministicRng &rng);

} // namespace lanescope
