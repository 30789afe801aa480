#include "columntable.h"
#include "querytables.h"

#include "model/capture/aicpulifecycle.h"
#include "model/capture/slicelabel.h"

#include <array>

namespace lanescope {

namespace {

// `slice`: every bar of every lane, read from the lanes' slice arrays.
class SliceTable final : public ColumnTable<SliceTable>
{
public:
    static constexpr const char *kName = "slice";
    static constexpr const char *kMeaning = "every bar of every lane";
    enum Col { Id, Ts, Dur, TrackId };

    explicit SliceTable(const QueryCapture &capture) : m_q(capture), m_c(capture.capture()) {}

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return m_q.slices().total(); }
    bool narrows(int column, QueryBoundOp) const override
    {
        return column == Id || column == Ts || column == TrackId;
    }
    std::vector<RowRange> rows(std::span<const QueryBound> bounds) const override
    {
        return m_q.slices().windows(
            intervalOf(bounds, TrackId), intervalOf(bounds, Ts), intervalOf(bounds, Id),
            [this](std::size_t lane, std::size_t i) { return toNs(m_c.lanes[lane].slices[i].startUs); },
            [this](std::size_t lane) { return m_q.laneSorted(lane); });
    }

private:
    struct At
    {
        std::size_t lane;
        const Lane &l;
        const Slice &s;
    };
    At at(std::size_t row) const
    {
        const auto [lane, i] = m_q.slices().locate(row);
        const Lane &l = m_c.lanes[lane];
        return {lane, l, l.slices[i]};
    }
    // The AICore row an AICore or Scheduler View bar shows.
    const TaskRow *taskRow(const At &a) const
    {
        if (a.l.kind != LaneKind::Worker && a.l.kind != LaneKind::SchedulerView)
            return nullptr;
        return a.s.ref < m_c.rows.size() ? &m_c.rows[a.s.ref] : nullptr;
    }
    // The scheduler or orchestrator record a phase or marker bar shows.
    const PhaseRecord *record(const At &a) const
    {
        const std::vector<PhaseLane> *lanes = nullptr;
        std::int64_t source = a.l.laneSource;
        switch (a.l.kind) {
        case LaneKind::Scheduler:
        case LaneKind::SchedulerResolve:
            lanes = &m_c.schedulerThreads;
            break;
        case LaneKind::Orchestrator:
            lanes = &m_c.orchestratorLanes;
            break;
        case LaneKind::AicpuWorker: // allocs come from orchestrator lane -1 - laneSource
            lanes = source < 0 ? &m_c.orchestratorLanes : &m_c.schedulerThreads;
            source = source < 0 ? -1 - source : source;
            break;
        default:
            return nullptr;
        }
        if (source < 0 || std::size_t(source) >= lanes->size())
            return nullptr;
        const PhaseLane &records = (*lanes)[std::size_t(source)];
        return a.s.ref < records.size() ? &records[a.s.ref] : nullptr;
    }
    void name(const At &a, sqlite3_context *out) const
    {
        if (const TaskRow *r = taskRow(a))
            return resultStaticText(out, m_q.functionName(r->funcId));
        if (const PhaseRecord *r = record(a))
            return resultStaticText(out, m_q.phaseKindName(r->kind));
        switch (a.l.kind) {
        case LaneKind::HostUploads:
            if (a.s.ref < m_c.hostUploads.size())
                return resultStaticText(out, m_q.phaseKindName(m_c.hostUploads[a.s.ref].kind));
            break;
        case LaneKind::Host:
            if (a.s.ref < m_c.hostLog.spans.size())
                return resultText(out, m_c.hostLog.spans[a.s.ref].name);
            break;
        case LaneKind::AicpuLifecycle:
            if (a.l.laneSource >= 0 && std::size_t(a.l.laneSource) < m_c.aicpuLifecycle.size()) {
                const auto &stages = m_c.aicpuLifecycle[std::size_t(a.l.laneSource)].slices;
                if (a.s.ref < stages.size())
                    return resultText(out, lifecycleStageName(stages[a.s.ref].stage));
            }
            break;
        case LaneKind::Trace:
            return resultStaticText(out, m_q.traceString(a.s.label));
        case LaneKind::KernelLaunches:
            return resultText(out, sliceLabel(m_c, a.l, a.s)); // "launch 2"
        default:
            break;
        }
        sqlite3_result_null(out);
    }
    void taskId(const At &a, sqlite3_context *out) const
    {
        if (const TaskRow *r = taskRow(a))
            return resultInt(out, std::int64_t(r->taskId));
        if (const PhaseRecord *r = record(a); r && r->hasTaskId())
            return resultInt(out, std::int64_t(r->taskId));
        sqlite3_result_null(out);
    }

    const QueryCapture &m_q;
    const Capture &m_c;
};

std::span<const SliceTable::Column> SliceTable::columns()
{
    using T = SliceTable;
    static const std::array<Column, 10> kColumns = {{
        {{"id", "INTEGER", "the slice's id: its place among all slices, lane by lane"},
         [](const T &, std::size_t row, sqlite3_context *out) { resultInt(out, std::int64_t(row)); }},
        {{"ts", "INTEGER", "start, ns on the capture's axis"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultNs(out, t.at(row).s.startUs); }},
        {{"dur", "INTEGER", "duration, ns (end - ts; 0 for an instant)"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const At a = t.at(row);
             resultInt(out, toNs(a.s.endUs) - toNs(a.s.startUs));
         }},
        {{"track_id", "INTEGER", "the lane it is drawn on (track.id)"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultInt(out, std::int64_t(t.at(row).lane));
         }},
        {{"name", "TEXT",
          "function name (AICore, Scheduler View), phase kind (scheduler, orchestrator), span or trace name"},
         [](const T &t, std::size_t row, sqlite3_context *out) { t.name(t.at(row), out); }},
        {{"kind", "TEXT",
          "the lane's kind, as track.kind: aicore, scheduler_view, scheduler, orchestrator …"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultText(out, laneKindKey(t.at(row).l.kind));
         }},
        {{"depth", "INTEGER", "nesting level inside the lane, 0 at the top"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultInt(out, t.at(row).s.depth); }},
        {{"task_id", "INTEGER", "the task it belongs to (task.task_id), NULL for bars of no task"},
         [](const T &t, std::size_t row, sqlite3_context *out) { t.taskId(t.at(row), out); }},
        {{"func_id", "INTEGER", "AICore and Scheduler View bars: the function (-1 unresolved), else NULL"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             if (const TaskRow *r = t.taskRow(t.at(row)))
                 return resultInt(out, r->funcId);
             sqlite3_result_null(out);
         }},
        {{"core_id", "INTEGER", "AICore and Scheduler View bars: the core, else NULL"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             if (const TaskRow *r = t.taskRow(t.at(row)))
                 return resultInt(out, r->coreId);
             sqlite3_result_null(out);
         }},
    }};
    return kColumns;
}

} // namespace

QueryTableEntry sliceTableEntry()
{
    return entryOf<SliceTable>();
}

} // namespace lanescope
