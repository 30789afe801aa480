#include "capturefacts.h"

#include "model/capture/captureruns.h"

#include "model/capture/cancelpoint.h"

#include <future>

namespace lanescope {

CaptureFactsPtr computeCaptureFacts(const Capture &capture, std::optional<KeptFacts> kept)
{
    auto facts = std::make_shared<CaptureFacts>();
    if (kept) {
        facts->search = std::move(kept->search);
        facts->functions = std::move(kept->functions);
        facts->functionsByCount = std::move(kept->functionsByCount);
        if (!capture.deps.empty()) {
            facts->anchors = std::make_shared<const DependencyAnchors>(capture);
            facts->hbViolations = HbViolationIndex(std::move(kept->hbViolations));
        }
        return facts;
    }
    // The sort over every bar takes most of the time (about 0.4 s at a million rows): beside the
    // rest, so that opening waits for the longest alone.
    auto search = asyncCancellable([&capture] { return SliceSearchIndex(capture); });
    // The dependency facts beside the function tables.
    std::future<void> dependencies;
    if (!capture.deps.empty())
        dependencies = asyncCancellable([&capture, &facts = *facts] {
            facts.anchors = std::make_shared<const DependencyAnchors>(capture);
            facts.hbViolations = HbViolationIndex(capture, *facts.anchors);
        });
    // The per-function figures are an analysis: never over several runs or launches at once.
    if (isAnalysable(capture.info))
        facts->functions = functionSummary(capture);
    facts->functionsByCount = functionsByCount(capture);
    if (dependencies.valid())
        dependencies.get();
    facts->search = search.get();
    return facts;
}

} // namespace lanescope
