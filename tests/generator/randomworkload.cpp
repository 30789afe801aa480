#include "randomworkload.h"

#include "workloadbuilder.h"

#include <algorithm>

namespace lanescope {

namespace {

struct FunctionSpec
{
    const char *name;
    std::uint32_t durationNs;
};

// Base kernel times; a few ids stay unnamed so that readers exercise their fallback labels.
constexpr FunctionSpec kAic[] = {{"gemm_tile", 9000}, {"attn_score", 6000}, {"proj_tile", 14000}};
constexpr FunctionSpec kAiv[] = {
    {"vec_add", 2500}, {"layernorm", 4000}, {"gelu", 3000}, {"reduce_max", 1800}};
constexpr FunctionSpec kMixAic = {"fused_mm_cube", 8000};
constexpr FunctionSpec kMixAiv = {"fused_mm_vec", 8000};
constexpr FunctionSpec kSpmdAic = {"spmd_gemm", 7000};
constexpr FunctionSpec kSpmdAiv = {"spmd_scale", 2200};
constexpr FunctionSpec kUnnamedAiv = {"", 1500};

} // namespace

Workload buildRandomWorkload(const GeneratorOptions &options, DeterministicRng &rng)
{
    WorkloadBuilder b(options.idLayout);
    std::vector<std::int32_t> aic, aiv;
    std::vector<std::uint32_t> aicNs, aivNs;
    for (const auto &f : kAic) {
        aic.push_back(b.addFunction(f.name));
        aicNs.push_back(f.durationNs);
    }
    for (const auto &f : kAiv) {
        aiv.push_back(b.addFunction(f.name));
        aivNs.push_back(f.durationNs);
    }
    const auto mixAic = b.addFunction(kMixAic.name);
    const auto mixAiv = b.addFunction(kMixAiv.name);
    const auto spmdAic = b.addFunction(kSpmdAic.name);
    const auto spmdAiv = b.addFunction(kSpmdAiv.name);
    const auto unnamed = b.addFunction(kUnnamedAiv.name);
    b.setOrchestratorName(QString());

    const auto &fr = options.fractions;
    const std::int64_t aicCores = options.blockDim;
    const std::int64_t aivCores = 2 * std::int64_t(options.blockDim);
    const int total = std::max(1, options.tasks);

    std::vector<std::uint32_t> recent; // recent producers (kernels and dummies), newest last
    std::int64_t pendingAlloc = -1;
    int scopeLine = 10;
    bool scopeOpened = false;

    auto pickPreds = [&](int count, std::vector<std::uint32_t> &out) {
        const auto window = std::min<std::size_t>(recent.size(), 12);
        for (int i = 0; i < count && window > 0; ++i) {
            const auto p = recent[recent.size() - 1 - std::size_t(rng.below(window))];
            if (std::find(out.begin(), out.end(), p) == out.end())
                out.push_back(p);
        }
    };

    while (int(b.taskCount()) < total) {
        // The first scope opens early so that even tiny programs use more than the root ring.
        const bool forceScope = !scopeOpened && b.taskCount() >= 3;
        if (b.depth() < 4 && (rng.chance(0.04) || forceScope)) {
            scopeOpened = true;
            scopeLine += int(rng.between(3, 40));
            b.beginScope("model.py:" + std::to_string(scopeLine));
        } else if (b.depth() > 0 && rng.chance(0.035)) {
            b.endScope();
        }

        const double u = rng.unit();
        std::vector<std::uint32_t> preds;
        // An allocation is always consumed by the next kernel (its creator edge), so it is never
        // among the last tasks and no dummy is placed between the two.
        if (u < fr.alloc && pendingAlloc < 0 && int(b.taskCount()) + 3 <= total) {
            pendingAlloc = b.addAlloc(std::uint32_t(rng.between(64, 2048)) * 1024);
            continue;
        }
        if (u < fr.alloc + fr.dummy && recent.size() >= 2 && pendingAlloc < 0) {
            pickPreds(int(rng.between(2, 4)), preds);
            recent.push_back(b.addDummy(preds));
            continue;
        }

        KernelSpec k;
        const double shape = rng.unit();
        const double spmdCut = fr.spmd / std::max(1e-9, 1.0 - fr.alloc - fr.dummy);
        const double mixCut = spmdCut + fr.mix / std::max(1e-9, 1.0 - fr.alloc - fr.dummy);
        if (shape < spmdCut) {
            const bool onAic = rng.chance(0.4);
            const auto cores = onAic ? aicCores : aivCores;
            k.kind = onAic ? TaskKind::Aic : TaskKind::Aiv;
            k.blockNum =
                std::uint32_t(rng.chance(0.7) ? rng.between(2, cores) : rng.between(cores + 1, 2 * cores));
            k.kernelIds = onAic ? std::array<std::int32_t, 3>{spmdAic, -1, -1}
                                : std::array<std::int32_t, 3>{-1, spmdAiv, -1};
            k.durationNs = std::uint32_t(rng.jitter(onAic ? kSpmdAic.durationNs : kSpmdAiv.durationNs, 0.2));
        } else if (shape < mixCut) {
            k.kind = TaskKind::Mix;
            k.kernelIds = {mixAic, mixAiv, rng.chance(0.5) ? mixAiv : -1};
            k.durationNs = std::uint32_t(rng.jitter(kMixAic.durationNs, 0.2));
        } else if (rng.chance(0.4)) {
            const auto f = rng.below(aic.size());
            k.kind = TaskKind::Aic;
            k.kernelIds = {aic[f], -1, -1};
            k.durationNs = std::uint32_t(rng.jitter(aicNs[f], 0.2));
        } else {
            const bool useUnnamed = rng.chance(0.05);
            const auto f = rng.below(aiv.size());
            k.kind = TaskKind::Aiv;
            k.kernelIds = {-1, useUnnamed ? unnamed : aiv[f], -1};
            k.durationNs = std::uint32_t(rng.jitter(useUnnamed ? kUnnamedAiv.durationNs : aivNs[f], 0.2));
        }
        k.outputBytes = std::uint32_t(rng.between(16, 1024)) * 1024;
        k.manualScope = b.depth() >= 2 && rng.chance(0.1);

        const double c = rng.unit();
        const int predCount = recent.empty() ? 0 : (c < 0.08 ? 0 : c < 0.53 ? 1 : c < 0.85 ? 2 : 3);
        pickPreds(predCount, preds);
        if (!preds.empty() && rng.chance(0.05))
            preds.push_back(preds.front()); // a second argument reading the same producer
        if (pendingAlloc >= 0) {
            preds.insert(preds.begin(), std::uint32_t(pendingAlloc));
            pendingAlloc = -1;
        }
        const bool hasKernelPred = std::any_of(
            preds.begin(), preds.end(), [&](std::uint32_t p) { return b.workload().tasks[p].isKernel(); });
        k.predicatedSkip = k.kind != TaskKind::Mix && k.blockNum == 1 && rng.chance(fr.predicatedSkip);
        k.earlyDispatch = hasKernelPred && !k.predicatedSkip && rng.chance(fr.earlyDispatch);
        recent.push_back(b.addKernel(k, preds));
        if (recent.size() > 64)
            recent.erase(recent.begin(), recent.begin() + 32);
    }
    return b.finish();
}

} // namespace lanescope
