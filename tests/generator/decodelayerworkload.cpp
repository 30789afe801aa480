#include "decodelayerworkload.h"

#include "workloadbuilder.h"

#include <algorithm>

namespace lanescope {

namespace {

constexpr int kHeadGroups = 8;
constexpr int kKvChunks = 4;

} // namespace

Workload buildDecodeLayerWorkload(const GeneratorOptions &options, DeterministicRng &rng)
{
    WorkloadBuilder b(options.idLayout);
    b.setOrchestratorName(QStringLiteral("decode_layer"));
    const auto embed = b.addFunction("embedding");
    const auto rmsnorm = b.addFunction("rmsnorm");
    const auto qProj = b.addFunction("q_proj");
    const auto kProj = b.addFunction("k_proj");
    const auto vProj = b.addFunction("v_proj");
    const auto rope = b.addFunction("rope");
    const auto kvUpdate = b.addFunction("kv_cache_update");
    const auto qk = b.addFunction("qk_matmul");
    const auto softmax = b.addFunction("softmax");
    const auto pv = b.addFunction("pv_matmul");
    const auto flashCube = b.addFunction("flash_attn");
    const auto flashVec = b.addFunction("flash_attn_vec");
    const auto oProj = b.addFunction("o_proj");
    const auto residual = b.addFunction("residual_add");
    const auto gateUp = b.addFunction("gate_up");
    const auto siluMul = b.addFunction("silu_mul");
    const auto downProj = b.addFunction("down_proj");
    const auto lmHead = b.addFunction("lm_head");

    const std::uint32_t aicCores = std::uint32_t(options.blockDim);
    const std::uint32_t aivCores = 2 * aicCores;
    auto spec = [&](TaskKind kind, std::int32_t func, std::uint32_t blocks, std::uint32_t ns,
                    std::uint32_t kib) {
        KernelSpec k;
        k.kind = kind;
        if (kind == TaskKind::Aic)
            k.kernelIds = {func, -1, -1};
        else
            k.kernelIds = {-1, func, -1};
        k.blockNum = std::max<std::uint32_t>(1, blocks);
        k.durationNs = std::uint32_t(rng.jitter(ns, 0.08));
        k.outputBytes = kib * 1024;
        return k;
    };
    using Preds = std::vector<std::uint32_t>;

    b.beginScope("decode_fwd.py:41");
    const auto hiddenAlloc = b.addAlloc(4 << 20);
    auto hidden = b.addKernel(spec(TaskKind::Aiv, embed, aivCores / 6, 1800, 256), Preds{hiddenAlloc});
    b.endScope();

    for (int layer = 0; layer < std::max(1, options.layers); ++layer) {
        b.beginScope("decode_layer.py:58");
        const auto act = b.addAlloc(6 << 20);
        const auto norm1 =
            b.addKernel(spec(TaskKind::Aiv, rmsnorm, aivCores / 6, 2600, 256), Preds{act, hidden});
        const auto q = b.addKernel(spec(TaskKind::Aic, qProj, aicCores * 2 / 3, 9000, 512), Preds{norm1});
        const auto k = b.addKernel(spec(TaskKind::Aic, kProj, aicCores / 6, 6500, 128), Preds{norm1});
        const auto v = b.addKernel(spec(TaskKind::Aic, vProj, aicCores / 6, 6500, 128), Preds{norm1});
        auto kvSpec = spec(TaskKind::Aiv, kvUpdate, 1, 2200, 64);
        kvSpec.predicatedSkip = layer % 5 == 4; // cache already up to date in these layers
        const auto kv = b.addKernel(kvSpec, Preds{k, v});
        std::vector<std::uint32_t> ropes;
        for (int g = 0; g < kHeadGroups; ++g)
            ropes.push_back(b.addKernel(spec(TaskKind::Aiv, rope, 1, 1700, 64), Preds{q, k}));

        b.beginScope("attention.py:112");
        std::vector<std::uint32_t> merged;
        for (int g = 0; g < kHeadGroups; ++g) {
            Preds chunks;
            for (int c = 0; c < kKvChunks; ++c) {
                const auto s =
                    b.addKernel(spec(TaskKind::Aic, qk, 1, 4200, 64), Preds{ropes[std::size_t(g)], kv});
                auto smSpec = spec(TaskKind::Aiv, softmax, 1, 3100, 64);
                smSpec.earlyDispatch = c == 0 && g % 4 == 0;
                const auto sm = b.addKernel(smSpec, Preds{s});
                chunks.push_back(b.addKernel(spec(TaskKind::Aic, pv, 1, 4600, 64), Preds{sm, v}));
            }
            KernelSpec flash;
            flash.kind = TaskKind::Mix;
            flash.kernelIds = {flashCube, flashVec, g % 2 == 0 ? flashVec : -1};
            flash.durationNs = std::uint32_t(rng.jitter(5200, 0.08));
            flash.outputBytes = 128 * 1024;
            merged.push_back(b.addKernel(flash, chunks));
        }
        b.endScope();

        const auto join = b.addDummy(merged);
        const auto o = b.addKernel(spec(TaskKind::Aic, oProj, aicCores * 2 / 3, 8800, 256), Preds{join});
        const auto add1 =
            b.addKernel(spec(TaskKind::Aiv, residual, aivCores / 6, 1500, 256), Preds{o, hidden});
        const auto norm2 = b.addKernel(spec(TaskKind::Aiv, rmsnorm, aivCores / 6, 2600, 256), Preds{add1});
        const auto gu =
            b.addKernel(spec(TaskKind::Aic, gateUp, aicCores + aicCores / 3, 12500, 1024), Preds{norm2});
        auto siluSpec = spec(TaskKind::Aiv, siluMul, aivCores, 2400, 512);
        siluSpec.earlyDispatch = true; // streams gate_up's output tile by tile
        const auto silu = b.addKernel(siluSpec, Preds{gu});
        const auto down = b.addKernel(spec(TaskKind::Aic, downProj, aicCores, 11800, 256), Preds{silu});
        hidden = b.addKernel(spec(TaskKind::Aiv, residual, aivCores / 6, 1500, 256), Preds{down, add1});
        b.endScope();
    }

    b.beginScope("decode_fwd.py:77");
    const auto finalNorm = b.addKernel(spec(TaskKind::Aiv, rmsnorm, aivCores / 6, 2600, 256), Preds{hidden});
    b.addKernel(spec(TaskKind::Aic, lmHead, aicCores * 2, 15500, 2048), Preds{finalNorm});
    b.endScope();
    return b.finish();
}

} // namespace lanescope
