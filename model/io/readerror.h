#pragma once

#include <QString>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace lanescope {

struct Capture; // model/capture/capture.h

// Why an input could not be read, pointing at the place: "deps.json: byte 1234: expected ','".
struct ReadError
{
    QString file;
    std::int64_t byteOffset = -1; // decompressed offset for .zst inputs
    std::int64_t line = -1;       // for line-oriented inputs
    QString message;

    bool isSet() const { return !message.isEmpty(); }
    QString toString() const;
};

// What a cancelled load says, whichever reader or step it stopped in.
inline QString loadCancelledMessage()
{
    return QStringLiteral("loading was cancelled");
}
// A load of `file` cancelled between steps, at no particular byte.
inline ReadError cancelledLoad(const QString &file)
{
    return ReadError{file, -1, -1, loadCancelledMessage()};
}

// When a records load hands out previews (LoadControl::preview): the first once a few percent of the
// file's bytes or enough rows are read, then whenever the rows read have doubled and some time has
// passed since the last; none past a share of the file. Each preview costs about what laying out
// its rows costs, so doubling and stopping early keep the previews together to a fraction of the
// load.
struct PreviewPacing
{
    std::int64_t firstRows = 100'000;
    double firstShare = 0.03; // of the records file's bytes, whichever comes first
    double lastShare = 0.25;
    std::int64_t minIntervalMs = 500;
};

// Progress and cancellation shared between a loader thread and whoever waits for it.
struct LoadControl
{
    std::atomic<bool> *cancel = nullptr;
    // Bytes read and their total, every few MiB: one file's from a reader, all files' from loadCapture.
    std::function<void(std::int64_t done, std::int64_t total)> progress;
    // Records read so far in this load, kept up to date by the records readers (every few thousand
    // records) for whoever reports a rate; null when nobody asks.
    std::atomic<std::int64_t> *recordsRead = nullptr;
    // The bytes of memory this load may take (memorybudget.h); unset: what the system has available.
    std::function<std::optional<std::int64_t>()> availableMemory;
    // A look at a records file while it loads (loadpreview.h), handed out on the loading thread at
    // growing points: the AICore rows read so far as bars, for the receiver to complete before it
    // shares it. Null: no preview is ever built.
    std::function<void(std::shared_ptr<Capture> preview)> preview;
    PreviewPacing previewPacing;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

} // namespace lanescope
