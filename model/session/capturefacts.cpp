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
    auto anchorsOf = [&capture]() -> std::shared_ptr<const DependencyAnchors> {
        if (capture.deps.empty())
            return nullptr;
        return std::make_shared<const DependencyAnchors>(capture);
    };
    // With the sorts given (a snapshot keeps them), the dependency anchors are the longest part
    // left: beside the per-function figures, rather than after them.
    std::future<std::shared_ptr<const DependencyAnchors>> anchors;
    if (sorted)
        anchors = asyncCancellable(anchorsOf);
    // The per-function figures are an analysis: never over several runs at once.
    if (!capture.info.allRuns)
        facts->functions = functionSummary(capture);
    facts->functionsByCount = functionsByCount(capture);
    facts->anchors = sorted ? anchors.get() : anchorsOf();
    if (facts->anchors)
        facts->hbViolations = HbViolationIndex(*facts->anchors, capture.deps);
    facts->barEdges = sorted ? std::move(sorted->barEdges) : FlatArray<double>(edges.get());
    facts->search = sorted ? std::move(sorted->search) : search.get();
    return facts;
}

} // namespace lanescope
