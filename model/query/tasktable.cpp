#include "columntable.h"
#include "querytables.h"

#include "model/capture/captureruns.h"

#include <array>

namespace lanescope {

namespace {

// `task`: one row per AICore row, read from Capture::rows.
class TaskTable final : public ColumnTable<TaskTable>
{
public:
    static constexpr const char *kName = "task";
    static constexpr const char *kMeaning =
        "one row per AICore row: a task's execution on one core, with its "
        "scheduler times";
    enum Col { TaskId };

    explicit TaskTable(const QueryCapture &capture) : m_q(capture), m_rows(capture.capture().rows) {}

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return m_rows.size(); }
    bool narrows(int column, QueryBoundOp) const override { return column == TaskId; }
    std::vector<RowRange> rows(std::span<const QueryBound> bounds) const override
    {
        const std::optional<IntInterval> ids = intervalOf(bounds, TaskId);
        // The rows are in order of the unsigned id; a negative bound (an id with bit 63 set, as
        // SQLite's signed integers read it) is left to a full scan.
        if (!ids || ids->lo < 0 || !sorted())
            return {{0, m_rows.size()}};
        if (ids->empty())
            return {};
        const auto lo = std::uint64_t(ids->lo), hi = std::uint64_t(ids->hi);
        const auto first = std::lower_bound(m_rows.begin(), m_rows.end(), lo,
                                            [](const TaskRow &r, std::uint64_t v) { return r.taskId < v; });
        const auto last = std::upper_bound(first, m_rows.end(), hi,
                                           [](std::uint64_t v, const TaskRow &r) { return v < r.taskId; });
        return {{std::size_t(first - m_rows.begin()), std::size_t(last - m_rows.begin())}};
    }

private:
    bool sorted() const
    {
        if (m_sorted < 0)
            m_sorted = isAscending(m_rows.size(), [this](std::size_t i) { return m_rows[i].taskId; });
        return m_sorted == 1;
    }
    // The run the row belongs to: its own epoch, else the capture's; NULL without run identity.
    std::optional<std::int64_t> run(const TaskRow &r) const
    {
        if (r.runEpoch != 0)
            return r.runEpoch;
        const auto &epoch = m_q.capture().info.runEpoch;
        return epoch ? std::optional<std::int64_t>(*epoch) : std::nullopt;
    }

    // The run's launch: every row of a run is of it, since launches are split into runs of their own.
    std::optional<std::int64_t> launch() const
    {
        const auto ordinal = launchOrdinalOf(m_q.capture().info);
        return ordinal ? std::optional<std::int64_t>(std::int64_t(*ordinal)) : std::nullopt;
    }

    const QueryCapture &m_q;
    const TaskRows &m_rows;
    mutable std::int8_t m_sorted = -1;
};

// A scheduler time: NULL when the row has none (no AICPU side joined, or no receive recorded),
// never the 0 the row stores for "not captured".
void resultTimeIf(sqlite3_context *out, bool present, double us)
{
    if (present)
        resultNs(out, us);
    else
        sqlite3_result_null(out);
}

std::span<const TaskTable::Column> TaskTable::columns()
{
    using T = TaskTable;
    static const std::array<Column, 11> kColumns = {{
        {{"task_id", "INTEGER",
          "the task's 64-bit id, (ring << 32) | local (an id with bit 63 set reads negative)"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultInt(out, std::int64_t(t.m_rows[row].taskId));
         }},
        {{"func_id", "INTEGER", "its function (function.func_id), -1 when deps.json does not resolve it"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultInt(out, t.m_rows[row].funcId); }},
        {{"name", "TEXT", "the function's name, as the Functions table gives it"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultStaticText(out, t.m_q.functionName(t.m_rows[row].funcId));
         }},
        {{"core_id", "INTEGER", "the AICore it ran on"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultInt(out, t.m_rows[row].coreId); }},
        {{"dispatch_ts", "INTEGER", "when the scheduler dispatched it, ns; NULL without its AICPU side"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const TaskRow &r = t.m_rows[row];
             resultTimeIf(out, r.hasAicpu(), r.dispatchUs);
         }},
        {{"receive_ts", "INTEGER", "when the core received it, ns; NULL when not recorded"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const TaskRow &r = t.m_rows[row];
             resultTimeIf(out, r.flags & TaskRow::HasReceive, r.receiveUs);
         }},
        {{"start_ts", "INTEGER", "when its kernel started, ns"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultNs(out, t.m_rows[row].startUs); }},
        {{"end_ts", "INTEGER", "when its kernel ended, ns"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultNs(out, t.m_rows[row].endUs); }},
        {{"finish_ts", "INTEGER", "when the scheduler saw it finish, ns; NULL without its AICPU side"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const TaskRow &r = t.m_rows[row];
             resultTimeIf(out, r.hasAicpu(), r.finishUs);
         }},
        {{"run", "INTEGER", "the run's epoch (run.epoch); NULL for a capture without run identity"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultOptional(out, t.run(t.m_rows[row]));
         }},
        // Every row of a run is of the run's launch: launches are split into runs of their own.
        {{"launch", "INTEGER", "its kernel launch (k of run_boundaries); NULL in a file of one launch"},
         [](const T &t, std::size_t, sqlite3_context *out) { resultOptional(out, t.launch()); }},
    }};
    return kColumns;
}

} // namespace

QueryTableEntry taskTableEntry()
{
    return entryOf<TaskTable>();
}

} // namespace lanescope
