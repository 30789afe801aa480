#include "capturefacts.h"

#include "model/capture/baredges.h"

namespace lanescope {

CaptureFactsPtr computeCaptureFacts(const Capture &capture)
{
    auto facts = std::make_shared<CaptureFacts>();
    // The per-function figures are an analysis: never over several runs at once.
    if (!capture.info.allRuns)
        facts->functions = functionSummary(capture);
    facts->functionsByCount = functionsByCount(capture);
    facts->search = SliceSearchIndex(capture);
    facts->barEdges = barEdges(capture);
    if (!capture.deps.empty()) {
        auto anchors = std::make_shared<const DependencyAnchors>(capture);
        facts->hbViolations = HbViolationIndex(*anchors, capture.deps);
        facts->anchors = std::move(anchors);
    }
    return facts;
}

} // namespace lanescope
