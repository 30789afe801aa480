#include "ringworkloads.h"

#include "workloadbuilder.h"

#include <algorithm>

namespace lanescope {

namespace {

KernelSpec kernel(TaskKind kind, std::int32_t func, std::uint32_t ns, DeterministicRng &rng)
{
    KernelSpec k;
    k.kind = kind;
    k.kernelIds = kind == TaskKind::Aic ? std::array<std::int32_t, 3>{func, -1, -1}
                                        : std::array<std::int32_t, 3>{-1, func, -1};
    k.durationNs = std::uint32_t(rng.jitter(ns, 0.08));
    k.outputBytes = 128 * 1024;
    return k;
}

using Preds = std::vector<std::uint32_t>;

} // namespace

Workload buildRingImbalanceWorkload(const GeneratorOptions &options, DeterministicRng &rng)
{
    WorkloadBuilder b(options.idLayout);
    b.setOrchestratorName(QStringLiteral("deep_model"));
    const auto norm = b.addFunction("block_norm");
    const auto matmul = b.addFunction("block_matmul");
    b.beginScope("deep_model.py:10"); // depth 1
    b.beginScope("deep_model.py:14"); // depth 2
    for (int block = 0; block < 12; ++block) {
        b.beginScope("deep_block.py:30"); // depth 3: ring 3
        auto last = b.addAlloc(1 << 20);
        for (int i = 0; i < 4; ++i)
            last = b.addKernel(kernel(TaskKind::Aiv, norm, 2500, rng), Preds{last});
        b.beginScope("deep_block.py:41"); // depth 4: still ring 3
        for (int i = 0; i < 4; ++i)
            b.addKernel(kernel(TaskKind::Aic, matmul, 3000, rng), Preds{last});
        b.endScope();
        b.endScope();
    }
    return b.finish();
}

Workload buildRingAtCapacityWorkload(const GeneratorOptions &options, DeterministicRng &rng)
{
    WorkloadBuilder b(options.idLayout);
    b.setOrchestratorName(QStringLiteral("pressure"));
    const auto project = b.addFunction("project");
    const auto expert = b.addFunction("expert");
    const int window = std::max(1, options.taskWindowMax);
    const auto weights = b.addAlloc(8 << 20); // ring 0
    auto head = b.addKernel(kernel(TaskKind::Aic, project, 1500, rng), Preds{weights});
    for (int layer = 0; layer < 4; ++layer) {
        b.beginScope("pressure.py:20"); // depth 1: ring 1
        std::uint32_t first = 0;
        for (int i = 0; i < window; ++i) {
            const auto t = b.addKernel(kernel(TaskKind::Aic, project, 1500, rng), Preds{head});
            first = i == 0 ? t : first;
        }
        b.beginScope("pressure.py:31"); // depth 2: ring 2
        for (int i = 0; i < 3 * window; ++i)
            b.addKernel(kernel(TaskKind::Aiv, expert, 40000, rng), Preds{first});
        b.endScope();
        b.endScope();
    }
    b.addKernel(kernel(TaskKind::Aic, project, 1500, rng), Preds{head}); // ring 0 again
    return b.finish();
}

} // namespace lanescope
