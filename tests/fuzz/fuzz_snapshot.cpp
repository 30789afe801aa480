// The snapshot reader: any bytes give the runs of a sound snapshot or a one-line refusal, never a
// crash. The checksum is not checked, so that mutated inputs reach the field reader and the
// consistency checks behind it; what they accept must then serve everything the window builds on a
// run: its bar index, its facts and its analysis.
//
// Seeds: with LANESCOPE_SNAPSHOT_SEEDS naming a folder, the first call writes there the snapshots of
// a few captures (paths in LANESCOPE_SNAPSHOT_SEED_CAPTURES, separated by ':'), under the key below.
#include "fuzzinput.h"
#include "model/analysis/ringoccupancy.h"
#include "model/index/captureindex.h"
#include "model/session/capturedocument.h"
#include "model/session/capturefacts.h"
#include "model/snapshot/capturesnapshot.h"
#include "model/techniques/captureanalysis.h"

#include <QDir>
#include <QFile>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace {

lanescope::SourceKey fuzzKey()
{
    lanescope::SourceKey key;
    key.opened = QStringLiteral("/fuzz/capture");
    return key;
}

void writeSeeds()
{
    using namespace lanescope;
    const QString dir = qEnvironmentVariable("LANESCOPE_SNAPSHOT_SEEDS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    const QStringList captures =
        qEnvironmentVariable("LANESCOPE_SNAPSHOT_SEED_CAPTURES").split(u':', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < captures.size(); ++i) {
        const OpenedDocument opened = openDocument(captures[i]);
        if (!opened.ok())
            continue;
        QFile out(QDir(dir).filePath(QStringLiteral("seed-%1.snapshot").arg(i)));
        if (out.open(QIODevice::WriteOnly))
            writeCaptureSnapshot(out, fuzzKey(), opened.document->runs, opened.document->derivations());
    }
}

// What a frame and a click ask of every level of the index: a kept index must answer within the
// run's slices.
void askEveryLevel(const lanescope::Capture &run, const lanescope::BarIndex &bars)
{
    using namespace lanescope;
    const TimeRange extent = bars.extent();
    for (std::size_t lane = 0; lane < bars.laneCount(); ++lane) {
        const Slices &slices = run.lanes[lane].slices;
        for (int depth = 0; depth < bars.levelCount(lane); ++depth) {
            const LaneLevelIndex &level = bars.level(lane, depth);
            for (const double us : {extent.startUs, (extent.startUs + extent.endUs) / 2, extent.endUs}) {
                const std::size_t k = level.firstEndingAtOrAfter(slices, us);
                if (k < level.size() && slices[level.sliceIndex(k)].ref == ~0u)
                    std::abort(); // reads the slice: out of bounds would be caught by the sanitizer
                level.firstStartingAtOrAfter(slices, us, k);
                (void)bars.sliceAt(run, lane, depth, us, 1.0);
                if (!level.summary().isEmpty())
                    (void)level.summary().buckets()[level.summary().bucketOf(us)];
            }
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    lanescope::ensureCoreApplication();
    writeSeeds();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    // Read as the cache reads a mapped snapshot: from bytes aligned as a page is and kept alive,
    // so that the runs view their records in place (flatarray.h).
    auto kept8 = std::make_shared<std::vector<std::uint64_t>>((size + 7) / 8);
    if (size > 0)
        std::memcpy(kept8->data(), data, size);
    const auto *aligned = reinterpret_cast<const std::uint8_t *>(kept8->data());
    const SnapshotRead read = readCaptureSnapshot(aligned, size, fuzzKey(), false, kept8);
    if (!read.ok()) {
        if (read.problem.isEmpty() || read.problem.contains(u'\n'))
            std::abort(); // a refusal always says why, on one line
        return 0;
    }
    KeptCapture kept = std::move(*read.kept);
    for (std::size_t i = 0; i < kept.runs.size(); ++i) {
        Capture &run = *kept.runs.runs[i];
        // What the snapshot kept of the run where it has it, as a reopened document takes it.
        const RunDerivations &derived = kept.derived[i];
        RingOccupancy rings = derived.rings ? *derived.rings : computeRingOccupancy(run);
        const CaptureIndexPtr index =
            derived.index ? derived.index : std::make_shared<const CaptureIndex>(run);
        run.facts = computeCaptureFacts(run, std::move(kept.facts[i]));
        const CaptureAnalysis analysis = analyzeCapture(run, std::move(rings));
        askEveryLevel(run, index->bars);
        (void)analysis;
    }
    return 0;
}
