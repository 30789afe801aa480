#include "dependencyanchors.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/taskindex.h"

#include <algorithm>
#include <limits>
#include <map>

namespace lanescope {

namespace {

struct BarOfRow
{
    std::int32_t lane = -1;
    std::uint32_t slice = 0;
    std::uint8_t depth = 0;
};

const PhaseRecord *markerRecord(const Capture &c, const Lane &lane, const Slice &s)
{
    const PhaseLane *records = nullptr;
    if (lane.laneSource >= 0 && std::size_t(lane.laneSource) < c.schedulerThreads.size())
        records = &c.schedulerThreads[std::size_t(lane.laneSource)];
    else if (lane.laneSource < 0 && std::size_t(-1 - lane.laneSource) < c.orchestratorLanes.size())
        records = &c.orchestratorLanes[std::size_t(-1 - lane.laneSource)];
    if (!records || s.ref >= records->size())
        return nullptr;
    const PhaseRecord &r = (*records)[s.ref];
    return r.hasTaskId() ? &r : nullptr;
}

double visibleStart(const TaskRow &r, DependencyView view)
{
    if (view == DependencyView::Worker)
        return (r.flags & TaskRow::HasReceive) ? r.receiveUs : r.startUs;
    return r.hasAicpu() ? r.dispatchUs : std::numeric_limits<double>::infinity();
}

} // namespace

DependencyAnchors::DependencyAnchors(const Capture &c)
{
    // Bars of rows (Worker / Scheduler View lanes) and markers by task id (AICPU worker lanes).
    std::vector<BarOfRow> bars[2] = {std::vector<BarOfRow>(c.rows.size()),
                                     std::vector<BarOfRow>(c.rows.size())};
    std::vector<std::pair<std::uint64_t, DependencyAnchor>> markers;
    CancelPoints cancelPoints;
    for (std::size_t l = 0; l < c.lanes.size(); ++l) {
        const Lane &lane = c.lanes[l];
        const bool worker = lane.kind == LaneKind::Worker;
        if (worker || lane.kind == LaneKind::SchedulerView) {
            auto &target = bars[worker ? 0 : 1];
            for (std::size_t i = 0; i < lane.slices.size(); ++i) {
                cancelPoints.tick();
                const Slice &s = lane.slices[i];
                if (s.ref < target.size())
                    target[s.ref] = {std::int32_t(l), std::uint32_t(i), s.depth};
            }
        } else if (lane.kind == LaneKind::AicpuWorker) {
            for (std::size_t i = 0; i < lane.slices.size(); ++i) {
                const Slice &s = lane.slices[i];
                if (const PhaseRecord *r = markerRecord(c, lane, s))
                    markers.push_back({r->taskId,
                                       {std::int32_t(l), std::uint32_t(i), s.depth, r->startUs,
                                        std::max(r->startUs, r->endUs)}});
            }
        }
    }
    cancellableStableSort(markers.begin(), markers.end(),
                          [](const auto &a, const auto &b) { return a.first < b.first; });

    const auto &nodes = c.deps.nodes();
    for (int v = 0; v < 2; ++v) {
        const auto view = DependencyView(v);
        PerView &out = m_views[v];
        out.offsets.assign(nodes.size() + 1, 0);
        // At most one anchor per row or marker. Sized for that at once: grown by doubling, the
        // vector was copied and its pages touched anew several times at millions of rows, while
        // capacity never written costs no memory.
        out.anchors.reserve(c.rows.size() + markers.size());
        // Nodes and rows both ascend by task id: one walk finds every node's rows, where a search
        // per node cost a cache miss per step at millions of rows.
        std::size_t first = 0;
        for (std::size_t n = 0; n < nodes.size(); ++n) {
            cancelPoints.tick();
            const std::uint64_t task = nodes[n].taskId;
            while (first < c.rows.size() && c.rows[first].taskId < task)
                ++first;
            std::size_t last = first;
            while (last < c.rows.size() && c.rows[last].taskId == task)
                ++last;
            auto anchorOf = [&](std::size_t row) {
                const BarOfRow &b = bars[v][row];
                const TaskRow &r = c.rows[row];
                const double end = view == DependencyView::Worker ? r.endUs : r.finishUs;
                return DependencyAnchor{b.lane, b.slice, b.depth, visibleStart(r, view), end};
            };
            if (first == last) {
                if (view == DependencyView::Worker) {
                    auto it = std::lower_bound(markers.begin(), markers.end(), task,
                                               [](const auto &m, std::uint64_t id) { return m.first < id; });
                    for (; it != markers.end() && it->first == task; ++it)
                        out.anchors.push_back(it->second);
                }
            } else if (isSpmdTask(c, &nodes[n], first, last)) {
                // One row per func_id group: earliest visible start, ties to the smaller core id.
                std::map<std::int32_t, std::size_t> best;
                for (std::size_t row = first; row < last; ++row) {
                    if (bars[v][row].lane < 0)
                        continue;
                    const TaskRow &r = c.rows[row];
                    auto [it, inserted] = best.try_emplace(r.funcId, row);
                    if (inserted)
                        continue;
                    const TaskRow &b = c.rows[it->second];
                    const double rs = visibleStart(r, view), bs = visibleStart(b, view);
                    if (rs < bs || (rs == bs && r.coreId < b.coreId))
                        it->second = row;
                }
                std::vector<std::size_t> chosen;
                for (const auto &[func, row] : best)
                    chosen.push_back(row);
                cancellableSort(chosen.begin(), chosen.end());
                for (std::size_t row : chosen)
                    out.anchors.push_back(anchorOf(row));
            } else {
                for (std::size_t row = first; row < last; ++row) {
                    if (bars[v][row].lane >= 0)
                        out.anchors.push_back(anchorOf(row));
                }
            }
            out.offsets[n + 1] = std::uint32_t(out.anchors.size());
        }
    }
}

std::span<const DependencyAnchor> DependencyAnchors::anchors(std::uint32_t node, DependencyView view) const
{
    const PerView &v = m_views[int(view)];
    if (std::size_t(node) + 1 >= v.offsets.size())
        return {};
    return {v.anchors.data() + v.offsets[node], v.anchors.data() + v.offsets[node + 1]};
}

std::optional<HbViolation> hbViolation(const DependencyAnchors &anchors, std::uint32_t pred,
                                       std::uint32_t succ)
{
    const auto from = anchors.anchors(pred, DependencyView::Worker);
    const auto to = anchors.anchors(succ, DependencyView::Worker);
    if (from.empty() || to.empty())
        return std::nullopt;
    double producerEnd = -std::numeric_limits<double>::infinity();
    double consumerStart = std::numeric_limits<double>::infinity();
    for (const DependencyAnchor &a : from)
        producerEnd = std::max(producerEnd, a.endUs);
    for (const DependencyAnchor &a : to)
        consumerStart = std::min(consumerStart, a.startUs);
    if (!isHbViolation(producerEnd, consumerStart))
        return std::nullopt;
    return HbViolation{pred, succ, producerEnd, consumerStart};
}

std::vector<HbViolation> hbViolations(const DependencyAnchors &anchors,
                                      const std::vector<DependencyEdge> &edges)
{
    std::vector<HbViolation> out;
    CancelPoints cancelPoints;
    for (const DependencyEdge &e : edges) {
        cancelPoints.tick();
        if (auto v = hbViolation(anchors, e.pred, e.succ))
            out.push_back(*v);
    }
    return out;
}

std::optional<std::uint64_t> taskIdOfSlice(const Capture &c, int laneIndex, std::size_t slice)
{
    if (laneIndex < 0 || std::size_t(laneIndex) >= c.lanes.size())
        return std::nullopt;
    const Lane &lane = c.lanes[std::size_t(laneIndex)];
    if (slice >= lane.slices.size())
        return std::nullopt;
    const Slice &s = lane.slices[slice];
    switch (lane.kind) {
    case LaneKind::Worker:
    case LaneKind::SchedulerView:
        if (s.ref < c.rows.size())
            return c.rows[s.ref].taskId;
        return std::nullopt;
    case LaneKind::AicpuWorker:
        if (const PhaseRecord *r = markerRecord(c, lane, s))
            return r->taskId;
        return std::nullopt;
    case LaneKind::Orchestrator:
        if (lane.laneSource >= 0 && std::size_t(lane.laneSource) < c.orchestratorLanes.size()) {
            const PhaseLane &records = c.orchestratorLanes[std::size_t(lane.laneSource)];
            if (s.ref < records.size() && records[s.ref].hasTaskId())
                return records[s.ref].taskId;
        }
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

} // namespace lanescope
