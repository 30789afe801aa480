#include "capturefacts.h"

#include "model/capture/cancelpoint.h"

#include <future>

namespace lanescope {

CaptureFactsPtr computeCaptureFacts(const Capture &capture, std::optional<SortedBarFacts> sorted)
{
    auto facts = std::make_shared<CaptureFacts>();
    // The sort over every bar takes most of the time (about 0.4 s at a million rows): beside the
    // rest, so that opening waits for the longest alone.
    std::future<SliceSearchIndex> search;
    if (!sorted)
        search = asyncCancellable([&capture] { return SliceSearchIndex(capture); });
    // The dependency facts beside the function tables: reopened from a snapshot, which keeps the
    // sorted bars, these two halves are all that opening waits for.
    std::future<void> dependencies;
    if (!capture.deps.empty())
        dependencies = asyncCancellable([&capture, &facts = *facts] {
            facts.anchors = std::make_shared<const DependencyAnchors>(capture);
            facts.hbViolations = HbViolationIndex(capture, *facts.anchors);
        });
    // The per-function figures are an analysis: never over several runs at once.
    if (!capture.info.allRuns)
        facts->functions = functionSummary(capture);
    facts->functionsByCount = functionsByCount(capture);
    if (dependencies.valid())
        dependencies.get();
    facts->search = sorted ? std::move(sorted->search) : search.get();
    return facts;
}

} // namespace lanescope
