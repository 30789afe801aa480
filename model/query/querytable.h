#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

struct sqlite3_context;

namespace lanescope {

// What one column of a query table holds, as `lanescope query --schema` and docs/query.md list it.
struct QueryColumn
{
    const char *name;
    const char *type; // "INTEGER", "REAL" or "TEXT": the declared type SQLite sees
    const char *meaning;
};

struct QueryTableSchema
{
    const char *name;
    const char *meaning;
    std::vector<QueryColumn> columns;
};

// A constraint of a query's WHERE clause on one column that a table can use to read fewer rows.
enum class QueryBoundOp : std::uint8_t { Eq, Lt, Le, Gt, Ge };
struct QueryBound
{
    int column = 0;
    QueryBoundOp op = QueryBoundOp::Eq;
    std::int64_t value = 0;
};

// Rows [begin, end) of a table.
struct RowRange
{
    std::size_t begin = 0;
    std::size_t end = 0;
};

// One table of the query engine, read in place from a capture's arrays: SQLite asks for a row's
// column and the table answers from the array it views, so nothing is copied per row.
class QueryTable
{
public:
    virtual ~QueryTable() = default;
    virtual const QueryTableSchema &schema() const = 0;
    virtual std::size_t rowCount() const = 0;
    // What the query planner is told; a table whose rows are found on first use guesses rather
    // than finds them while a query is planned.
    virtual std::size_t estimatedRows() const { return rowCount(); }
    // Sets `out` to the value of `column` in `row` (a sqlite3_result_* call).
    virtual void value(std::size_t row, int column, sqlite3_context *out) const = 0;
    // Whether rows(…) can use a bound of this kind on this column to read fewer rows.
    virtual bool narrows(int /*column*/, QueryBoundOp /*op*/) const { return false; }
    // The rows that may satisfy every bound: at least all those that do (SQLite tests each row it
    // is given again, so a table may return more, never fewer). Only bounds narrows() accepted.
    virtual std::vector<RowRange> rows(std::span<const QueryBound> /*bounds*/) const
    {
        return {{0, rowCount()}};
    }
};

} // namespace lanescope
