#include "capturedatabuilder.h"

#include "cycleclock.h"
#include "deterministicrng.h"

#include <algorithm>

namespace lanescope {

namespace {

// Picks distinct row indices, deterministically by seed; an index is never picked twice, so the
// injected damages do not overlap.
class RowPicker
{
public:
    RowPicker(std::uint64_t seed, std::size_t count) : m_rng(seed), m_used(count, false) {}
    std::int64_t pick()
    {
        const auto n = m_used.size();
        if (m_picked >= n)
            return -1;
        auto i = std::size_t(m_rng.below(n));
        while (m_used[i])
            i = (i + 1) % n;
        m_used[i] = true;
        ++m_picked;
        return std::int64_t(i);
    }

private:
    DeterministicRng m_rng;
    std::vector<bool> m_used;
    std::size_t m_picked = 0;
};

void injectDamage(const InjectionOptions &inject, std::uint64_t seed, int numCores,
                  std::vector<AicoreRecord> &aicore, std::vector<AicpuRecord> &aicpu)
{
    // Both vectors are index-aligned here (one AICore and one AICPU row per subtask).
    RowPicker picker(seed ^ 0x494e'4a45'4354'0001ull, aicore.size());
    for (int k = 0; k < inject.coreIdsBeyondNumCores; ++k) {
        const auto i = picker.pick();
        if (i < 0)
            break;
        aicore[std::size_t(i)].coreId = std::uint32_t(numCores + k);
        aicpu[std::size_t(i)].coreId = std::uint32_t(numCores + k);
    }
    std::vector<char> dropCore(aicore.size(), 0), dropCpu(aicore.size(), 0), duplicate(aicore.size(), 0);
    for (int k = 0; k < inject.dropAicpuRows; ++k)
        if (const auto i = picker.pick(); i >= 0)
            dropCpu[std::size_t(i)] = 1;
    for (int k = 0; k < inject.dropAicoreRows; ++k)
        if (const auto i = picker.pick(); i >= 0)
            dropCore[std::size_t(i)] = 1;
    for (int k = 0; k < inject.duplicateJoinKeys; ++k)
        if (const auto i = picker.pick(); i >= 0)
            duplicate[std::size_t(i)] = 1;

    std::vector<AicoreRecord> cores;
    std::vector<AicpuRecord> cpus;
    for (std::size_t i = 0; i < aicore.size(); ++i) {
        if (!dropCore[i])
            cores.push_back(aicore[i]);
        if (duplicate[i]) {
            // Same (core_id, reg_task_id), later times: what a reg_task_id wrap or a second run without
            // run_epoch looks like.
            auto copy = aicore[i];
            const auto shift = (copy.endCycles - copy.startCycles) * 2 + 7;
            copy.startCycles += shift;
            copy.endCycles += shift;
            cores.push_back(copy);
        }
        if (!dropCpu[i])
            cpus.push_back(aicpu[i]);
    }
    auto byCore = [](const auto &a, const auto &b) { return a.coreId < b.coreId; };
    std::stable_sort(cores.begin(), cores.end(), byCore);
    std::stable_sort(cpus.begin(), cpus.end(), byCore);
    aicore = std::move(cores);
    aicpu = std::move(cpus);
}

} // namespace

std::uint64_t hostClockOriginNs(const GeneratorOptions &options)
{
    // Two hours of host uptime plus a seed-dependent offset.
    return 7'200'000'000'000ull + (options.seed % 1000) * 1'000'003ull;
}

CaptureData buildCaptureData(const Workload &workload, const SimulatedRun &run,
                             const GeneratorOptions &options)
{
    CaptureData d;
    d.level = std::clamp(options.level, 1, 4);
    d.clockFreqHz = options.clockFreqHz;
    d.layout = run.layout;
    const CycleClock clock{options.startCycles, options.clockFreqHz};

    // File order: grouped by core, dispatch (= reg_task_id) order within a core. Subtasks are
    // already in dispatch order, so a counting sort by core keeps each core's order.
    std::vector<std::uint32_t> coreStart(std::size_t(d.layout.numCores) + 1, 0);
    for (const auto &s : run.subtasks)
        ++coreStart[std::size_t(s.core) + 1];
    for (std::size_t c = 1; c < coreStart.size(); ++c)
        coreStart[c] += coreStart[c - 1];
    std::vector<std::uint32_t> order(run.subtasks.size());
    for (std::uint32_t i = 0; i < run.subtasks.size(); ++i)
        order[coreStart[std::size_t(run.subtasks[i].core)]++] = i;
    d.aicore.reserve(order.size());
    d.aicpu.reserve(order.size());
    for (const auto idx : order) {
        const auto &s = run.subtasks[idx];
        AicoreRecord a;
        a.taskId = workload.tasks[s.task].taskId;
        a.coreId = std::uint32_t(s.core);
        a.regTaskId = s.regTaskId;
        a.startCycles = clock.cycles(s.startNs);
        a.endCycles = clock.cycles(s.endNs);
        a.receiveToStart = std::uint32_t(a.startCycles - clock.cycles(s.receiveNs));
        d.aicore.push_back(a);
        AicpuRecord c;
        c.coreId = a.coreId;
        c.regTaskId = a.regTaskId;
        c.dispatchCycles = clock.cycles(s.dispatchNs);
        c.finishCycles = clock.cycles(s.finishNs);
        d.aicpu.push_back(c);
    }
    if (options.inject.any())
        injectDamage(options.inject, options.seed, d.layout.numCores, d.aicore, d.aicpu);
    if (d.level < 2)
        d.aicpu.clear();

    if (d.level >= 3) {
        d.scheduler.resize(run.scheduler.size());
        for (std::size_t t = 0; t < run.scheduler.size(); ++t) {
            auto &out = d.scheduler[t];
            out.reserve(run.scheduler[t].size());
            for (const auto &p : run.scheduler[t]) {
                SchedulerRecord r;
                r.kind = p.kind;
                r.startCycles = clock.cycles(p.startNs);
                r.endCycles = clock.cycles(p.endNs);
                r.loopIter = p.loopIter;
                r.tasksProcessed = p.tasksProcessed;
                r.popHit = p.popHit;
                r.popMiss = p.popMiss;
                std::copy(std::begin(p.sharedAtStart), std::end(p.sharedAtStart), r.sharedAtStart);
                std::copy(std::begin(p.sharedAtEnd), std::end(p.sharedAtEnd), r.sharedAtEnd);
                r.hasTaskId = p.task != kNoTask;
                r.taskId = r.hasTaskId ? workload.tasks[p.task].taskId : 0;
                out.push_back(r);
            }
        }
    }

    d.orchestratorOnHost = run.submitsOnHost;
    const bool writeOrchestrator = run.submitsOnHost ? d.level >= 3 : d.level >= 4;
    if (writeOrchestrator) {
        const auto origin = hostClockOriginNs(options);
        std::uint32_t idx = 0;
        for (const auto &s : run.submits) {
            OrchestratorRecord r;
            r.submitIdx = idx++;
            r.taskId = workload.tasks[s.task].taskId;
            r.start = run.submitsOnHost ? origin + std::uint64_t(s.startNs) : clock.cycles(s.startNs);
            r.end = run.submitsOnHost ? origin + std::uint64_t(s.endNs) : clock.cycles(s.endNs);
            d.orchestrator.push_back(r);
        }
        if (run.submitsOnHost) {
            d.hostOrchestrationOriginNs = d.orchestrator.empty() ? origin : d.orchestrator.front().start;
            std::uint64_t t = d.orchestrator.empty() ? origin : d.orchestrator.back().end + 5'000;
            const std::uint64_t tasks = workload.tasks.size();
            const HostUploadRecord uploads[] = {{"graph_upload", 0, 0, 4096 + tasks * 256},
                                                {"sm_h2d", 0, 0, 65536 + tasks * 64},
                                                {"arena_h2d", 0, 0, std::uint64_t(8) << 20}};
            for (auto u : uploads) {
                u.startNs = t;
                u.endNs = t + 2'000 + u.bytes / 20; // ~20 GB/s plus a fixed call cost
                t = u.endNs + 1'500;
                d.hostUploads.push_back(u);
            }
        }
    }
    return d;
}

} // namespace lanescope
