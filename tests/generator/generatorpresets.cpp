#include "generatorpresets.h"

namespace lanescope {

namespace {

GeneratorOptions sampleBase()
{
    GeneratorOptions o;
    o.level = 4;
    o.blockDim = 24;
    o.schedulerThreads = 3;
    o.clockFreqHz = 50'000'000;
    return o;
}

// Fixtures: a small random program on 4 clusters (12 cores) and 2 scheduler threads, ~150-300 rows.
GeneratorOptions fixtureBase(int level, std::uint64_t seed)
{
    GeneratorOptions o;
    o.seed = seed;
    o.level = level;
    o.tasks = 75;
    o.blockDim = 4;
    o.schedulerThreads = 2;
    o.caseName = QStringLiteral("fixture");
    o.fractions.spmd = 0.2;
    o.fractions.earlyDispatch = 0.06;
    o.fractions.predicatedSkip = 0.03;
    return o;
}

} // namespace

std::vector<GeneratorPreset> generatorPresets()
{
    std::vector<GeneratorPreset> p;

    {
        auto o = sampleBase();
        o.seed = 20250611;
        o.workload = WorkloadKind::DecodeLayer;
        o.layers = 16;
        o.caseName = QStringLiteral("sample");
        p.push_back({QStringLiteral("sample-l4"), QStringLiteral("resources/samples/sample-l4"),
                     QStringLiteral("level-4 decode step: 16 decode layers, 72 cores, 3 scheduler threads"),
                     o});
    }
    for (const bool after : {false, true}) {
        auto o = sampleBase();
        o.seed = 101;
        o.workload = after ? WorkloadKind::TilingAfter : WorkloadKind::TilingBefore;
        o.caseName = QStringLiteral("tiled_mlp");
        p.push_back({after ? QStringLiteral("after") : QStringLiteral("before"),
                     after ? QStringLiteral("resources/samples/before-after/after")
                           : QStringLiteral("resources/samples/before-after/before"),
                     after ? QStringLiteral("01a larger tiling, after: 256 tiles of [256,128]")
                           : QStringLiteral("01a larger tiling, before: 1024 tiles of [64,128]"),
                     o});
    }

    const QString fx = QStringLiteral("tests/fixtures/generated/");
    for (int level = 1; level <= 4; ++level)
        p.push_back({QStringLiteral("fixture-level%1").arg(level), fx + QStringLiteral("level%1").arg(level),
                     QStringLiteral("current shape, level %1").arg(level), fixtureBase(level, 11)});
    {
        auto o = fixtureBase(4, 12);
        o.shape = RecordShape::V2FiveColumns;
        p.push_back({QStringLiteral("fixture-v2"), fx + QStringLiteral("v2-five-columns"),
                     QStringLiteral("5-column aicore rows (no receive delta)"), o});
    }
    {
        auto o = fixtureBase(4, 13);
        o.shape = RecordShape::L2LevelKey;
        p.push_back({QStringLiteral("fixture-l2key"), fx + QStringLiteral("l2-level-key"),
                     QStringLiteral("l2_swimlane_level key, 6-column rows"), o});
    }
    {
        auto o = fixtureBase(4, 14);
        o.shape = RecordShape::PerTaskObjects;
        o.objectKey = ObjectLayoutKey::L2PerfLevel;
        p.push_back({QStringLiteral("fixture-objects"), fx + QStringLiteral("objects-l2-perf-level"),
                     QStringLiteral("per-task objects in µs, l2_perf_level key"), o});
    }
    {
        auto o = fixtureBase(4, 15);
        o.shape = RecordShape::PerTaskObjects;
        o.objectKey = ObjectLayoutKey::Version;
        o.deps = DepsShape::None;
        p.push_back({QStringLiteral("fixture-objects-version"), fx + QStringLiteral("objects-version"),
                     QStringLiteral("per-task objects, version 2, plain ids and fanout lists, no deps.json"),
                     o});
    }
    {
        auto o = fixtureBase(4, 16);
        o.shape = RecordShape::Upstream;
        p.push_back(
            {QStringLiteral("fixture-upstream"), fx + QStringLiteral("upstream"),
             QStringLiteral("newer upstream: 7-column rows, scheduler_tasks, scheduler_records, runtime"),
             o});
    }
    {
        auto o = fixtureBase(4, 17);
        o.shape = RecordShape::Upstream;
        o.idLayout = TaskIdLayout::HostBuildGraph;
        p.push_back(
            {QStringLiteral("fixture-ids-above-2p53"), fx + QStringLiteral("ids-above-2p53"),
             QStringLiteral("host_build_graph runtime: task ids above 2^53, host orchestrator records"), o});
    }
    {
        auto o = fixtureBase(4, 23);
        o.shape = RecordShape::Upstream;
        o.runs = 3;
        p.push_back({QStringLiteral("fixture-upstream-runs"), fx + QStringLiteral("upstream-runs"),
                     QStringLiteral("three runs in one records file, every row stamped with its run_epoch"),
                     o});
    }
    {
        auto o = fixtureBase(4, 24);
        o.shape = RecordShape::Upstream;
        o.retained = true;
        o.verdicts = {RunVerdict::Published, RunVerdict::PartialSafe, RunVerdict::PublishedNothing,
                      RunVerdict::PartialCutUnknown};
        o.runs = int(o.verdicts.size());
        p.push_back({QStringLiteral("fixture-upstream-retained"), fx + QStringLiteral("upstream-retained"),
                     QStringLiteral("retained layout: swimlane-0/records_e1..4.json, verdicts published, "
                                    "partial_safe, captured nothing, partial_cut_unknown"),
                     o});
    }
    {
        auto o = fixtureBase(4, 18);
        o.startCycles = kStartCyclesAbove2p53;
        p.push_back({QStringLiteral("fixture-base-above-2p53"), fx + QStringLiteral("base-above-2p53"),
                     QStringLiteral("cycle values above 2^53"), o});
    }
    {
        auto o = fixtureBase(4, 19);
        o.deps = DepsShape::V1Pairs;
        p.push_back({QStringLiteral("fixture-deps-v1"), fx + QStringLiteral("deps-v1"),
                     QStringLiteral("deps.json v1: numeric [pred, succ] pairs"), o});
    }
    {
        auto o = fixtureBase(4, 20);
        o.zstd = true;
        p.push_back({QStringLiteral("fixture-zstd"), fx + QStringLiteral("zstd"),
                     QStringLiteral("every file zstd-compressed (.zst only)"), o});
    }
    {
        auto o = fixtureBase(4, 21);
        o.inject.dropAicpuRows = 3;
        o.inject.dropAicoreRows = 2;
        o.inject.duplicateJoinKeys = 2;
        o.inject.coreIdsBeyondNumCores = 2;
        p.push_back(
            {QStringLiteral("fixture-injected"), fx + QStringLiteral("injected"),
             QStringLiteral("lost rows on both sides, duplicate join keys, core ids beyond num_cores"), o});
    }
    {
        auto o = fixtureBase(4, 22);
        o.inject.truncateRecordsAt = 0.6;
        p.push_back({QStringLiteral("fixture-truncated"), fx + QStringLiteral("truncated"),
                     QStringLiteral("records file cut at 60 % of its bytes"), o});
    }
    return p;
}

std::optional<GeneratorPreset> findGeneratorPreset(const QString &name)
{
    for (auto &p : generatorPresets())
        if (p.name == name)
            return p;
    return std::nullopt;
}

} // namespace lanescope
