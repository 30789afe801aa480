#include "columntable.h"
#include "querytables.h"

#include <array>

namespace lanescope {

namespace {

// `function`: the functions the run's AICore rows ran, found on first use (a pass over the rows).
class FunctionTable final : public ColumnTable<FunctionTable>
{
public:
    static constexpr const char *kName = "function";
    static constexpr const char *kMeaning = "the functions the AICore rows ran";

    explicit FunctionTable(const QueryCapture &capture) : m_q(capture) {}

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return ids().size(); }
    std::size_t estimatedRows() const override { return m_found ? m_ids.size() : 100; }

private:
    const std::vector<int> &ids() const
    {
        if (!m_found) {
            for (const TaskRow &r : m_q.capture().rows)
                if (m_ids.empty() || m_ids.back() != r.funcId) // cheap for runs of one function
                    m_ids.push_back(r.funcId);
            std::sort(m_ids.begin(), m_ids.end());
            m_ids.erase(std::unique(m_ids.begin(), m_ids.end()), m_ids.end());
            m_found = true;
        }
        return m_ids;
    }

    const QueryCapture &m_q;
    mutable std::vector<int> m_ids;
    mutable bool m_found = false;
};

std::span<const FunctionTable::Column> FunctionTable::columns()
{
    using T = FunctionTable;
    static const std::array<Column, 2> kColumns = {{
        {{"func_id", "INTEGER", "the function's id (deps.json kernel id), -1 for rows it does not resolve"},
         [](const T &t, std::size_t row, sqlite3_context *out) { resultInt(out, t.ids()[row]); }},
        {{"name", "TEXT", "its name from the name map, else func_<n>_<letters>"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultStaticText(out, t.m_q.functionName(t.ids()[row]));
         }},
    }};
    return kColumns;
}

} // namespace

QueryTableEntry functionTableEntry()
{
    return entryOf<FunctionTable>();
}

} // namespace lanescope
