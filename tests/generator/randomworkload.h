#pragma once

#include "deterministicrng.h"
#include "generatoroptions.h"
#include "workload.h"

namespace lanescope {

// A random program of `options.tasks` logical tasks: AIC/AIV/MIX kernels, SPMD tasks (some with
// more blocks than cores of their type), dummies, allocations and predicated skips in the shares
// of options.fractions, nested scopes up to depth 4, and 0-3 producers per consumer picked among
// recent tasks (sometimes the same producer twice, i.e. two arguments).
Workload buildRandomWorkload(const GeneratorOptions &options, DeterministicRng &rng);

} // namespace lanescope
