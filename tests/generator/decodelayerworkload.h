#pragma once

#include "deterministicrng.h"
#include "generatoroptions.h"
#include "workload.h"

namespace lanescope {

// A transformer decode step: embedding, `options.layers` decode layers (rmsnorm, q/k/v
// projections as SPMD matmuls, rope, a kv-cache update that is predicated off in some layers,
// chunked attention in a nested scope — qk_matmul, softmax, pv_matmul per head group and chunk,
// merged by a MIX flash_attn task — a dummy join, o_proj, residual adds, gate_up, silu_mul staged
// early, down_proj), then the final norm and lm_head. About 126 logical tasks per layer.
Workload buildDecodeLayerWorkload(const GeneratorOptions &options, DeterministicRng &rng);

} // namespace lanescope
