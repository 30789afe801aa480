#include "capturegenerator.h"

#include "capturedatabuilder.h"
#include "decodelayerworkload.h"
#include "depswriter.h"
#include "expectedcalculator.h"
#include "hostlogwriter.h"
#include "namemapwriter.h"
#include "objectrecords.h"
#include "randomworkload.h"
#include "recordswriter.h"
#include "ringexpectations.h"
#include "ringworkloads.h"
#include "runexpectations.h"
#include "runsequence.h"
#include "scopestatswriter.h"
#include "techniqueworkloads.h"
#include "tilingworkload.h"
#include "workloadedits.h"
#include "workloadsimulator.h"
#include "zstdfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

Workload buildWorkload(const GeneratorOptions &o)
{
    DeterministicRng rng(o.seed);
    switch (o.workload) {
    case WorkloadKind::Random:
        return buildRandomWorkload(o, rng);
    case WorkloadKind::DecodeLayer:
        return buildDecodeLayerWorkload(o, rng);
    case WorkloadKind::TilingBefore:
        return buildTilingWorkload(o, rng, false);
    case WorkloadKind::TilingAfter:
        return buildTilingWorkload(o, rng, true);
    case WorkloadKind::RingImbalance:
        return buildRingImbalanceWorkload(o, rng);
    case WorkloadKind::RingAtCapacity:
        return buildRingAtCapacityWorkload(o, rng);
    case WorkloadKind::SpmdBefore:
        return buildSpmdWorkload(o, rng, false);
    case WorkloadKind::SpmdAfter:
        return buildSpmdWorkload(o, rng, true);
    case WorkloadKind::WriteChain:
        return buildWriteChainWorkload(o, rng, false);
    case WorkloadKind::WriteDisjoint:
        return buildWriteChainWorkload(o, rng, true);
    case WorkloadKind::RingRebalanced:
        return buildRingRebalancedWorkload(o, rng);
    }
    return buildRandomWorkload(o, rng);
}

SimulationConfig simulationConfig(const GeneratorOptions &o)
{
    SimulationConfig c;
    c.seed = o.seed;
    c.layout = CoreLayout::make(o.blockDim, o.schedulerThreads);
    c.coreQueueDepth = std::max(1, o.coreQueueDepth);
    c.hostOrchestrated = o.idLayout == TaskIdLayout::HostBuildGraph;
    c.taskWindowMax = std::max(1, o.taskWindowMax);
    c.schedulerCostScale = o.schedulerCostScale;
    c.orchestratorCostScale = o.orchestratorCostScale;
    c.kernelTimesByTask = o.kernelTimesByTask;
    c.slowFunction = o.slowFunction;
    c.slowByNs = o.slowByNs;
    return c;
}

// Cuts the file to the given fraction of its bytes, as a killed producer leaves it (§13.6).
std::int64_t truncateFile(const QString &path, double fraction)
{
    QFile f(path);
    const auto kept = std::int64_t(std::floor(double(f.size()) * fraction));
    return f.resize(kept) ? kept : -1;
}

bool multiRun(const GeneratorOptions &o)
{
    return o.runs > 1 || o.retained;
}

// Records of a multi-run capture: one file holding every epoch, or the retained folder with one
// records_e<epoch>.json per run (supplement §5.1). Returns the files written, empty on failure.
QStringList writeRunRecords(const std::vector<CapturedRun> &runs, const GeneratorOptions &o, const QDir &dir,
                            QString *failed)
{
    QStringList files;
    if (!o.retained) {
        const QString path = dir.filePath(QStringLiteral("chip_swimlane_records.json"));
        if (!writeRawRecords(mergeRuns(runs), o, path))
            *failed = path;
        return failed->isEmpty() ? QStringList{path} : QStringList{};
    }
    dir.mkpath(QStringLiteral("swimlane-0"));
    for (const CapturedRun &run : runs) {
        const QString path = dir.filePath(QStringLiteral("swimlane-0/records_e%1.json").arg(run.runEpoch));
        const CollectionBlock collection = collectionBlockOf(run);
        if (!writeRawRecords(run.data, o, path, &collection)) {
            *failed = path;
            return {};
        }
        files << path;
    }
    return files;
}

} // namespace

GeneratedCapture generateCapture(const GeneratorOptions &options, const QString &outputDir)
{
    GeneratedCapture out;
    GeneratorOptions o = options;
    o.level = std::clamp(o.level, 1, 4);
    if (o.clockFreqHz <= 0)
        o.clockFreqHz = 50'000'000;

    QDir dir(outputDir);
    if (!dir.mkpath(QStringLiteral("."))) {
        out.error = outputDir + QStringLiteral(": cannot create directory");
        return out;
    }
    out.dir = dir.absolutePath();
    auto fail = [&out](const QString &what) {
        out.error = what + QStringLiteral(": write failed");
        return out;
    };

    o.runs = std::max(1, o.runs);
    if (multiRun(o) && (o.shape != RecordShape::Upstream || o.idLayout != TaskIdLayout::RingLocal)) {
        out.error = QStringLiteral(
            "several runs and the retained layout need the upstream shape with ring-local ids");
        return out;
    }

    Workload workload = buildWorkload(o);
    dropLastKernelTasks(workload, o.dropLastTasks);
    rotateLocalIds(workload, o.renumberTasks);
    // A multi-run capture simulates each of its runs; `run` is the first, for the companions.
    std::vector<CapturedRun> runs;
    if (multiRun(o))
        runs = captureRunSequence(workload, o, simulationConfig(o));
    SimulatedRun single;
    if (runs.empty())
        single = simulateWorkload(workload, simulationConfig(o));
    const SimulatedRun &run = runs.empty() ? single : runs.front().simulated;

    ExpectedValues &e = out.expected;
    fillWorkloadExpectations(workload, e);

    QStringList written;
    out.recordsPath = dir.filePath(QStringLiteral("chip_swimlane_records.json"));
    const bool scopeStatsWritten = o.scopeStats && o.idLayout == TaskIdLayout::RingLocal;
    if (!runs.empty()) {
        QString failed;
        const QStringList files = writeRunRecords(runs, o, dir, &failed);
        if (files.isEmpty())
            return fail(failed);
        out.recordsPath = files.back();
        out.runRecordsPaths = files;
        fillRunExpectations(runs, workload, o, scopeStatsWritten, e);
        for (const QString &file : files)
            e.recordsBytes += QFileInfo(file).size();
        written << files;
    } else if (o.shape == RecordShape::PerTaskObjects) {
        const auto layout = buildObjectLayout(workload, run, o);
        if (!writeObjectRecords(layout, workload, o, out.recordsPath))
            return fail(out.recordsPath);
        fillObjectExpectations(layout, workload, o, e);
    } else {
        const auto data = buildCaptureData(workload, run, o);
        if (!writeRawRecords(data, o, out.recordsPath))
            return fail(out.recordsPath);
        fillRawExpectations(data, workload, o, e);
        fillRingExpectations(data, e);
    }
    if (runs.empty()) {
        e.recordsBytes = QFileInfo(out.recordsPath).size();
        written << out.recordsPath;
    }
    const double cut = o.inject.truncateRecordsAt;
    if (cut > 0 && cut < 1)
        e.truncatedAtByte = truncateFile(out.recordsPath, cut);

    if (o.deps != DepsShape::None) {
        out.depsPath = dir.filePath(QStringLiteral("deps.json"));
        if (!writeDeps(workload, o, out.depsPath))
            return fail(out.depsPath);
        e.depsWritten = true;
        written << out.depsPath;
    }
    if (o.nameMap) {
        const auto name = o.nameMapFileName.isEmpty() ? QStringLiteral("name_map_%1.json").arg(o.caseName)
                                                      : o.nameMapFileName;
        out.nameMapPath = dir.filePath(name);
        if (!writeNameMap(workload, out.nameMapPath))
            return fail(out.nameMapPath);
        written << out.nameMapPath;
    }
    if (scopeStatsWritten) {
        dir.mkpath(QStringLiteral("scope_stats"));
        out.scopeStatsPath = dir.filePath(QStringLiteral("scope_stats/scope_stats.jsonl"));
        if (runs.empty()) {
            if (!writeScopeStats(workload, run, o, out.scopeStatsPath))
                return fail(out.scopeStatsPath);
            e.scopeSamples = run.scopeSamples.size();
        } else {
            std::vector<ScopeStatsRun> scopeRuns;
            for (const CapturedRun &r : runs)
                scopeRuns.push_back({&r.simulated, r.runEpoch, r.verdict == RunVerdict::PublishedNothing});
            if (!writeScopeStatsRuns(workload, scopeRuns, o, o.retained, out.scopeStatsPath))
                return fail(out.scopeStatsPath);
        }
        written << out.scopeStatsPath;
    }
    // The [STRACE] log is of one invocation; a multi-run capture has none (the runs would need a
    // chip.run window each, supplement §4.4).
    if (o.hostLog && runs.empty()) {
        out.hostLogPath = dir.filePath(QStringLiteral("strace.log"));
        e.hostSpans = writeHostLog(run, o, out.hostLogPath);
        if (e.hostSpans < 0)
            return fail(out.hostLogPath);
        written << out.hostLogPath;
    }

    if (o.zstd) {
        QString err;
        for (const auto &path : std::as_const(written)) {
            if (!compressFileZstd(path, path + QStringLiteral(".zst"), &err)) {
                out.error = err;
                return out;
            }
            if (!o.keepUncompressed)
                QFile::remove(path);
        }
        for (QString *p :
             {&out.recordsPath, &out.depsPath, &out.nameMapPath, &out.scopeStatsPath, &out.hostLogPath})
            if (!p->isEmpty())
                *p += QStringLiteral(".zst");
        for (QString &p : out.runRecordsPaths)
            p += QStringLiteral(".zst");
    }
    return out;
}

} // namespace lanescope
