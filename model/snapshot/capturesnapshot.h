#pragma once

#include "sourcekey.h"

#include "model/analysis/ringoccupancy.h"
#include "model/capture/captureruns.h"
#include "model/index/captureindex.h"
#include "model/session/capturefacts.h"

#include <QString>
#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

class QIODevice;

namespace lanescope {

// A compact binary copy of an opened capture's runs, derived tracks included (snapshotformat.h),
// from which a capture opened before reopens without parsing its files again.

// What the opening of a run derived from it, which its snapshot keeps so that reopening takes it
// instead of computing it again: its ring occupancy and its bar index. Null where none is kept.
struct RunDerivations
{
    std::shared_ptr<const RingOccupancy> rings;
    CaptureIndexPtr index;
};

// Writes the snapshot of `runs` (with what a snapshot keeps of each run's facts, where it has them, and
// what `derived` holds for it, in the runs' order), made from the files `key` names; returns why it
// failed, empty when every byte was written.
QString writeCaptureSnapshot(QIODevice &out, const SourceKey &key, const CaptureRuns &runs,
                             const std::vector<RunDerivations> &derived = {});

// What a snapshot gives back: the runs, derived tracks included, and per run the kept part of its
// facts (computeCaptureFacts takes it instead of computing it again) and its derivations; nothing
// for a run written without.
struct KeptCapture
{
    CaptureRuns runs;
    std::vector<std::optional<KeptFacts>> facts;
    std::vector<RunDerivations> derived;
};

struct SnapshotRead
{
    std::optional<KeptCapture> kept; // set only when the snapshot was whole, current and consistent
    bool stale = false;              // a sound snapshot of other or older files: replace it
    QString problem;                 // why it was not used: "byte N: why", or what is stale

    bool ok() const { return kept.has_value(); }
};

// Reads a snapshot made from `expected`. Anything else (another key, another format version, a
// damaged byte, a run that breaks what the loader guarantees) gives no runs and says why: a
// snapshot is checked as any input is, never trusted. `verifyChecksum` is false only for the
// fuzzer, so that it reaches the checks behind the checksum. With a `keeper` that keeps `data`
// alive and unchanged while it is held (a memory map), the runs' flat arrays (flatarray.h) view
// their records where they lie and hold the keeper; without one, every record is copied.
SnapshotRead readCaptureSnapshot(const unsigned char *data, std::size_t size, const SourceKey &expected,
                                 bool verifyChecksum = true, std::shared_ptr<const void> keeper = {});

} // namespace lanescope
