#include "columntable.h"
#include "querytables.h"

#include <initializer_list>

namespace lanescope {

namespace {

std::vector<std::size_t> phaseLaneSizes(const std::vector<PhaseLane> &lanes)
{
    std::vector<std::size_t> sizes;
    for (const PhaseLane &l : lanes)
        sizes.push_back(l.size());
    return sizes;
}

// The scheduler's or the orchestrator's phase records, thread after thread, read from
// Capture::schedulerThreads or Capture::orchestratorLanes. The two tables share their first
// columns; each adds what its records carry.
template <bool Scheduler> class PhaseTable final : public ColumnTable<PhaseTable<Scheduler>>
{
public:
    using Column = typename ColumnTable<PhaseTable>::Column;
    static constexpr const char *kName = Scheduler ? "sched_phase" : "orch_phase";
    static constexpr const char *kMeaning =
        Scheduler ? "the AICPU (or AICore) scheduler threads' loop phase records"
                  : "the orchestrator's phase records (submits and older per-step phases)";
    enum Col { Thread, Kind, Ts };

    explicit PhaseTable(const QueryCapture &capture)
        : m_q(capture),
          m_lanes(Scheduler ? capture.capture().schedulerThreads : capture.capture().orchestratorLanes),
          m_records(phaseLaneSizes(m_lanes)), m_sorted(m_lanes.size(), -1)
    {
    }

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return m_records.total(); }
    bool narrows(int column, QueryBoundOp) const override { return column == Thread || column == Ts; }
    std::vector<RowRange> rows(std::span<const QueryBound> bounds) const override
    {
        return m_records.windows(
            intervalOf(bounds, Thread), intervalOf(bounds, Ts), std::nullopt,
            [this](std::size_t lane, std::size_t i) { return toNs(m_lanes[lane][i].startUs); },
            [this](std::size_t lane) {
                if (m_sorted[lane] < 0) {
                    const PhaseLane &l = m_lanes[lane];
                    m_sorted[lane] = isAscending(l.size(), [&](std::size_t i) { return l[i].startUs; });
                }
                return m_sorted[lane] == 1;
            });
    }

private:
    const PhaseRecord &record(std::size_t row) const
    {
        const auto [lane, i] = m_records.locate(row);
        return m_lanes[lane][i];
    }
    using T = PhaseTable;
    using U32 = std::uint32_t PhaseRecord::*;
    template <U32 field> static void number(const T &t, std::size_t row, sqlite3_context *out)
    {
        resultInt(out, t.record(row).*field);
    }
    // The columns both tables have, with `extra` before the run.
    static std::vector<Column> columnsWith(std::initializer_list<Column> extra)
    {
        std::vector<Column> c = {
            {{"thread", "INTEGER",
              Scheduler ? "the scheduler thread (core_to_thread's numbering)"
                        : "the orchestrator lane, normally 0"},
             [](const T &t, std::size_t row, sqlite3_context *out) {
                 resultInt(out, std::int64_t(t.m_records.locate(row).first));
             }},
            {{"kind", "TEXT", "the phase's name as recorded"},
             [](const T &t, std::size_t row, sqlite3_context *out) {
                 resultStaticText(out, t.m_q.phaseKindName(t.record(row).kind));
             }},
            {{"ts", "INTEGER", "start, ns on the capture's axis"},
             [](const T &t, std::size_t row, sqlite3_context *out) { resultNs(out, t.record(row).startUs); }},
            {{"dur", "INTEGER", "duration, ns"},
             [](const T &t, std::size_t row, sqlite3_context *out) {
                 const PhaseRecord &r = t.record(row);
                 resultInt(out, toNs(r.endUs) - toNs(r.startUs));
             }},
            {{"task_id", "INTEGER", "the task the record names; NULL when it names none"},
             [](const T &t, std::size_t row, sqlite3_context *out) {
                 const PhaseRecord &r = t.record(row);
                 resultOptional(out, r.hasTaskId() ? std::optional<std::int64_t>(r.taskId) : std::nullopt);
             }}};
        c.insert(c.end(), extra);
        c.push_back({{"run", "INTEGER", "the run that wrote it; NULL when the record says none"},
                     [](const T &t, std::size_t row, sqlite3_context *out) {
                         const PhaseRecord &r = t.record(row);
                         resultOptional(out, r.hasRunEpoch() ? std::optional<std::int64_t>(r.runEpoch)
                                                             : std::nullopt);
                     }});
        return c;
    }

    const QueryCapture &m_q;
    const std::vector<PhaseLane> &m_lanes;
    RowSegments m_records;
    mutable std::vector<std::int8_t> m_sorted;
};

template <> std::span<const PhaseTable<true>::Column> PhaseTable<true>::columns()
{
    static const std::vector<Column> kColumns = columnsWith({
        {{"loop_iter", "INTEGER", "the scheduler loop's iteration"}, &number<&PhaseRecord::loopIter>},
        {{"tasks_processed", "INTEGER", "tasks the phase handled"}, &number<&PhaseRecord::tasksProcessed>},
        {{"pop_hit", "INTEGER", "ready-queue pops that found a task"}, &number<&PhaseRecord::popHit>},
        {{"pop_miss", "INTEGER", "ready-queue pops that found none"}, &number<&PhaseRecord::popMiss>},
    });
    return kColumns;
}

template <> std::span<const PhaseTable<false>::Column> PhaseTable<false>::columns()
{
    static const std::vector<Column> kColumns = columnsWith({
        {{"submit_idx", "INTEGER", "the submit's index, which names it when it carries no task id"},
         &number<&PhaseRecord::submitIdx>},
    });
    return kColumns;
}

} // namespace

QueryTableEntry schedPhaseTableEntry()
{
    return entryOf<PhaseTable<true>>();
}

QueryTableEntry orchPhaseTableEntry()
{
    return entryOf<PhaseTable<false>>();
}

} // namespace lanescope
