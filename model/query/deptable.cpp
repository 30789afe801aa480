#include "columntable.h"
#include "querytables.h"

#include <array>

namespace lanescope {

namespace {

// `dep`: the unique edges of deps.json's task graph, read from DepGraph::edges().
class DepTable final : public ColumnTable<DepTable>
{
public:
    static constexpr const char *kName = "dep";
    static constexpr const char *kMeaning = "the task graph's unique dependency edges (deps.json)";
    enum Col { Pred };

    explicit DepTable(const QueryCapture &capture) : m_deps(capture.capture().deps) {}

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return m_deps.edges().size(); }
    bool narrows(int column, QueryBoundOp op) const override
    {
        return column == Pred && op == QueryBoundOp::Eq;
    }
    std::vector<RowRange> rows(std::span<const QueryBound> bounds) const override
    {
        const std::optional<IntInterval> pred = intervalOf(bounds, Pred);
        if (!pred || pred->lo != pred->hi)
            return {{0, rowCount()}};
        const std::int64_t node = m_deps.indexOf(std::uint64_t(pred->lo));
        if (node < 0)
            return {};
        // edges are sorted by (pred, succ)
        const auto &edges = m_deps.edges();
        const auto first = std::lower_bound(edges.begin(), edges.end(), std::uint32_t(node),
                                            [](const DepEdge &e, std::uint32_t n) { return e.pred < n; });
        const auto last = std::upper_bound(first, edges.end(), std::uint32_t(node),
                                           [](std::uint32_t n, const DepEdge &e) { return n < e.pred; });
        return {{std::size_t(first - edges.begin()), std::size_t(last - edges.begin())}};
    }

private:
    std::int64_t taskOf(std::uint32_t node) const { return std::int64_t(m_deps.nodes()[node].taskId); }

    const DepGraph &m_deps;
};

std::span<const DepTable::Column> DepTable::columns()
{
    using T = DepTable;
    static const std::array<Column, 2> kColumns = {{
        {{"pred_task_id", "INTEGER", "the task that must finish first (task.task_id)"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultInt(out, t.taskOf(t.m_deps.edges()[row].pred));
         }},
        {{"succ_task_id", "INTEGER", "the task that depends on it"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultInt(out, t.taskOf(t.m_deps.edges()[row].succ));
         }},
    }};
    return kColumns;
}

} // namespace

QueryTableEntry depTableEntry()
{
    return entryOf<DepTable>();
}

} // namespace lanescope
