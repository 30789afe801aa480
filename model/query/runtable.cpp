#include "columntable.h"

#include "model/capture/captureruns.h"
#include "querytables.h"

#include "model/analysis/capturesummary.h"

#include <array>

namespace lanescope {

namespace {

// `run`: the runs of the opened capture (supplement §4), each summarised on first use.
class RunTable final : public ColumnTable<RunTable>
{
public:
    static constexpr const char *kName = "run";
    static constexpr const char *kMeaning =
        "the runs of the opened capture; the other tables hold the one queried";

    explicit RunTable(const QueryCapture &capture) : m_q(capture) {}

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return m_q.allRuns().size(); }

private:
    const Capture &run(std::size_t row) const { return *m_q.allRuns()[row]; }
    const CaptureSummary &summary(std::size_t row) const
    {
        if (m_summaries.empty())
            m_summaries.resize(rowCount());
        if (!m_summaries[row])
            m_summaries[row] = summarize(run(row));
        return *m_summaries[row];
    }

    const QueryCapture &m_q;
    mutable std::vector<std::optional<CaptureSummary>> m_summaries;
};

std::span<const RunTable::Column> RunTable::columns()
{
    using T = RunTable;
    static const std::array<Column, 9> kColumns = {{
        {{"epoch", "INTEGER", "the run's run_epoch; NULL for a run without identity"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const auto &epoch = t.run(row).info.runEpoch;
             resultOptional(out, epoch ? std::optional<std::int64_t>(*epoch) : std::nullopt);
         }},
        {{"launch", "INTEGER", "its kernel launch (k of run_boundaries); NULL in a file of one launch"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const auto ordinal = launchOrdinalOf(t.run(row).info);
             resultOptional(out,
                            ordinal ? std::optional<std::int64_t>(std::int64_t(*ordinal)) : std::nullopt);
         }},
        {{"rank", "TEXT", "an L3 output's rank (\"rank 1 · d0\"); NULL otherwise"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const QString &rank = t.run(row).info.rankName;
             if (rank.isEmpty())
                 return sqlite3_result_null(out);
             resultText(out, rank);
         }},
        {{"rows", "INTEGER", "its AICore rows"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultInt(out, std::int64_t(t.run(row).rows.size()));
         }},
        {{"start_ts", "INTEGER", "its first bar's start, ns on its own axis"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultNs(out, t.summary(row).firstUs); }},
        {{"end_ts", "INTEGER", "its last bar's end, ns"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultNs(out, t.summary(row).lastUs); }},
        {{"verdict", "TEXT", "the collection's verdict (supplement §5.3); NULL when it gives none"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const QString &verdict = t.run(row).info.collection.verdict;
             if (verdict.isEmpty())
                 return sqlite3_result_null(out);
             resultText(out, verdict);
         }},
        {{"partial", "INTEGER", "1 when some of its input was truncated or lost"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultInt(out, t.run(row).info.partial); }},
        {{"queried", "INTEGER", "1 for the run the other tables hold (--run, --launch), else 0"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultInt(out, &t.run(row) == &t.m_q.capture());
         }},
    }};
    return kColumns;
}

} // namespace

QueryTableEntry runTableEntry()
{
    return entryOf<RunTable>();
}

} // namespace lanescope
