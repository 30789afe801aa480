#include "capturedocument.h"

#include "capturefacts.h"

#include "model/analysis/derivedtracks.h"

namespace lanescope {

RingOccupancy CaptureDocument::ringsOf(const Capture &run) const
{
    const auto it = rings.find(&run);
    return it != rings.end() ? it->second : computeRingOccupancy(run);
}

CaptureIndexPtr CaptureDocument::indexOf(const Capture &run) const
{
    const auto it = indexes.find(&run);
    return indexFor(run, it != indexes.end() ? it->second : CaptureIndexPtr());
}

OpenedDocument openDocument(const QString &path, const LoadControl &control)
{
    OpenedDocument opened;
    LoadResult loaded = loadCapture(path, control);
    if (!loaded.ok()) {
        opened.error = loaded.error;
        return opened;
    }
    auto document = std::make_shared<CaptureDocument>();
    document->path = path;
    document->runs = std::move(loaded.runs);
    // Derived tracks are per run: the "All runs" view gets none, as they would mix runs.
    for (const auto &run : document->runs.runs) {
        if (control.cancelled()) {
            opened.error = ReadError{path, -1, -1, QStringLiteral("loading was cancelled")};
            return opened;
        }
        RingOccupancy &rings = document->rings[run.get()];
        rings = computeRingOccupancy(*run);
        appendDerivedTracks(*run, rings);
        // Built last: the counter ranges include the derived tracks.
        document->indexes[run.get()] = std::make_shared<const CaptureIndex>(*run);
        run->facts = computeCaptureFacts(*run);
    }
    opened.document = std::move(document);
    return opened;
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
