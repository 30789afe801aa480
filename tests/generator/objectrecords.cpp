#include "objectrecords.h"

#include "bufferedfile.h"
#include "cycleclock.h"

#include <algorithm>
#include <limits>

namespace lanescope {

namespace {

std::int32_t funcIdOfRow(const LogicalTask &t, const CoreLayout &l, int core)
{
    if (l.isAic(core))
        return t.kernelIds[0];
    const bool secondAiv = (core - l.blockDim) % 2 == 1;
    if (secondAiv && t.kind == TaskKind::Mix && t.kernelIds[2] >= 0)
        return t.kernelIds[2];
    return t.kernelIds[1] >= 0 ? t.kernelIds[1] : t.kernelIds[2];
}

} // namespace

ObjectLayout buildObjectLayout(const Workload &w, const SimulatedRun &run, const GeneratorOptions &o)
{
    ObjectLayout out;
    const int level = std::clamp(o.level, 1, 4);
    const bool versionEra = o.objectKey == ObjectLayoutKey::Version;
    const CycleClock clock{o.startCycles, o.clockFreqHz};

    // Base: min over task starts, non-zero dispatches and phase starts (plus kernel-ready times in
    // the first era, whose base they were).
    std::uint64_t base = std::numeric_limits<std::uint64_t>::max();
    for (const auto &s : run.subtasks) {
        base = std::min(base, clock.cycles(s.startNs));
        if (level >= 2)
            base = std::min(base, clock.cycles(s.dispatchNs));
        if (versionEra)
            base = std::min(base, clock.cycles(s.receiveNs));
    }
    if (level >= 3)
        for (const auto &lane : run.scheduler)
            for (const auto &p : lane)
                if (p.kind == SimPhaseKind::Complete || p.kind == SimPhaseKind::Dispatch)
                    base = std::min(base, clock.cycles(p.startNs));
    if (level >= 4 && !run.submitsOnHost)
        for (const auto &s : run.submits)
            base = std::min(base, clock.cycles(s.startNs));
    if (base == std::numeric_limits<std::uint64_t>::max())
        base = o.startCycles;
    out.baseCycles = base;
    auto rel = [&](std::int64_t ns) { return clock.nanos(clock.cycles(ns) - base); };

    out.rows.reserve(run.subtasks.size());
    for (const auto &s : run.subtasks) {
        const auto &t = w.tasks[s.task];
        ObjectRow r;
        r.taskIndex = s.task;
        r.taskId = versionEra ? std::uint64_t(s.task) : t.taskId;
        r.ring = t.ring;
        r.coreId = s.core;
        r.aic = run.layout.isAic(s.core);
        r.funcId = funcIdOfRow(t, run.layout, s.core);
        r.startNs = rel(s.startNs);
        r.endNs = rel(s.endNs);
        r.kernelReadyNs = rel(s.receiveNs);
        if (level >= 2) {
            r.dispatchNs = rel(s.dispatchNs);
            r.finishNs = rel(s.finishNs);
        }
        out.rows.push_back(r);
    }
    std::stable_sort(out.rows.begin(), out.rows.end(),
                     [](const ObjectRow &a, const ObjectRow &b) { return a.taskId < b.taskId; });

    if (level >= 3) {
        out.coreToThread.assign(run.layout.coreToThread.begin(), run.layout.coreToThread.end());
        out.scheduler.resize(run.scheduler.size());
        for (std::size_t th = 0; th < run.scheduler.size(); ++th)
            for (const auto &p : run.scheduler[th]) {
                if (p.kind != SimPhaseKind::Complete && p.kind != SimPhaseKind::Dispatch)
                    continue;
                ObjectPhase op;
                op.phase = phaseKindName(p.kind);
                op.startNs = rel(p.startNs);
                op.endNs = rel(p.endNs);
                op.loopIter = p.loopIter;
                op.tasksProcessed = p.tasksProcessed;
                op.hasPop = p.kind == SimPhaseKind::Dispatch;
                op.popHit = p.popHit;
                op.popMiss = p.popMiss;
                out.scheduler[th].push_back(op);
            }
    }
    if (level >= 4 && !run.submitsOnHost) {
        std::uint32_t idx = 0;
        for (const auto &s : run.submits)
            out.submits.push_back({versionEra ? std::uint64_t(s.task) : w.tasks[s.task].taskId, idx++,
                                   rel(s.startNs), rel(s.endNs)});
    }
    return out;
}

bool writeObjectRecords(const ObjectLayout &layout, const Workload &w, const GeneratorOptions &o,
                        const QString &path)
{
    BufferedFile f(path);
    if (!f.isOpen())
        return false;
    const int level = std::clamp(o.level, 1, 4);
    const bool versionEra = o.objectKey == ObjectLayoutKey::Version;

    // Successor lists (unique, program order) for the first era's fanout field.
    std::vector<std::vector<std::uint32_t>> fanout;
    if (versionEra) {
        fanout.resize(w.tasks.size());
        for (const auto &e : w.edges) {
            auto &list = fanout[e.pred];
            if (std::find(list.begin(), list.end(), e.succ) == list.end())
                list.push_back(e.succ);
        }
    }

    f.put("{\n  ");
    switch (o.objectKey) {
    case ObjectLayoutKey::L2PerfLevel:
        f.put("\"l2_perf_level\": ").put(std::int32_t(level));
        break;
    case ObjectLayoutKey::L2SwimlaneLevel:
        f.put("\"l2_swimlane_level\": ").put(std::int32_t(level));
        break;
    case ObjectLayoutKey::Version:
        f.put("\"version\": ").put(std::int32_t(level >= 3 ? 2 : 1));
        break;
    }
    f.put(",\n  \"tasks\": [");
    bool first = true;
    for (const auto &r : layout.rows) {
        f.put(first ? "\n    {" : ",\n    {");
        first = false;
        f.put("\"task_id\": ").put(r.taskId).put(", \"func_id\": ").put(r.funcId);
        f.put(", \"core_id\": ").put(r.coreId).put(", \"core_type\": ").putQuoted(r.aic ? "aic" : "aiv");
        if (!versionEra)
            f.put(", \"ring_id\": ").put(std::uint32_t(r.ring));
        f.put(", \"start_time_us\": ").putMicros(r.startNs).put(", \"end_time_us\": ").putMicros(r.endNs);
        f.put(", \"duration_us\": ").putMicros(r.endNs - r.startNs);
        if (versionEra)
            f.put(", \"kernel_ready_time_us\": ").putMicros(r.kernelReadyNs);
        f.put(", \"dispatch_time_us\": ")
            .putMicros(r.dispatchNs)
            .put(", \"finish_time_us\": ")
            .putMicros(r.finishNs);
        if (versionEra) {
            const auto &succs = fanout[r.taskIndex];
            f.put(", \"fanout\": [");
            for (std::size_t i = 0; i < succs.size(); ++i)
                f.put(i ? ", " : "").put(std::uint64_t(succs[i]));
            f.put("], \"fanout_count\": ").put(std::uint64_t(succs.size()));
        }
        f.put('}');
    }
    f.put(first ? "]" : "\n  ]");

    if (!layout.coreToThread.empty() && !versionEra) {
        f.put(",\n  \"core_to_thread\": [");
        for (std::size_t c = 0; c < layout.coreToThread.size(); ++c)
            f.put(c ? ", " : "").put(layout.coreToThread[c]);
        f.put(']');
    }
    if (!layout.scheduler.empty()) {
        f.put(",\n  \"aicpu_scheduler_phases\": [");
        for (std::size_t t = 0; t < layout.scheduler.size(); ++t) {
            f.put(t ? ",\n    [" : "\n    [");
            bool firstPhase = true;
            for (const auto &p : layout.scheduler[t]) {
                f.put(firstPhase ? "\n      {" : ",\n      {");
                firstPhase = false;
                f.put("\"start_time_us\": ")
                    .putMicros(p.startNs)
                    .put(", \"end_time_us\": ")
                    .putMicros(p.endNs);
                f.put(", \"phase\": ").putQuoted(p.phase).put(", \"loop_iter\": ").put(p.loopIter);
                f.put(", \"tasks_processed\": ").put(p.tasksProcessed);
                if (p.hasPop)
                    f.put(", \"pop_hit\": ").put(p.popHit).put(", \"pop_miss\": ").put(p.popMiss);
                f.put('}');
            }
            f.put(firstPhase ? "]" : "\n    ]");
        }
        f.put("\n  ]");
    }
    if (!layout.submits.empty()) {
        f.put(",\n  \"aicpu_orchestrator_phases\": [\n    [");
        bool firstSubmit = true;
        for (const auto &s : layout.submits) {
            f.put(firstSubmit ? "\n      {" : ",\n      {");
            firstSubmit = false;
            f.put("\"phase\": \"orch_submit\", \"start_time_us\": ").putMicros(s.startNs);
            f.put(", \"end_time_us\": ").putMicros(s.endNs).put(", \"submit_idx\": ").put(s.submitIdx);
            f.put(", \"task_id\": ").put(s.taskId).put('}');
        }
        f.put("\n    ]\n  ]");
    }
    f.put("\n}\n");
    return f.close();
}

} // namespace lanescope
