#pragma once

#include "model/analysis/ringoccupancy.h"
#include "model/index/captureindex.h"
#include "model/io/dfxwindows.h"
#include "model/io/loader.h"
#include "model/snapshot/capturesnapshot.h"
#include "model/techniques/captureanalysis.h"

#include <map>
#include <memory>

namespace lanescope {

// One opened input and what is derived from it once: its runs, each frozen only after its derived
// tracks (overhead and ring counters) were appended and its panels' facts (Capture::facts,
// capturefacts.h) computed, each run's ring occupancy, which its analysis reuses, and each run's
// bar index, which its timelines share. Built by openDocument on a worker thread, then shared
// read-only.
struct CaptureDocument
{
    QString path;
    CaptureRuns runs;
    std::map<const Capture *, std::shared_ptr<const RingOccupancy>> rings; // per run
    std::map<const Capture *, CaptureIndexPtr> indexes; // per run, built after its derived tracks
    bool reopened = false; // read from its snapshot in the cache (snapshotcache.h), not from its files
    // The DFX windows of the folder opened, with their launches (field spec §3); the runs are the
    // default window's. Listed afresh at every opening, snapshot or not: a window added since is seen.
    DfxWindows windows;

    // The ring occupancy of one of the document's runs; computed anew for any other capture.
    RingOccupancy ringsOf(const Capture &run) const;
    // The bar index of one of the document's runs; built anew for any other capture.
    CaptureIndexPtr indexOf(const Capture &run) const;
    // What was derived of every run, in the runs' order, as its snapshot keeps it.
    std::vector<RunDerivations> derivations() const;
};

using DocumentPtr = std::shared_ptr<const CaptureDocument>;

struct OpenedDocument
{
    DocumentPtr document; // null when the input could not be read
    ReadError error;

    bool ok() const { return bool(document); }
};

// The capture pipeline of the window and of every verb: load (loader.h), then for every run its
// ring occupancy, derived tracks and facts. Cancelling through `control` gives an error, like loading.
// With the snapshot cache on (snapshotcache.h), a capture whose files have not changed since it was
// last opened is read from its snapshot instead, derived tracks included, and a capture read from
// its files leaves a snapshot for the next time, written in the background (waitForStoredSnapshots).
OpenedDocument openDocument(const QString &path, const LoadControl &control = {});

// The analysis of one run of the document (spec §12), with the ring occupancy computed on opening.
CaptureAnalysis analyseRun(const CaptureDocument &document, const Capture &run);
// The same, or nothing once `control` says it was cancelled.
std::optional<CaptureAnalysis> analyseRun(const CaptureDocument &document, const Capture &run,
                                          const AnalysisControl &control);

} // namespace lanescope
