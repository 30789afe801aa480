#include "capturefacts.h"

#include "model/capture/baredges.h"
#include "model/capture/cancelpoint.h"

#include <future>

namespace lanescope {

CaptureFactsPtr computeCaptureFacts(const Capture &capture, std::optional<SortedBarFacts> sorted)
{
    auto facts = std::make_shared<CaptureFacts>();
    // The two sorts over every bar take most of the time (about 0.4 s each at a million rows):
    // side by side, beside the rest, so that opening waits for the longest alone.
    std::future<std::vector<double>> edges;
    std::future<SliceSearchIndex> search;
    if (!sorted) {
        edges = asyncCancellable([&capture] { return barEdges(capture); });
        search = asyncCancellable([&capture] { return SliceSearchIndex(capture); });
    }
    // The per-function figures are an analysis: never over several runs at once.
    if (!capture.info.allRuns)
        facts->functions = functionSummary(capture);
    facts->functionsByCount = functionsByCount(capture);
    if (!capture.deps.empty()) {
        facts->anchors = std::make_shared<const DependencyAnchors>(capture);
        facts->hbViolations = HbViolationIndex(capture, *facts->anchors);
    }
    facts->barEdges = sorted ? std::move(sorted->barEdges) : FlatArray<double>(edges.get());
    facts->search = sorted ? std::move(sorted->search) : search.get();
    return facts;
}

} // namespace lanescope
