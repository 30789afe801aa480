#pragma once

#include "dependencycone.h"
#include "model/capture/capture.h"
#include "model/capture/happensbefore.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace lanescope {

// The two timeline views a dependency arrow can be drawn in (spec §7.5): Worker View = the AICore
// bars (receive -> end), Scheduler View = the dispatch -> finish bars.
enum class DependencyView : std::uint8_t { Worker, Scheduler };

// One bar an arrow attaches to: a Capture::lanes index, an index into that lane's slices and its
// nesting level, with the times the happens-before test compares (a task row's visible start and
// end, or a marker record's own times, never a marker's minimum drawing width).
struct DependencyAnchor
{
    std::int32_t lane = -1;
    std::uint32_t slice = 0;
    std::uint8_t depth = 0;
    double startUs = 0;
    double endUs = 0;
};

// The §7.5 anchors of every dependency-graph task, built once per capture. Per view: a non-SPMD
// task anchors on all of its rows (MIX and multi-row tasks give an N x M crossbar); an SPMD task
// on one row per func_id group, the one with the earliest visible start (Worker: receive when
// recorded, else start; Scheduler: dispatch, rows without AICPU timing never win), ties to the
// smaller core id. Tasks without rows (dummy, alloc, predicated skip) anchor on their AICPU worker
// markers in the Worker view and have no Scheduler View anchor (arrows there are kernel-only).
class DependencyAnchors
{
public:
    explicit DependencyAnchors(const Capture &capture);

    // Anchors of DepGraph node `node`, in row (or marker) order; empty when it has no bar.
    std::span<const DependencyAnchor> anchors(std::uint32_t node, DependencyView view) const;

private:
    struct PerView
    {
        std::vector<std::uint32_t> offsets; // node -> [offsets[n], offsets[n + 1])
        std::vector<DependencyAnchor> anchors;
    };
    PerView m_views[2];
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

std::optional<HbViolation> hbViolation(const DependencyAnchors &anchors, std::uint32_t pred,
                                       std::uint32_t succ);
// The violated edges among `edges`, in their order.
std::vector<HbViolation> hbViolations(const DependencyAnchors &anchors,
                                      const std::vector<DependencyEdge> &edges);

// The task a bar belongs to: AICore and Scheduler View rows, scheduler markers (dummy, predicated
// skip) and orchestrator records that carry a task id. Nothing for other bars.
std::optional<std::uint64_t> taskIdOfSlice(const Capture &capture, int lane, std::size_t slice);

} // namespace lanescope
