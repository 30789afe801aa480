#pragma once

#include "deterministicrng.h"
#include "generatoroptions.h"
#include "workload.h"

namespace lanescope {

// The before/after pair of chapter technique 01a "larger tiling": a [rows, 128] activation
// processed tile by tile, each tile a tile_matmul (AIC) followed by a tile_silu (AIV).
// Before: 1024 tiles of [64, 128] — narrow bars whose gaps are dominated by dispatch overhead.
// After: the same rows in 256 tiles of [256, 128] (tiling factor 4); a larger tile runs slightly
// less than 4x longer, since its fixed per-task load/store setup is paid once.
Workload buildTilingWorkload(const GeneratorOptions &options, DeterministicRng &rng, bool largerTiles);

} // namespace lanescope
