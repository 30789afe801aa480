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
#include "scopestatswriter.h"
#include "techniqueworkloads.h"
#include "tilingworkload.h"
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
    case WorkloadKind::Random: return buildRandomWorkload(o, rng);
    case WorkloadKind::DecodeLayer: return buildDecodeLayerWorkload(o, rng);
    case WorkloadKind::TilingBefore: return buildTilingWorkload(o, rng, false);
    case WorkloadKind::TilingAfter: return buildTilingWorkload(o, rng, true);
    case WorkloadKind::RingImbalance: return buildRingImbalanceWorkload(o, rng);
    case WorkloadKind::RingAtCapacity: return buildRingAtCapacityWorkload(o, rng);
    case WorkloadKind::SpmdBefore: return buildSpmdWorkload(o, rng, false);
    case WorkloadKind::SpmdAfter: return buildSpmdWorkload(o, rng, true);
    case WorkloadKind::WriteChain: return buildWriteChainWorkload(o, rng, false);
    case WorkloadKind::WriteDisjoint: return buildWriteChainWorkload(o, rng, true);
    case WorkloadKind::RingRebalanced: return buildRingRebalancedWorkload(o, rng);
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
    return c;
}

// Cuts the file to the given fraction of its bytes, as a killed producer leaves it (§13.6).
std::int64_t truncateFile(const QString &path, double fraction)
{
    QFile f(path);
    const auto kept = std::int64_t(std::floor(double(f.size()) * fraction));
    return f.resize(kept) ? kept : -1;
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

    const Workload workload = buildWorkload(o);
    const SimulatedRun run = simulateWorkload(workload, simulationConfig(o));

    ExpectedValues &e = out.expected;
    fillWorkloadExpectations(workload, e);

    QStringList written;
    out.recordsPath = dir.filePath(QStringLiteral("chip_swimlane_records.json"));
    if (o.shape == RecordShape::PerTaskObjects) {
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
    e.recordsBytes = QFileInfo(out.recordsPath).size();
    const double cut = o.inject.truncateRecordsAt;
    if (cut > 0 && cut < 1)
        e.truncatedAtByte = truncateFile(out.recordsPath, cut);
    written << out.recordsPath;

    if (o.deps != DepsShape::None) {
        out.depsPath = dir.filePath(QStringLiteral("deps.json"));
        if (!writeDeps(workload, o, out.depsPath))
            return fail(out.depsPath);
        e.depsWritten = true;
        written << out.depsPath;
    }
    if (o.nameMap) {
        const auto name = o.nameMapFileName.isEmpty() ? QStringLiteral("name_map_%1.json").arg(o.caseName) : o.nameMapFileName;
        out.nameMapPath = dir.filePath(name);
        if (!writeNameMap(workload, out.nameMapPath))
            return fail(out.nameMapPath);
        written << out.nameMapPath;
    }
    if (o.scopeStats && o.idLayout == TaskIdLayout::RingLocal) {
        dir.mkpath(QStringLiteral("scope_stats"));
        out.scopeStatsPath = dir.filePath(QStringLiteral("scope_stats/scope_stats.jsonl"));
        if (!writeScopeStats(workload, run, o, out.scopeStatsPath))
            return fail(out.scopeStatsPath);
        e.scopeSamples = run.scopeSamples.size();
        written << out.scopeStatsPath;
    }
    if (o.hostLog) {
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
        for (QString *p : {&out.recordsPath, &out.depsPath, &out.nameMapPath, &out.scopeStatsPath, &out.hostLogPath})
            if (!p->isEmpty())
                *p += QStringLiteral(".zst");
    }
    return out;
}

} // namespace lanescope
