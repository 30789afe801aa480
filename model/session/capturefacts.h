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

// The fact that sorts every bar, the longest part of computing them: a run's snapshot keeps it, so
// that reopening it skips the sort.
struct SortedBarFacts
{
    SliceSearchIndex search;
};

// With `sorted`, that is taken as given rather than computed.
CaptureFactsPtr computeCaptureFacts(const Capture &capture,
                                    std::optional<SortedBarFacts> sorted = std::nullopt);

} // namespace lanescope
