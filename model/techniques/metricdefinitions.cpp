#include "metricdefinitions.h"

namespace lanescope {

namespace {

MetricDefinition def(const char *id, const char *name, const char *unit, MetricKind kind, MetricNeeds needs,
                     const char *definition)
{
    const QString valueId = QString::fromUtf8(id);
    return {valueId, valueId.section(u'.', 0, 0),  QString::fromUtf8(name), QString::fromUtf8(unit), kind,
            needs,   QString::fromUtf8(definition)};
}

constexpr MetricNeeds L1{1, false, false, false};
constexpr MetricNeeds L1Deps{1, true, false, false};
constexpr MetricNeeds L2{2, false, false, false};
constexpr MetricNeeds L2Deps{2, true, false, false};
constexpr MetricNeeds L3{3, false, false, false};
constexpr MetricNeeds L4{4, false, false, false};
constexpr MetricNeeds Scope{1, false, true, false};
constexpr MetricNeeds Bench{1, false, false, true};

std::vector<MetricDefinition> build()
{
    using K = MetricKind;
    return {
        def("M1", "Task count", "tasks", K::Count, L1,
            "tasks in deps.json with an active kernel id, less those the capture lacks (no bar, no "
            "scheduler marker); without deps.json, distinct task ids among the bars"),
        def("M1.tasks_without_rows", "Tasks without bars", "tasks", K::Count, L1Deps,
            "tasks in deps.json with an active kernel id that no bar shows and no dummy or predicated-skip "
            "marker explains: work the capture lacks (cut short, or a buffer lost)"),
        def("M1.early_dispatch_tasks", "Tasks flagged for early dispatch", "tasks", K::Count, L1Deps,
            "deps.json tasks with early_dispatch = true"),
        def("M1.manual_scope_tasks", "Tasks in manual scopes", "tasks", K::Count, L1Deps,
            "deps.json tasks with scope = \"manual\""),
        def("M2", "Bars per task", "bars", K::Count, L1, "mean number of bars sharing a task id"),
        def("M2.spmd_tasks", "SPMD tasks", "tasks", K::Count, L1Deps, "deps.json tasks with block_num > 1"),
        def("M2.max_block_num", "Largest SPMD block count", "blocks", K::Count, L1Deps,
            "maximum block_num in deps.json"),
        def("M3", "Edges", "edges", K::Count, L1Deps, "unique (pred, succ) pairs with pred ≠ succ"),
        def("M4", "Graph depth", "tasks", K::Count, L1Deps,
            "longest path through the kernel-task DAG, counted in kernel tasks"),
        def("M4.width", "Graph width", "tasks", K::Count, L1Deps, "task count / graph depth"),
        def("M5", "Makespan", "µs", K::Timing, L1, "last bar end − first bar start"),
        def("M6", "Mean bar duration", "µs", K::Timing, L1, "mean of end − start over bars"),
        def("M6.median", "Median bar duration", "µs", K::Timing, L1, "median of end − start over bars"),
        def("M7", "Gap/bar ratio", "ratio", K::Timing, L1,
            "Σ gaps between consecutive bars per core / Σ bar durations, over cores with ≥ 2 bars"),
        def("M7.gap_total_us", "Total gap time", "µs", K::Timing, L1,
            "Σ gaps between consecutive bars per core"),
        def("M7.c10", "Gap concentration C10", "share", K::Share, L1,
            "share of Σ gap held by the largest 10 % of gaps"),
        def("M8", "Lane occupancy", "share", K::Share, L1,
            "cores with at least one bar / physical cores (metadata core types)"),
        def("M8.aic_occupancy", "AIC lane occupancy", "share", K::Share, L1,
            "AIC cores with a bar / physical AIC cores"),
        def("M8.aiv_occupancy", "AIV lane occupancy", "share", K::Share, L1,
            "AIV cores with a bar / physical AIV cores"),
        def("M8.aic_busy", "AIC busy share", "share", K::Share, L1,
            "Σ AIC bar time / (physical AIC cores × makespan)"),
        def("M8.aiv_busy", "AIV busy share", "share", K::Share, L1,
            "Σ AIV bar time / (physical AIV cores × makespan)"),
        def("M9", "Mean concurrency", "bars", K::Timing, L1, "Σ bar durations / makespan"),
        def("M9.max", "Maximum concurrency", "bars", K::Timing, L1,
            "largest number of bars running at one time"),
        def("M10", "Head latency (mean)", "µs", K::Timing, L2,
            "start − dispatch, or start − previous end when the core was still busy, clamped at 0"),
        def("M10.p50", "Head latency P50", "µs", K::Timing, L2, "median head latency"),
        def("M10.p90", "Head latency P90", "µs", K::Timing, L2, "90th percentile head latency"),
        def("M11", "AICore switch (largest core)", "µs", K::Timing, L2,
            "largest per-core total of pre-loaded pickups (never summed over cores)"),
        def("M11.mean", "AICore switch (mean core)", "µs", K::Timing, L2,
            "mean per-core total of pre-loaded pickups"),
        def("M12", "Overhead share (engines with ready work)", "share", K::Share, L2Deps,
            "share of the makespan during which every engine with ready work has an idle core"),
        def("M12.all", "Overhead share (every engine)", "share", K::Share, L2Deps,
            "share of the makespan during which every present engine is in overhead"),
        def("M12.aic", "AIC idle with ready work", "share", K::Share, L2Deps,
            "share of the makespan with an idle AIC core and an undispatched ready AIC task (k = cores in "
            "the bars)"),
        def("M12.aiv", "AIV idle with ready work", "share", K::Share, L2Deps,
            "share of the makespan with an idle AIV core and an undispatched ready AIV task (k = cores in "
            "the bars)"),
        def("M12.aic_idle_noready", "AIC idle without ready work", "share", K::Share, L2Deps,
            "share of the makespan with an idle AIC core and no ready AIC work (dependency-limited)"),
        def("M12.aiv_idle_noready", "AIV idle without ready work", "share", K::Share, L2Deps,
            "share of the makespan with an idle AIV core and no ready AIV work (dependency-limited)"),
        def("M13", "Critical path scheduler share", "share", K::Share, L2Deps,
            "scheduler-injected time / span of the critical path"),
        def("M13.sched_us", "Critical path scheduler time", "µs", K::Timing, L2Deps,
            "Σ consumer start − producer end along the path, plus the root's start − dispatch"),
        def("M13.span_us", "Critical path span", "µs", K::Timing, L2Deps,
            "finish of the last task − earliest start on the path"),
        def("M13.hops", "Critical path hops", "hops", K::Count, L2Deps,
            "producer-to-consumer steps on the path"),
        def("M13.mean_hop_gap_us", "Mean hop gap", "µs", K::Timing, L2Deps,
            "mean consumer start − producer end over the path's hops"),
        def("M14", "Staircase index (largest kernel group)", "share", K::Share, L1Deps,
            "consecutive pairs of the group (by first start) where b starts after a ends and a path a→b "
            "exists, "
            "over |group| − 1"),
        def("M14.max_concurrency", "Maximum concurrency of the largest kernel group", "tasks", K::Timing,
            L1Deps, "largest number of the group's tasks running at one time"),
        def("M14.span_us", "Span of the largest kernel group", "µs", K::Timing, L1Deps,
            "last end − first start of the group's bars"),
        def("M15", "MIX engine overlap", "share", K::Share, L1,
            "mean over tasks with bars on both engines of |AIC span ∩ AIV span| / |AIC span ∪ AIV span|; 0 "
            "without such tasks"),
        def("M15.mix_tasks", "Tasks on both engines", "tasks", K::Count, L1,
            "tasks with bars on both AIC and AIV"),
        def("M16", "SPMD start skew (mean)", "µs", K::Timing, L1,
            "mean over multi-block tasks of max start − min start of their bars"),
        def("M16.retire_tail_us", "SPMD retire tail (mean)", "µs", K::Timing, L1,
            "mean over multi-block tasks of max end − min end of their bars"),
        def("M17", "Rings used (task ids)", "rings", K::Count, L1,
            "distinct (task_id >> 32) & 0xFF among tasks"),
        def("M17.largest_share", "Largest ring's share of tasks", "share", K::Share, L1,
            "tasks on the most used ring / all tasks"),
        def("M18", "Maximum ring use", "ratio", K::Share, Scope,
            "largest peak / capacity over rings and resources (task window, heap, dep pool)"),
        def("M18.rings_used", "Rings with scope-stats use", "rings", K::Count, Scope,
            "rings with a non-zero peak in any resource"),
        def("M18.largest_ring_share", "Largest ring's share of peaks", "share", K::Share, Scope,
            "Σ peaks (as use of capacity) of the largest ring / Σ over all rings"),
        def("M18.fatal", "Fatal capacity error", "flag", K::Count, Scope,
            "scope-stats metadata fatal (1) or not (0)"),
        def("M19.busy_us", "Scheduler busy time", "µs", K::Timing, L3,
            "Σ phase record durations over scheduler threads"),
        def("M19.dispatch_tasks", "Tasks dispatched by the scheduler", "tasks", K::Count, L3,
            "Σ tasks_processed of dispatch records"),
        def("M19.early_dispatch_tasks", "Tasks early-dispatched by the scheduler", "tasks", K::Count, L3,
            "Σ tasks_processed of early_dispatch records"),
        def("M20", "Orchestrator submits", "submits", K::Count, L4, "orchestrator phase records"),
        def("M20.mean_us", "Mean submit duration", "µs", K::Timing, L4,
            "mean duration of orchestrator records"),
        def("M20.total_us", "Total submit time", "µs", K::Timing, L4, "Σ duration of orchestrator records"),
        def("M21", "Host-side share of wall time", "share", K::Share, Bench,
            "(median host_wall_us − median device_wall_us) / median host_wall_us over the benchmark "
            "rounds of the host log"),
        def("M21.host_median_us", "Host wall per round (median)", "µs", K::Timing, Bench,
            "median of host_wall_us (the ROOT span) over the benchmark rounds"),
        def("M21.host_min_us", "Host wall per round (min)", "µs", K::Timing, Bench,
            "smallest host_wall_us over the benchmark rounds"),
        def("M21.host_stdev_us", "Host wall per round (stdev)", "µs", K::Timing, Bench,
            "sample standard deviation of host_wall_us over the benchmark rounds"),
        def("M21.device_median_us", "Device wall per round (median)", "µs", K::Timing, Bench,
            "median of device_wall_us (ROOT.runner_run.device_wall) over the benchmark rounds"),
        def("M21.device_min_us", "Device wall per round (min)", "µs", K::Timing, Bench,
            "smallest device_wall_us over the benchmark rounds"),
        def("M21.device_stdev_us", "Device wall per round (stdev)", "µs", K::Timing, Bench,
            "sample standard deviation of device_wall_us over the benchmark rounds"),
        def("M21.rounds", "Benchmark rounds", "rounds", K::Count, Bench,
            "launches of the busiest hid in the host log"),
        def("M22", "Happens-before violations", "edges", K::Count, L1Deps,
            "edges whose producer's last end is after the consumer's first start"),
        // The compiler's hints of the build (perf-hints spec A), not of the capture: a technique that
        // removes the cause removes the hint, so "gone" is a count that falls to 0.
        def("PH001", "Compiler hints: undersized transfers", "hints", K::Count, L1,
            "unique PH001 records in the build's report/perf_hints.log, a recompile's copies folded; 0 "
            "when the report folder holds no log"),
        def("PH-MR-001", "Compiler hints: pipeline depth that did not fit", "hints", K::Count, L1,
            "unique PH-MR-001 records in the build's report/perf_hints.log, a recompile's copies folded; "
            "0 when the report folder holds no log"),
    };
}

} // namespace

const std::vector<MetricDefinition> &metricDefinitions()
{
    static const std::vector<MetricDefinition> defs = build();
    return defs;
}

const MetricDefinition *metricDefinition(const QString &id)
{
    for (const MetricDefinition &d : metricDefinitions())
        if (d.id == id)
            return &d;
    return nullptr;
}

QString metricTag(const QString &id)
{
    const MetricDefinition *d = metricDefinition(id);
    // A value id's part after the dot names a field of the code, never shown: "M7.gap_total_us" → "M7".
    return d ? d->metric : id.section(u'.', 0, 0);
}

QString metricName(const QString &id)
{
    const MetricDefinition *d = metricDefinition(id);
    return d ? d->name : metricTag(id);
}

QString metricLabel(const QString &id)
{
    const MetricDefinition *d = metricDefinition(id);
    return d ? d->metric + u' ' + d->name : metricTag(id);
}

} // namespace lanescope
