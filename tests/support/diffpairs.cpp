#include "diffpairs.h"

#include "capturegenerator.h"
#include "model/io/loader.h"

#include <QtDebug>

namespace lanescope {

namespace {

// Every run of the capture in `path`; empty (logged) when it cannot be generated or read.
CaptureRuns generateRuns(const GeneratorOptions &options, const QString &path)
{
    const GeneratedCapture generated = generateCapture(options, path);
    if (!generated.ok()) {
        qWarning("generator: %s", qPrintable(generated.error));
        return {};
    }
    LoadResult loaded = loadCapture(path);
    if (!loaded.ok()) {
        qWarning("loader: %s", qPrintable(loaded.error.toString()));
        return {};
    }
    return loaded.runs;
}

} // namespace

GeneratorOptions diffBaseOptions(std::uint64_t seed, int tasks, int runs)
{
    GeneratorOptions o;
    o.seed = seed;
    o.level = 4;
    o.tasks = tasks;
    o.clockFreqHz = 1'000'000'000;
    o.kernelTimesByTask = true;
    o.runs = runs;
    if (runs > 1)
        o.shape = RecordShape::Upstream; // several runs need the upstream shape
    o.hostLog = false;
    return o;
}

DiffPair makeDiffPair(const GeneratorOptions &before, const GeneratorOptions &after)
{
    DiffPair pair;
    pair.dir = std::make_unique<QTemporaryDir>();
    pair.beforeOptions = before;
    pair.afterOptions = after;
    if (!pair.dir->isValid()) {
        qWarning("cannot create a temporary directory");
        return pair;
    }
    pair.before = generateRuns(before, pair.dir->filePath(QStringLiteral("before")));
    pair.after = generateRuns(after, pair.dir->filePath(QStringLiteral("after")));
    return pair;
}

DiffPair slowedFunctionPair(std::int32_t funcId, std::int64_t byNs, const GeneratorOptions &base)
{
    GeneratorOptions after = base;
    after.slowFunction = funcId;
    after.slowByNs = byNs;
    return makeDiffPair(base, after);
}

DiffPair droppedTasksPair(int count, const GeneratorOptions &base)
{
    GeneratorOptions after = base;
    after.dropLastTasks = count;
    return makeDiffPair(base, after);
}

DiffPair renumberedPair(int places, const GeneratorOptions &base)
{
    GeneratorOptions after = base;
    after.renumberTasks = places;
    return makeDiffPair(base, after);
}

DiffPair tilingPair(const GeneratorOptions &base)
{
    GeneratorOptions before = base;
    before.workload = WorkloadKind::TilingBefore;
    GeneratorOptions after = base;
    after.workload = WorkloadKind::TilingAfter;
    return makeDiffPair(before, after);
}

} // namespace lanescope
