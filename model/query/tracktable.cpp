#include "columntable.h"
#include "querytables.h"

#include <array>

namespace lanescope {

namespace {

// `track`: the lanes in display order, then the counter tracks; slice.track_id and
// counter.track_id name them.
class TrackTable final : public ColumnTable<TrackTable>
{
public:
    static constexpr const char *kName = "track";
    static constexpr const char *kMeaning = "the lanes, then the counter tracks";

    explicit TrackTable(const QueryCapture &capture) : m_c(capture.capture()) {}

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return m_c.lanes.size() + m_c.counters.size(); }

private:
    const Lane *lane(std::size_t row) const { return row < m_c.lanes.size() ? &m_c.lanes[row] : nullptr; }
    const CounterTrack &counter(std::size_t row) const { return m_c.counters[row - m_c.lanes.size()]; }
    std::optional<std::int64_t> thread(const Lane &l) const
    {
        switch (l.kind) {
        case LaneKind::Scheduler:
        case LaneKind::SchedulerResolve:
        case LaneKind::Orchestrator:
            return l.laneSource;
        case LaneKind::AicpuWorker:
            return l.laneSource >= 0 ? std::optional<std::int64_t>(l.laneSource) : std::nullopt;
        case LaneKind::AicpuLifecycle:
            if (l.laneSource >= 0 && std::size_t(l.laneSource) < m_c.aicpuLifecycle.size())
                return m_c.aicpuLifecycle[std::size_t(l.laneSource)].thread;
            return std::nullopt;
        default:
            return std::nullopt;
        }
    }
    static const char *counterKindKey(CounterKind kind)
    {
        switch (kind) {
        case CounterKind::Overhead:
            return "overhead";
        case CounterKind::RingOccupancy:
            return "ring_occupancy";
        case CounterKind::Recorded:
            break;
        }
        return "counter";
    }

    const Capture &m_c;
};

std::span<const TrackTable::Column> TrackTable::columns()
{
    using T = TrackTable;
    static const std::array<Column, 6> kColumns = {{
        {{"id", "INTEGER", "the track's id: lanes first, in display order, then counter tracks"},
         [](const T &, std::size_t row, sqlite3_context *out) { resultInt(out, std::int64_t(row)); }},
        {{"name", "TEXT", "the lane's name (\"AIC_0\", \"Sched_1\") or the counter's"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const Lane *l = t.lane(row);
             const CounterTrack *c = l ? nullptr : &t.counter(row);
             resultText(out, l                     ? l->name
                             : c->series.isEmpty() ? c->name
                                                   : c->name + QStringLiteral(" · ") + c->series);
         }},
        {{"grp", "TEXT", "its group: \"AICore\", \"Scheduler View\", \"AICPU Scheduler\", \"Rings\" …"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const Lane *l = t.lane(row);
             resultText(out, l ? l->group : t.counter(row).group);
         }},
        {{"kind", "TEXT",
          "a lane's kind (aicore, scheduler_view, scheduler, scheduler_resolve, orchestrator, aicpu_marker, "
          "host_upload, host, aicpu_lifecycle, kernel_launch, trace) or a counter's (counter, overhead, "
          "ring_occupancy)"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const Lane *l = t.lane(row);
             resultText(out, l ? laneKindKey(l->kind) : counterKindKey(t.counter(row).kind));
         }},
        {{"core_id", "INTEGER", "AICore and Scheduler View lanes: the core, else NULL"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const Lane *l = t.lane(row);
             const bool core = l && (l->kind == LaneKind::Worker || l->kind == LaneKind::SchedulerView);
             resultOptional(out, core ? std::optional<std::int64_t>(l->laneSource) : std::nullopt);
         }},
        {{"thread", "INTEGER", "scheduler, orchestrator and AICPU lanes: the thread, else NULL"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const Lane *l = t.lane(row);
             resultOptional(out, l ? t.thread(*l) : std::nullopt);
         }},
    }};
    return kColumns;
}

} // namespace

QueryTableEntry trackTableEntry()
{
    return entryOf<TrackTable>();
}

} // namespace lanescope
