#pragma once

#include "dependencycone.h"
#include "model/capture/capture.h"
#include "model/capture/happensbefore.h"
#include "model/index/tasklocator.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace lanescope {

// The two timeline views a dependency arrow can be drawn in (spec §7.5): Worker View = the AICore
// bars (receive -> end), Scheduler View = the dispatch -> finish bars.
enum class DependencyView : std::uint8_t { Worker, Scheduler };

// One bar an arrow attaches to: a Capture::lanes index and an index into that lane's slices (whose
// depth is the bar's nesting level), with the times the happens-before test compares (a task
// row's visible start and end, or a marker record's own times, never a marker's minimum drawing
// width). Two per row of a capture with deps, so kept to 24 bytes.
struct DependencyAnchor
{
    std::int32_t lane = -1;
    std::uint32_t slice = 0;
    double startUs = 0;
    double endUs = 0;

    bool operator==(const DependencyAnchor &) const = default;
};
static_assert(sizeof(DependencyAnchor) == 24);

// The nesting level of the bar `a` attaches to; 0 when `capture` has no such bar.
std::uint8_t anchorDepth(const Capture &capture, const DependencyAnchor &a);

// What the happens-before test reads of a task's Worker View anchors: the latest end and the
// earliest start among them.
struct WorkerSpan
{
    double endUs = 0;
    double startUs = 0;
};

// The §7.5 anchors of a dependency-graph task. Per view: a non-SPMD task anchors on all of its
// rows (MIX and multi-row tasks give an N x M crossbar); an SPMD task on one row per func_id group,
// the one with the earliest visible start (Worker: receive when recorded, else start; Scheduler:
// dispatch, rows without AICPU timing never win), ties to the smaller core id. Tasks without rows
// (dummy, alloc, predicated skip) anchor on their AICPU worker markers in the Worker view and have
// no Scheduler View anchor (arrows there are kernel-only).
//
// Found when asked, from the capture's rows and lanes: kept for every row, they took about 50 bytes
// per row, more than any part of a run but its rows and bars. What is kept is where each node's
// rows start, each core's two lanes (TaskLocator) and the few markers. Every call takes the
// capture they were built for.
class DependencyAnchors
{
public:
    explicit DependencyAnchors(const Capture &capture);

    // Anchors of DepGraph node `node`, in row (or marker) order; empty when it has no bar.
    std::vector<DependencyAnchor> anchors(const Capture &capture, std::uint32_t node,
                                          DependencyView view) const;
    // The same into `out`, whose memory a caller asking for many nodes keeps.
    void anchors(const Capture &capture, std::uint32_t node, DependencyView view,
                 std::vector<DependencyAnchor> &out) const;
    // The span of the node's Worker View anchors, read without finding their bars; nothing when it
    // has no bar.
    std::optional<WorkerSpan> workerSpan(const Capture &capture, std::uint32_t node) const;
    std::size_t memoryBytes() const;

private:
    template <class Visit>
    bool visitRows(const Capture &capture, std::uint32_t node, DependencyView view, Visit visit) const;
    // The AICPU worker markers of the node's task, which stand in for its rows when it has none.
    std::span<const std::pair<std::uint64_t, DependencyAnchor>> markersOf(const Capture &capture,
                                                                          std::uint32_t node) const;

    std::vector<std::uint32_t> m_firstRow; // node -> its first row
    TaskLocator m_bars;
    std::vector<std::pair<std::uint64_t, DependencyAnchor>> m_markers; // by task id
};

// A violated edge in the Worker view: the latest-ending producer anchor against the
// earliest-starting consumer anchor (any violating anchor pair makes the edge violated).
struct HbViolation
{
    std::uint32_t pred = 0; // DepGraph node indices
    std::uint32_t succ = 0;
    double producerEndUs = 0;
    double consumerStartUs = 0;

    double overlapUs() const { return producerEndUs - consumerStartUs; }
};

std::optional<HbViolation> hbViolation(const Capture &capture, const DependencyAnchors &anchors,
                                       std::uint32_t pred, std::uint32_t succ);
// The violated edges among `edges`, in their order.
std::vector<HbViolation> hbViolations(const Capture &capture, const DependencyAnchors &anchors,
                                      const std::vector<DependencyEdge> &edges);
// The violated edges of the whole graph, in allDependencyEdges order: what hbViolations gives for
// them, with each node's span read once rather than once per edge it is on.
std::vector<HbViolation> allHbViolations(const Capture &capture, const DependencyAnchors &anchors);

// The task a bar belongs to: AICore and Scheduler View rows, scheduler markers (dummy, predicated
// skip) and orchestrator records that carry a task id. Nothing for other bars.
std::optional<std::uint64_t> taskIdOfSlice(const Capture &capture, int lane, std::size_t slice);

} // namespace lanescope
