#pragma once

#include "model/analysis/dependencyanchors.h"
#include "model/analysis/functioncounts.h"
#include "model/analysis/functionsummary.h"
#include "model/analysis/hbviolationindex.h"
#include "model/capture/slicesearchindex.h"

#include <memory>
#include <optional>
#include <vector>

namespace lanescope {

// What the panels show of a whole run, computed once with the document on its worker thread
// (openDocument, and the loader for the "All runs" view) instead of on the GUI thread whenever a
// tab, a colour mode, a keystroke or a click asks again. Reached through Capture::facts; a capture
// built another way has none, and its panels compute what they need themselves.
struct CaptureFacts
{
    std::optional<FunctionSummary> functions;    // per-function table; none for the "All runs" view
    std::vector<FunctionCount> functionsByCount; // colour legend
    SliceSearchIndex search;
    std::shared_ptr<const DependencyAnchors> anchors; // null without deps
    HbViolationIndex hbViolations;
};

using CaptureFactsPtr = std::shared_ptr<const CaptureFacts>;

// What a run's snapshot keeps of its facts, so that reopening it computes only the dependency
// anchors, which find their bars quickly and would otherwise be kept as places in the run's lanes.
struct KeptFacts
{
    SliceSearchIndex search;
    std::optional<FunctionSummary> functions;
    std::vector<FunctionCount> functionsByCount;
    std::vector<HbViolation> hbViolations; // all of them, in HbViolationIndex::all's order
};

// With `kept`, that is taken as given rather than computed.
CaptureFactsPtr computeCaptureFacts(const Capture &capture, std::optional<KeptFacts> kept = std::nullopt);

} // namespace lanescope
