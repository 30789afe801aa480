#include "techniqueworkloads.h"

#include "workloadbuilder.h"

namespace lanescope {

namespace {

using Preds = std::vector<std::uint32_t>;

KernelSpec kernel(TaskKind kind, std::int32_t func, std::uint32_t ns, DeterministicRng &rng)
{
    KernelSpec k;
    k.kind = kind;
    k.kernelIds = kind == TaskKind::Aic ? std::array<std::int32_t, 3>{func, -1, -1}
                                        : std::array<std::int32_t, 3>{-1, func, -1};
    k.durationNs = std::uint32_t(rng.jitter(ns, 0.05));
    k.outputBytes = 64 * 1024;
    return k;
}

constexpr int kSpmdBlocks = 24;
constexpr int kChainLength = 16;

} // namespace

Workload buildSpmdWorkload(const GeneratorOptions &options, DeterministicRng &rng, bool spmd)
{
    WorkloadBuilder b(options.idLayout);
    b.setOrchestratorName(QStringLiteral("scale_rows"));
    const auto load = b.addFunction("load_rows");
    const auto scale = b.addFunction("scale_rows");
    b.beginScope("scale_rows.py:12");
    for (int round = 0; round < 4; ++round) {
        const auto producer = b.addKernel(kernel(TaskKind::Aic, load, 3000, rng), Preds{});
        if (spmd) {
            KernelSpec grid = kernel(TaskKind::Aiv, scale, 6000, rng);
            grid.blockNum = kSpmdBlocks;
            b.addKernel(grid, Preds{producer});
        } else {
            for (int i = 0; i < kSpmdBlocks; ++i)
                b.addKernel(kernel(TaskKind::Aiv, scale, 6000, rng), Preds{producer});
        }
    }
    b.endScope();
    return b.finish();
}

Workload buildWriteChainWorkload(const GeneratorOptions &options, DeterministicRng &rng, bool disjoint)
{
    WorkloadBuilder b(options.idLayout);
    b.setOrchestratorName(QStringLiteral("accumulate"));
    const auto init = b.addFunction("init_acc");
    const auto rows = b.addFunction("write_rows");
    b.beginScope("accumulate.py:8");
    const auto buffer = b.addAlloc(4 << 20);
    const auto first = b.addKernel(kernel(TaskKind::Aiv, init, 2000, rng), Preds{buffer});
    // Every writer keeps the creator edge of the buffer; only the chain on the previous writer goes.
    auto previous = first;
    for (int i = 0; i < kChainLength; ++i)
        previous = b.addKernel(kernel(TaskKind::Aiv, rows, 8000, rng),
                               disjoint ? Preds{buffer} : Preds{buffer, previous});
    b.endScope();
    return b.finish();
}

Workload buildRingRebalancedWorkload(const GeneratorOptions &options, DeterministicRng &rng)
{
    WorkloadBuilder b(options.idLayout);
    b.setOrchestratorName(QStringLiteral("deep_model"));
    const auto norm = b.addFunction("block_norm");
    const auto matmul = b.addFunction("block_matmul");
    for (int block = 0; block < 12; ++block) {
        const int depth = block % 4; // rings 0, 1, 2, 3 in turn
        for (int d = 0; d < depth; ++d)
            b.beginScope("deep_block.py:30");
        auto last = b.addAlloc(1 << 20);
        for (int i = 0; i < 4; ++i)
            last = b.addKernel(kernel(TaskKind::Aiv, norm, 2500, rng), Preds{last});
        for (int i = 0; i < 4; ++i)
            b.addKernel(kernel(TaskKind::Aic, matmul, 3000, rng), Preds{last});
        for (int d = 0; d < depth; ++d)
            b.endScope();
    }
    return b.finish();
}

} // namespace lanescope
