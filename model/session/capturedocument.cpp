#include "capturedocument.h"

#include "capturefacts.h"

#include "model/analysis/derivedtracks.h"
#include "model/capture/backgroundfree.h"
#include "model/capture/cancelpoint.h"
#include "model/snapshot/snapshotcache.h"

#include <QFileInfo>
#include <future>

namespace lanescope {

RingOccupancy CaptureDocument::ringsOf(const Capture &run) const
{
    const auto it = rings.find(&run);
    return it != rings.end() && it->second ? *it->second : computeRingOccupancy(run);
}

std::vector<RunDerivations> CaptureDocument::derivations() const
{
    std::vector<RunDerivations> derived;
    for (const auto &run : runs.runs) {
        RunDerivations &d = derived.emplace_back();
        if (const auto it = rings.find(run.get()); it != rings.end())
            d.rings = it->second;
        if (const auto it = indexes.find(run.get()); it != indexes.end())
            d.index = it->second;
    }
    return derived;
}

CaptureIndexPtr CaptureDocument::indexOf(const Capture &run) const
{
    const auto it = indexes.find(&run);
    return indexFor(run, it != indexes.end() ? it->second : CaptureIndexPtr());
}

namespace {

// Completes a document around its runs: the ring occupancy, derived tracks, bar index and facts of
// every run. Runs kept by a snapshot hold their derived tracks already, and maybe most facts.
OpenedDocument completeDocument(const QString &path, KeptCapture kept, bool reopened,
                                const LoadControl &control, DfxWindows windows)
{
    OpenedDocument opened;
    auto document = std::make_shared<CaptureDocument>();
    // Cancelled, the runs are freed on the free thread rather than while the cancel waits. Declared
    // before the loop, it goes after the loop's second-core work has been joined.
    const FreedInBackgroundIfCancelled documentFreed(document);
    document->path = path;
    document->runs = std::move(kept.runs);
    document->reopened = reopened;
    document->windows = std::move(windows);
    // Each step of a run is seconds of work at ten million rows: a cancel is heard between them, and
    // inside them too (cancelpoint.h).
    auto cancelled = [&] {
        if (!control.cancelled())
            return false;
        opened.error = cancelledLoad(path);
        return true;
    };
    // Derived tracks are per run: the "All runs" view gets none, as they would mix runs.
    for (std::size_t i = 0; i < document->runs.size(); ++i) {
        if (cancelled())
            return opened;
        Capture &run = *document->runs.runs[i];
        std::shared_ptr<const RingOccupancy> &rings = document->rings[&run];
        std::optional<KeptFacts> keptFacts;
        if (i < kept.facts.size())
            keptFacts = std::move(kept.facts[i]);
        if (reopened) {
            // The derived tracks came with the run, and mostly its ring occupancy, bar index and
            // facts too, so nothing here waits for another: what is left of the facts on the
            // second core, anything the snapshot did not keep here.
            auto facts = asyncCancellable([&run, keptFacts = std::move(keptFacts)]() mutable {
                return computeCaptureFacts(run, std::move(keptFacts));
            });
            RunDerivations derived;
            if (i < kept.derived.size())
                derived = std::move(kept.derived[i]);
            document->indexes[&run] =
                derived.index ? derived.index : std::make_shared<const CaptureIndex>(run);
            rings = std::move(derived.rings);
            if (!rings && !cancelled())
                rings = std::make_shared<const RingOccupancy>(computeRingOccupancy(run));
            run.facts = facts.get();
            if (cancelled())
                return opened;
            continue;
        }
        // The facts read the lanes, rows and deps alone, and the steps below only add counter
        // tracks: side by side, the second core works while the overhead sweep runs.
        auto facts = asyncCancellable([&run] { return computeCaptureFacts(run); });
        rings = std::make_shared<const RingOccupancy>(computeRingOccupancy(run));
        if (cancelled())
            return opened;
        appendDerivedTracks(run, rings);
        if (cancelled())
            return opened;
        // Built last: the counter ranges include the derived tracks.
        document->indexes[&run] = std::make_shared<const CaptureIndex>(run);
        run.facts = facts.get();
    }
    if (cancelled())
        return opened;
    opened.document = std::move(document);
    return opened;
}

// The windows of `path` with their launches. The one loaded counted its boundaries wherever they
// were in the file, so it fills a count the first MiB of its records file could not give.
DfxWindows windowsOf(const QString &path, const CaptureRuns &runs)
{
    const QString output = dfxOutputFolderOf(path);
    if (output.isEmpty())
        return {};
    DfxWindows windows = findDfxWindows(output);
    countLaunches(windows);
    const auto shown = runs.runs.empty() ? nullptr : runs.defaultRun();
    for (DfxWindow &w : windows.windows)
        if (!w.launches && shown &&
            QFileInfo(w.records).absoluteFilePath() ==
                QFileInfo(shown->info.sources.records).absoluteFilePath())
            w.launches = shown->info.runBoundaries;
    return windows;
}

OpenedDocument openCancellably(const QString &path, const LoadControl &control)
{
    const SnapshotCache cache(snapshotCacheSettings());
    SourceKey key;
    const bool keyed = cache.enabled() && sourceKeyOf(path, &key);
    if (keyed) {
        if (std::optional<KeptCapture> kept = cache.load(key)) {
            DfxWindows windows = windowsOf(path, kept->runs);
            return completeDocument(path, std::move(*kept), true, control, std::move(windows));
        }
    }
    LoadResult loaded = loadCapture(path, control);
    if (!loaded.ok()) {
        OpenedDocument failed;
        failed.error = loaded.error;
        return failed;
    }
    DfxWindows windows = windowsOf(path, loaded.runs);
    OpenedDocument opened = completeDocument(path, KeptCapture{std::move(loaded.runs), {}, {}}, false,
                                             control, std::move(windows));
    // Written behind the caller's back: a cache that cannot be written only costs the next opening
    // its speed, which is not worth an error.
    if (keyed && opened.ok() && !control.cancelled())
        cache.storeLater(key, opened.document->runs, opened.document->derivations());
    return opened;
}

} // namespace

OpenedDocument openDocument(const QString &path, const LoadControl &control)
{
    // Every step hears a cancel inside itself too (cancelpoint.h): a tenth of a second at most.
    return runCancellably(
        control.cancel, [&] { return openCancellably(path, control); },
        [&] {
            OpenedDocument cancelled;
            cancelled.error = cancelledLoad(path);
            return cancelled;
        });
}

CaptureAnalysis analyseRun(const CaptureDocument &document, const Capture &run)
{
    return analyzeCapture(run, document.ringsOf(run));
}

std::optional<CaptureAnalysis> analyseRun(const CaptureDocument &document, const Capture &run,
                                          const AnalysisControl &control)
{
    return analyzeCapture(run, document.ringsOf(run), control);
}

} // namespace lanescope
