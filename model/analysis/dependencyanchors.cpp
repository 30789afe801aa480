#include "dependencyanchors.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/lanebuilder.h"
#include "model/capture/taskindex.h"

#include <algorithm>
#include <limits>

namespace lanescope {

namespace {

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

LaneKind laneKindOf(DependencyView view)
{
    return view == DependencyView::Worker ? LaneKind::Worker : LaneKind::SchedulerView;
}

// A row's visible start in `view` (§7.5) is where its bar there starts; a row without one never
// wins an SPMD group.
double visibleStart(const TaskRow &r, DependencyView view)
{
    return barStartOfRow(r, laneKindOf(view)).value_or(std::numeric_limits<double>::infinity());
}

} // namespace

DependencyAnchors::DependencyAnchors(const Capture &c) : m_bars(c)
{
    // Markers by task id (AICPU worker lanes), for the tasks without rows.
    CancelPoints cancelPoints;
    for (std::size_t l = 0; l < c.lanes.size(); ++l) {
        const Lane &lane = c.lanes[l];
        if (lane.kind != LaneKind::AicpuWorker)
            continue;
        for (std::size_t i = 0; i < lane.slices.size(); ++i) {
            cancelPoints.tick();
            const Slice &s = lane.slices[i];
            if (const PhaseRecord *r = markerRecord(c, lane, s))
                m_markers.push_back(
                    {r->taskId,
                     {std::int32_t(l), std::uint32_t(i), r->startUs, std::max(r->startUs, r->endUs)}});
        }
    }
    cancellableStableSort(m_markers.begin(), m_markers.end(),
                          [](const auto &a, const auto &b) { return a.first < b.first; });
    // Nodes and rows both ascend by task id: one walk finds where every node's rows start, where a
    // search per node would cost a cache miss per step at millions of rows.
    const auto &nodes = c.deps.nodes();
    m_firstRow.resize(nodes.size());
    std::size_t first = 0;
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        cancelPoints.tick();
        while (first < c.rows.size() && c.rows[first].taskId < nodes[n].taskId)
            ++first;
        m_firstRow[n] = std::uint32_t(first);
    }
}

// Calls visit(row) for each row the node anchors on in `view`, in row order; says whether the node
// has rows at all (without, its markers stand in).
template <class Visit>
bool DependencyAnchors::visitRows(const Capture &c, std::uint32_t node, DependencyView view,
                                  Visit visit) const
{
    const auto &nodes = c.deps.nodes();
    if (node >= nodes.size() || node >= m_firstRow.size())
        return false;
    const std::uint64_t task = nodes[node].taskId;
    const std::size_t first = m_firstRow[node];
    std::size_t last = first;
    while (last < c.rows.size() && c.rows[last].taskId == task)
        ++last;
    auto hasBar = [&](const TaskRow &r) {
        return m_bars.laneOfCore(r.coreId, laneKindOf(view)) >= 0 && barStartOfRow(r, laneKindOf(view));
    };
    if (!isSpmdTask(c, &nodes[node], first, last)) {
        for (std::size_t row = first; row < last; ++row) {
            if (hasBar(c.rows[row]))
                visit(row);
        }
        return first != last;
    }
    // One row per func_id group: earliest visible start, ties to the smaller core id. A task has a
    // group or two: a short list searched in place rather than a map.
    std::vector<std::pair<std::int32_t, std::size_t>> best;
    for (std::size_t row = first; row < last; ++row) {
        const TaskRow &r = c.rows[row];
        if (!hasBar(r))
            continue;
        auto it = std::find_if(best.begin(), best.end(), [&](const auto &b) { return b.first == r.funcId; });
        if (it == best.end()) {
            best.emplace_back(r.funcId, row);
            continue;
        }
        const TaskRow &b = c.rows[it->second];
        const double rs = visibleStart(r, view), bs = visibleStart(b, view);
        if (rs < bs || (rs == bs && r.coreId < b.coreId))
            it->second = row;
    }
    std::sort(best.begin(), best.end(), [](const auto &a, const auto &b) { return a.second < b.second; });
    for (const auto &[func, row] : best)
        visit(row);
    return true;
}

std::span<const std::pair<std::uint64_t, DependencyAnchor>>
DependencyAnchors::markersOf(const Capture &c, std::uint32_t node) const
{
    if (node >= c.deps.nodes().size())
        return {};
    const std::uint64_t task = c.deps.nodes()[node].taskId;
    const auto [first, last] =
        std::equal_range(m_markers.begin(), m_markers.end(), std::pair(task, DependencyAnchor()),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
    return {first, last};
}

std::vector<DependencyAnchor> DependencyAnchors::anchors(const Capture &c, std::uint32_t node,
                                                         DependencyView view) const
{
    std::vector<DependencyAnchor> out;
    anchors(c, node, view, out);
    return out;
}

void DependencyAnchors::anchors(const Capture &c, std::uint32_t node, DependencyView view,
                                std::vector<DependencyAnchor> &out) const
{
    out.clear();
    const bool hasRows = visitRows(c, node, view, [&](std::size_t row) {
        if (const SliceRef bar = m_bars.barOfRow(c, row, laneKindOf(view)); bar.isValid()) {
            const TaskRow &r = c.rows[row];
            out.push_back({bar.lane, std::uint32_t(bar.slice), visibleStart(r, view),
                           view == DependencyView::Worker ? r.endUs : r.finishUs});
        }
    });
    if (!hasRows && view == DependencyView::Worker) {
        for (const auto &[task, marker] : markersOf(c, node))
            out.push_back(marker);
    }
}

std::optional<WorkerSpan> DependencyAnchors::workerSpan(const Capture &c, std::uint32_t node) const
{
    double end = -std::numeric_limits<double>::infinity();
    double start = std::numeric_limits<double>::infinity();
    bool any = false;
    auto take = [&](double from, double to) {
        any = true;
        start = std::min(start, from);
        end = std::max(end, to);
    };
    const bool hasRows = visitRows(c, node, DependencyView::Worker, [&](std::size_t row) {
        take(visibleStart(c.rows[row], DependencyView::Worker), c.rows[row].endUs);
    });
    if (!hasRows) {
        for (const auto &[task, marker] : markersOf(c, node))
            take(marker.startUs, marker.endUs);
    }
    if (!any)
        return std::nullopt;
    return WorkerSpan{end, start};
}

std::size_t DependencyAnchors::memoryBytes() const
{
    return m_firstRow.capacity() * sizeof(std::uint32_t) + m_bars.memoryBytes() +
           m_markers.capacity() * sizeof(m_markers.front());
}

std::uint8_t anchorDepth(const Capture &capture, const DependencyAnchor &a)
{
    if (a.lane < 0 || std::size_t(a.lane) >= capture.lanes.size())
        return 0;
    const Lane &lane = capture.lanes[std::size_t(a.lane)];
    return a.slice < lane.slices.size() ? lane.slices[a.slice].depth : 0;
}

namespace {

std::optional<HbViolation> violationOf(std::uint32_t pred, std::uint32_t succ,
                                       const std::optional<WorkerSpan> &from,
                                       const std::optional<WorkerSpan> &to)
{
    if (!from || !to || !isHbViolation(from->endUs, to->startUs))
        return std::nullopt;
    return HbViolation{pred, succ, from->endUs, to->startUs};
}

} // namespace

std::optional<HbViolation> hbViolation(const Capture &capture, const DependencyAnchors &anchors,
                                       std::uint32_t pred, std::uint32_t succ)
{
    const auto from = anchors.workerSpan(capture, pred);
    return violationOf(pred, succ, from, from ? anchors.workerSpan(capture, succ) : std::nullopt);
}

std::vector<HbViolation> hbViolations(const Capture &capture, const DependencyAnchors &anchors,
                                      const std::vector<DependencyEdge> &edges)
{
    std::vector<HbViolation> out;
    CancelPoints cancelPoints;
    for (const DependencyEdge &e : edges) {
        cancelPoints.tick();
        if (auto v = hbViolation(capture, anchors, e.pred, e.succ))
            out.push_back(*v);
    }
    return out;
}

std::vector<HbViolation> allHbViolations(const Capture &capture, const DependencyAnchors &anchors)
{
    CancelPoints cancelPoints;
    std::vector<std::optional<WorkerSpan>> spans(capture.deps.nodes().size());
    for (std::uint32_t n = 0; n < spans.size(); ++n) {
        cancelPoints.tick();
        spans[n] = anchors.workerSpan(capture, n);
    }
    std::vector<HbViolation> out;
    for (const DependencyEdge &e : allDependencyEdges(capture.deps)) {
        cancelPoints.tick();
        if (auto v = violationOf(e.pred, e.succ, spans[e.pred], spans[e.succ]))
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
