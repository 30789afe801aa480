#include "tilingworkload.h"

#include "workloadbuilder.h"

namespace lanescope {

namespace {

constexpr int kRowsTotal = 65536;
constexpr int kNarrowTileRows = 64;
constexpr int kTilingFactor = 4;
constexpr int kTilesPerScope = 64; // one scope per group of tiles (rings stay small)

} // namespace

Workload buildTilingWorkload(const GeneratorOptions &options, DeterministicRng &rng, bool largerTiles)
{
    WorkloadBuilder b(options.idLayout);
    b.setOrchestratorName(QStringLiteral("tiled_mlp"));
    const auto matmul = b.addFunction("tile_matmul");
    const auto silu = b.addFunction("tile_silu");

    const int tileRows = largerTiles ? kNarrowTileRows * kTilingFactor : kNarrowTileRows;
    const int tiles = kRowsTotal / tileRows;
    // Per tile: fixed setup + rows-proportional work (ns). Narrow: 1200 / 900 ns; wide: 4380 / 3300 ns.
    const std::uint32_t matmulNs = std::uint32_t(140 + 16.5625 * tileRows);
    const std::uint32_t siluNs = std::uint32_t(100 + 12.5 * tileRows);
    const std::uint32_t tileBytes = std::uint32_t(tileRows) * 128 * 2;

    const auto weights = b.addAlloc(8 << 20);
    for (int t = 0; t < tiles; ++t) {
        if (t % kTilesPerScope == 0) {
            if (t > 0)
                b.endScope();
            b.beginScope("tiled_mlp.py:24");
        }
        KernelSpec mm;
        mm.kind = TaskKind::Aic;
        mm.kernelIds = {matmul, -1, -1};
        mm.durationNs = std::uint32_t(rng.jitter(matmulNs, 0.06));
        mm.outputBytes = tileBytes;
        const auto m = b.addKernel(mm, std::vector<std::uint32_t>{weights});
        KernelSpec act;
        act.kind = TaskKind::Aiv;
        act.kernelIds = {-1, silu, -1};
        act.durationNs = std::uint32_t(rng.jitter(siluNs, 0.06));
        act.outputBytes = tileBytes;
        b.addKernel(act, std::vector<std::uint32_t>{m});
    }
    return b.finish();
}

} // namespace lanescope
