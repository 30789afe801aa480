// lanescope-gen: writes deterministic synthetic captures and prints their expected values as JSON.
//
//   lanescope-gen --out DIR [--level N] [--tasks N] [--seed N] [--shape current|v2|l2key|objects|upstream]
//                 [--zstd] [--no-deps] ...            one capture (see --help for every option)
//   lanescope-gen --shape upstream --runs 3 --out DIR  three runs in one records file
//   lanescope-gen --shape upstream --verdicts published,partial_safe,nothing --out DIR
//                                                      a retained folder, one file per run
//   lanescope-gen --preset sample-l4 --out DIR         one committed sample or fixture
//   lanescope-gen --bundled SOURCE_ROOT                regenerate every committed sample and fixture

#include "capturegenerator.h"
#include "expectedjson.h"
#include "generatorpresets.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <optional>
#include <type_traits>

using namespace lanescope;

namespace {

struct Choice
{
    const char *name;
    int value;
};

template <typename Enum, std::size_t N>
std::optional<Enum> choose(const QString &text, const Choice (&choices)[N])
{
    for (const auto &c : choices)
        if (text == QLatin1String(c.name))
            return Enum(c.value);
    return std::nullopt;
}

constexpr Choice kShapes[] = {{"current", int(RecordShape::Current)},
                              {"v2", int(RecordShape::V2FiveColumns)},
                              {"l2key", int(RecordShape::L2LevelKey)},
                              {"objects", int(RecordShape::PerTaskObjects)},
                              {"upstream", int(RecordShape::Upstream)}};
constexpr Choice kVerdicts[] = {{"published", int(RunVerdict::Published)},
                                {"partial_safe", int(RunVerdict::PartialSafe)},
                                {"partial_cut_unknown", int(RunVerdict::PartialCutUnknown)},
                                {"nothing", int(RunVerdict::PublishedNothing)}};
constexpr Choice kObjectKeys[] = {{"l2_perf_level", int(ObjectLayoutKey::L2PerfLevel)},
                                  {"l2_swimlane_level", int(ObjectLayoutKey::L2SwimlaneLevel)},
                                  {"version", int(ObjectLayoutKey::Version)}};
constexpr Choice kDeps[] = {
    {"current", int(DepsShape::Current)}, {"v1", int(DepsShape::V1Pairs)}, {"none", int(DepsShape::None)}};
constexpr Choice kIds[] = {{"ring-local", int(TaskIdLayout::RingLocal)},
                           {"hbg", int(TaskIdLayout::HostBuildGraph)}};
constexpr Choice kWorkloads[] = {{"random", int(WorkloadKind::Random)},
                                 {"decode", int(WorkloadKind::DecodeLayer)},
                                 {"tiling-before", int(WorkloadKind::TilingBefore)},
                                 {"tiling-after", int(WorkloadKind::TilingAfter)},
                                 {"ring-imbalance", int(WorkloadKind::RingImbalance)},
                                 {"ring-at-capacity", int(WorkloadKind::RingAtCapacity)},
                                 {"spmd-before", int(WorkloadKind::SpmdBefore)},
                                 {"spmd-after", int(WorkloadKind::SpmdAfter)},
                                 {"write-chain", int(WorkloadKind::WriteChain)},
                                 {"write-disjoint", int(WorkloadKind::WriteDisjoint)},
                                 {"ring-rebalanced", int(WorkloadKind::RingRebalanced)}};

int fail(const QString &message)
{
    QTextStream(stderr) << "lanescope-gen: " << message << '\n';
    return 2;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Generates one capture, writes expected.json beside it (unless told not to) and returns the JSON.
std::optional<QByteArray> run(const GeneratorOptions &o, const QString &dir, bool expectedFile)
{
    QElapsedTimer timer;
    timer.start();
    const auto capture = generateCapture(o, dir);
    if (!capture.ok()) {
        fail(capture.error);
        return std::nullopt;
    }
    const auto json = expectedToJson(capture.expected);
    if (expectedFile && !writeFile(QDir(capture.dir).filePath(QStringLiteral("expected.json")), json)) {
        fail(dir + QStringLiteral("/expected.json: write failed"));
        return std::nullopt;
    }
    QTextStream(stderr) << "lanescope-gen: " << capture.dir << ": " << capture.expected.aicoreRows
                        << " AICore rows in " << timer.elapsed() << " ms\n";
    return json;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lanescope-gen"));

    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Deterministic synthetic PyPTO chip-swimlane captures."));
    p.addHelpOption();
    const QList<QCommandLineOption> opts = {
        {QStringLiteral("out"), QStringLiteral("Output directory."), QStringLiteral("dir")},
        {QStringLiteral("preset"), QStringLiteral("Start from a named preset (see --list-presets)."),
         QStringLiteral("name")},
        {QStringLiteral("bundled"),
         QStringLiteral("Regenerate every committed sample and fixture under the source root."),
         QStringLiteral("root")},
        {QStringLiteral("list-presets"), QStringLiteral("List the presets and their directories.")},
        {QStringLiteral("level"), QStringLiteral("Capture level 1..4."), QStringLiteral("n")},
        {QStringLiteral("tasks"), QStringLiteral("Logical tasks of the random workload."),
         QStringLiteral("n")},
        {QStringLiteral("layers"), QStringLiteral("Decode layers of the decode workload."),
         QStringLiteral("n")},
        {QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("n")},
        {QStringLiteral("workload"),
         QStringLiteral("random | decode | tiling-before | tiling-after | ring-imbalance | ring-at-capacity "
                        "(use a small --window)."),
         QStringLiteral("kind")},
        {QStringLiteral("shape"), QStringLiteral("current | v2 | l2key | objects | upstream."),
         QStringLiteral("shape")},
        {QStringLiteral("object-key"), QStringLiteral("l2_perf_level | l2_swimlane_level | version."),
         QStringLiteral("key")},
        {QStringLiteral("deps"), QStringLiteral("current | v1 | none."), QStringLiteral("shape")},
        {QStringLiteral("no-deps"), QStringLiteral("Write no deps.json.")},
        {QStringLiteral("ids"),
         QStringLiteral("ring-local | hbg (newer upstream host_build_graph ids, above 2^53)."),
         QStringLiteral("layout")},
        {QStringLiteral("ids-above-2p53"), QStringLiteral("Same as --ids hbg.")},
        {QStringLiteral("base-above-2p53"), QStringLiteral("Start the cycle counter above 2^53.")},
        {QStringLiteral("start-cycles"), QStringLiteral("Counter value at simulated time 0."),
         QStringLiteral("n")},
        {QStringLiteral("block-dim"), QStringLiteral("Clusters (num_cores = 3 x block_dim)."),
         QStringLiteral("n")},
        {QStringLiteral("threads"), QStringLiteral("Scheduler threads."), QStringLiteral("n")},
        {QStringLiteral("queue-depth"), QStringLiteral("Subtasks a core may hold (1 or 2)."),
         QStringLiteral("n")},
        {QStringLiteral("clock"), QStringLiteral("Counter frequency in Hz."), QStringLiteral("hz")},
        {QStringLiteral("spmd"), QStringLiteral("Share of SPMD tasks."), QStringLiteral("f")},
        {QStringLiteral("mix"), QStringLiteral("Share of MIX tasks."), QStringLiteral("f")},
        {QStringLiteral("dummy"), QStringLiteral("Share of dummy tasks."), QStringLiteral("f")},
        {QStringLiteral("alloc"), QStringLiteral("Share of alloc_tensors pseudo tasks."),
         QStringLiteral("f")},
        {QStringLiteral("skip"), QStringLiteral("Share of predicated-skip tasks."), QStringLiteral("f")},
        {QStringLiteral("early"), QStringLiteral("Share of early-dispatch (hb_violation) consumers."),
         QStringLiteral("f")},
        {QStringLiteral("sched-scale"), QStringLiteral("Multiplier on scheduler costs."),
         QStringLiteral("f")},
        {QStringLiteral("orch-scale"), QStringLiteral("Multiplier on orchestrator costs."),
         QStringLiteral("f")},
        {QStringLiteral("window"), QStringLiteral("Task window per ring."), QStringLiteral("n")},
        {QStringLiteral("no-name-map"), QStringLiteral("Write no name map.")},
        {QStringLiteral("no-scope-stats"), QStringLiteral("Write no scope stats.")},
        {QStringLiteral("no-host-log"), QStringLiteral("Write no strace.log.")},
        {QStringLiteral("zstd"), QStringLiteral("Write every file as <name>.zst.")},
        {QStringLiteral("keep-plain"), QStringLiteral("With --zstd, keep the uncompressed files too.")},
        {QStringLiteral("case"), QStringLiteral("Case name (name_map_<case>.json)."), QStringLiteral("name")},
        {QStringLiteral("drop-aicpu"), QStringLiteral("Drop N AICPU rows."), QStringLiteral("n")},
        {QStringLiteral("drop-aicore"), QStringLiteral("Drop N AICore rows."), QStringLiteral("n")},
        {QStringLiteral("duplicate-keys"), QStringLiteral("Add N AICore rows repeating a join key."),
         QStringLiteral("n")},
        {QStringLiteral("cores-beyond"), QStringLiteral("Move N rows to core ids >= num_cores."),
         QStringLiteral("n")},
        {QStringLiteral("truncate"), QStringLiteral("Keep this fraction of the records file."),
         QStringLiteral("f")},
        {QStringLiteral("runs"),
         QStringLiteral(
             "Upstream shape: capture the workload N times one after another (run_epoch 1..N, reg_task_id "
             "restarting per run); without --retained every run goes into one records file."),
         QStringLiteral("n")},
        {QStringLiteral("retained"),
         QStringLiteral("Upstream shape: the retained layout, OUT/swimlane-0/records_e<epoch>.json per run "
                        "with metadata.collection; deps.json and scope_stats/ stay in OUT.")},
        {QStringLiteral("verdicts"),
         QStringLiteral("With --retained: each run's verdict, comma-separated: published | partial_safe | "
                        "partial_cut_unknown | nothing (published with no records); runs past the list are "
                        "published. Implies --retained and at least as many --runs."),
         QStringLiteral("list")},
        {QStringLiteral("kernel-times-by-task"),
         QStringLiteral("Draw kernel times from (seed, task, core type) alone, so a change to one function "
                        "leaves the other bars' durations as they were (before/after pairs; use --clock "
                        "1000000000 for exact durations).")},
        {QStringLiteral("slow-function"),
         QStringLiteral("Every AICore subtask of this func id runs --slow-by-ns longer."),
         QStringLiteral("id")},
        {QStringLiteral("slow-by-ns"), QStringLiteral("How much longer --slow-function runs."),
         QStringLiteral("ns")},
        {QStringLiteral("drop-last"), QStringLiteral("Do not submit the last N tasks that run on cores."),
         QStringLiteral("n")},
        {QStringLiteral("renumber"),
         QStringLiteral("Rotate the local ids within each ring by N places: the same work under other ids."),
         QStringLiteral("n")},
        {QStringLiteral("no-expected-file"),
         QStringLiteral("Do not write expected.json into the output directory.")},
    };
    p.addOptions(opts);
    p.process(app);

    if (p.isSet(QStringLiteral("list-presets"))) {
        QTextStream out(stdout);
        for (const auto &preset : generatorPresets())
            out << preset.name << '\t' << preset.directory << '\t' << preset.description << '\n';
        return 0;
    }

    const bool expectedFile = !p.isSet(QStringLiteral("no-expected-file"));
    if (p.isSet(QStringLiteral("bundled"))) {
        const QDir root(p.value(QStringLiteral("bundled")));
        for (const auto &preset : generatorPresets()) {
            QDir(root.filePath(preset.directory)).removeRecursively();
            if (!run(preset.options, root.filePath(preset.directory), expectedFile))
                return 1;
        }
        return 0;
    }

    GeneratorOptions o;
    if (p.isSet(QStringLiteral("preset"))) {
        const auto preset = findGeneratorPreset(p.value(QStringLiteral("preset")));
        if (!preset)
            return fail(QStringLiteral("unknown preset ") + p.value(QStringLiteral("preset")));
        o = preset->options;
    }
    if (!p.isSet(QStringLiteral("out")))
        return fail(QStringLiteral("--out DIR is required"));

    bool okAll = true;
    auto integer = [&](const char *name, auto &field) {
        if (!p.isSet(QLatin1String(name)))
            return;
        bool ok = false;
        const auto v = p.value(QLatin1String(name)).toULongLong(&ok);
        okAll = okAll && ok;
        field = std::remove_reference_t<decltype(field)>(v);
    };
    auto real = [&](const char *name, double &field) {
        if (!p.isSet(QLatin1String(name)))
            return;
        bool ok = false;
        field = p.value(QLatin1String(name)).toDouble(&ok);
        okAll = okAll && ok;
    };
    auto enumerated = [&](const char *name, auto &field, const auto &choices) {
        if (!p.isSet(QLatin1String(name)))
            return;
        const auto v =
            choose<std::remove_reference_t<decltype(field)>>(p.value(QLatin1String(name)), choices);
        okAll = okAll && v.has_value();
        if (v)
            field = *v;
    };
    integer("level", o.level);
    integer("tasks", o.tasks);
    integer("layers", o.layers);
    integer("seed", o.seed);
    integer("start-cycles", o.startCycles);
    integer("block-dim", o.blockDim);
    integer("threads", o.schedulerThreads);
    integer("queue-depth", o.coreQueueDepth);
    integer("clock", o.clockFreqHz);
    integer("window", o.taskWindowMax);
    integer("drop-aicpu", o.inject.dropAicpuRows);
    integer("drop-aicore", o.inject.dropAicoreRows);
    integer("duplicate-keys", o.inject.duplicateJoinKeys);
    integer("cores-beyond", o.inject.coreIdsBeyondNumCores);
    integer("slow-function", o.slowFunction);
    integer("slow-by-ns", o.slowByNs);
    integer("drop-last", o.dropLastTasks);
    integer("renumber", o.renumberTasks);
    real("spmd", o.fractions.spmd);
    real("mix", o.fractions.mix);
    real("dummy", o.fractions.dummy);
    real("alloc", o.fractions.alloc);
    real("skip", o.fractions.predicatedSkip);
    real("early", o.fractions.earlyDispatch);
    real("sched-scale", o.schedulerCostScale);
    real("orch-scale", o.orchestratorCostScale);
    real("truncate", o.inject.truncateRecordsAt);
    enumerated("workload", o.workload, kWorkloads);
    enumerated("shape", o.shape, kShapes);
    enumerated("object-key", o.objectKey, kObjectKeys);
    enumerated("deps", o.deps, kDeps);
    enumerated("ids", o.idLayout, kIds);
    if (!okAll)
        return fail(QStringLiteral("invalid option value (see --help)"));
    if (p.isSet(QStringLiteral("no-deps")))
        o.deps = DepsShape::None;
    if (p.isSet(QStringLiteral("ids-above-2p53")))
        o.idLayout = TaskIdLayout::HostBuildGraph;
    if (p.isSet(QStringLiteral("base-above-2p53")))
        o.startCycles = kStartCyclesAbove2p53;
    if (p.isSet(QStringLiteral("no-name-map")))
        o.nameMap = false;
    if (p.isSet(QStringLiteral("no-scope-stats")))
        o.scopeStats = false;
    if (p.isSet(QStringLiteral("no-host-log")))
        o.hostLog = false;
    if (p.isSet(QStringLiteral("zstd")))
        o.zstd = true;
    if (p.isSet(QStringLiteral("kernel-times-by-task")))
        o.kernelTimesByTask = true;
    if (p.isSet(QStringLiteral("keep-plain")))
        o.keepUncompressed = true;
    if (p.isSet(QStringLiteral("case")))
        o.caseName = p.value(QStringLiteral("case"));
    integer("runs", o.runs);
    if (p.isSet(QStringLiteral("retained")))
        o.retained = true;
    if (p.isSet(QStringLiteral("verdicts"))) {
        o.retained = true;
        o.verdicts.clear();
        for (const QString &name : p.value(QStringLiteral("verdicts")).split(QLatin1Char(','))) {
            const auto v = choose<RunVerdict>(name.trimmed(), kVerdicts);
            if (!v)
                return fail(QStringLiteral("unknown verdict ") + name + QStringLiteral(" (see --help)"));
            o.verdicts.push_back(*v);
        }
        o.runs = std::max(o.runs, int(o.verdicts.size()));
    }
    if (!okAll || o.runs < 1)
        return fail(QStringLiteral("invalid option value (see --help)"));
    if ((o.runs > 1 || o.retained) && o.shape != RecordShape::Upstream)
        return fail(QStringLiteral("--runs, --retained and --verdicts need --shape upstream"));
    if (o.level < 1 || o.level > 4)
        return fail(QStringLiteral("--level must be 1..4"));

    const auto json = run(o, p.value(QStringLiteral("out")), expectedFile);
    if (!json)
        return 1;
    std::fwrite(json->constData(), 1, std::size_t(json->size()), stdout);
    return 0;
}
