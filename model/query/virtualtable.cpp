#include "virtualtable.h"

#include <sqlite3.h>

#include <QByteArray>
#include <cmath>
#include <limits>
#include <vector>

namespace lanescope {

namespace {

struct QueryVtab : sqlite3_vtab
{
    const QueryTable *table = nullptr;
};

// Walks the row ranges the table gave for the query's bounds, in order.
struct QueryCursor : sqlite3_vtab_cursor
{
    std::vector<RowRange> ranges;
    std::size_t range = 0;
    std::size_t row = 0;

    void settle()
    {
        while (range < ranges.size() && row >= ranges[range].end)
            if (++range < ranges.size())
                row = ranges[range].begin;
    }
};

const QueryTable &tableOf(sqlite3_vtab *vtab)
{
    return *static_cast<QueryVtab *>(vtab)->table;
}

int vtabConnect(sqlite3 *db, void *aux, int, const char *const *, sqlite3_vtab **out, char **)
{
    const auto *table = static_cast<const QueryTable *>(aux);
    QByteArray declaration = "CREATE TABLE x(";
    const auto &columns = table->schema().columns;
    for (std::size_t i = 0; i < columns.size(); ++i)
        declaration += (i ? ", " : "") + QByteArray(columns[i].name) + ' ' + columns[i].type;
    declaration += ')';
    if (const int rc = sqlite3_declare_vtab(db, declaration.constData()); rc != SQLITE_OK)
        return rc;
    auto *vtab = new QueryVtab;
    *static_cast<sqlite3_vtab *>(vtab) = {};
    vtab->table = table;
    *out = vtab;
    return SQLITE_OK;
}

int vtabDisconnect(sqlite3_vtab *vtab)
{
    delete static_cast<QueryVtab *>(vtab);
    return SQLITE_OK;
}

std::optional<QueryBoundOp> boundOp(unsigned char op)
{
    switch (op) {
    case SQLITE_INDEX_CONSTRAINT_EQ:
        return QueryBoundOp::Eq;
    case SQLITE_INDEX_CONSTRAINT_LT:
        return QueryBoundOp::Lt;
    case SQLITE_INDEX_CONSTRAINT_LE:
        return QueryBoundOp::Le;
    case SQLITE_INDEX_CONSTRAINT_GT:
        return QueryBoundOp::Gt;
    case SQLITE_INDEX_CONSTRAINT_GE:
        return QueryBoundOp::Ge;
    default:
        return std::nullopt;
    }
}

// The plan hands every usable bound the table can narrow by to xFilter, as a string of
// (column, op) pairs of characters in argument order. SQLite still tests each row against every constraint
// (none is omitted), so a table's narrowing only has to keep every row that may match.
int vtabBestIndex(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    const QueryTable &table = tableOf(vtab);
    QByteArray plan;
    bool equality = false;
    int argument = 0;
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto &c = info->aConstraint[i];
        const auto op = boundOp(c.op);
        if (!c.usable || c.iColumn < 0 || !op || !table.narrows(c.iColumn, *op))
            continue;
        info->aConstraintUsage[i].argvIndex = ++argument;
        plan += char('A' + c.iColumn); // printable: idxStr is a C string
        plan += char('0' + int(*op));
        equality = equality || *op == QueryBoundOp::Eq;
    }
    const double rows = double(std::max<std::size_t>(table.estimatedRows(), 1));
    // Cheaper plans for narrowed reads make SQLite put the narrowed table inside a join's loop.
    info->estimatedCost = argument == 0 ? rows : equality ? std::log2(rows + 1) + 1 : rows / 8 + 1;
    info->estimatedRows = argument == 0 ? sqlite3_int64(rows) : equality ? 8 : sqlite3_int64(rows / 8) + 1;
    if (argument > 0) {
        info->idxStr = sqlite3_mprintf("%s", plan.constData());
        info->needToFreeIdxStr = 1;
        info->idxNum = int(plan.size());
    }
    return SQLITE_OK;
}

int cursorOpen(sqlite3_vtab *, sqlite3_vtab_cursor **out)
{
    auto *cursor = new QueryCursor;
    *static_cast<sqlite3_vtab_cursor *>(cursor) = {};
    *out = cursor;
    return SQLITE_OK;
}

int cursorClose(sqlite3_vtab_cursor *cursor)
{
    delete static_cast<QueryCursor *>(cursor);
    return SQLITE_OK;
}

// A bound's value as an integer bound that keeps every matching row: a real is rounded outwards
// for a range and kept only when whole for an equality; text, blobs and NULL narrow nothing.
std::optional<std::int64_t> integerBound(sqlite3_value *value, QueryBoundOp op)
{
    switch (sqlite3_value_numeric_type(value)) {
    case SQLITE_INTEGER:
        return sqlite3_value_int64(value);
    case SQLITE_FLOAT: {
        const double v = sqlite3_value_double(value);
        const double r = op == QueryBoundOp::Gt || op == QueryBoundOp::Ge ? std::floor(v) : std::ceil(v);
        if (!std::isfinite(v) || std::fabs(r) >= 9.2e18 || (op == QueryBoundOp::Eq && r != v))
            return std::nullopt;
        return std::int64_t(r);
    }
    default:
        return std::nullopt;
    }
}

int cursorFilter(sqlite3_vtab_cursor *base, int planSize, const char *plan, int argc, sqlite3_value **argv)
{
    auto *cursor = static_cast<QueryCursor *>(base);
    const QueryTable &table = tableOf(base->pVtab);
    std::vector<QueryBound> bounds;
    for (int i = 0; i < argc && 2 * i + 1 < planSize; ++i) {
        const auto op = QueryBoundOp(plan[2 * i + 1] - '0');
        // A real bound such as `ts > 1.5` keeps the rows from 1 up, the next test drops 1.
        if (const auto v = integerBound(argv[i], op))
            bounds.push_back({plan[2 * i] - 'A', op, *v});
    }
    cursor->ranges = bounds.empty() ? std::vector<RowRange>{{0, table.rowCount()}} : table.rows(bounds);
    cursor->range = 0;
    cursor->row = cursor->ranges.empty() ? 0 : cursor->ranges.front().begin;
    cursor->settle();
    return SQLITE_OK;
}

int cursorNext(sqlite3_vtab_cursor *base)
{
    auto *cursor = static_cast<QueryCursor *>(base);
    ++cursor->row;
    cursor->settle();
    return SQLITE_OK;
}

int cursorEof(sqlite3_vtab_cursor *base)
{
    const auto *cursor = static_cast<QueryCursor *>(base);
    return cursor->range >= cursor->ranges.size();
}

int cursorColumn(sqlite3_vtab_cursor *base, sqlite3_context *out, int column)
{
    const auto *cursor = static_cast<QueryCursor *>(base);
    tableOf(base->pVtab).value(cursor->row, column, out);
    return SQLITE_OK;
}

int cursorRowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid)
{
    *rowid = sqlite3_int64(static_cast<QueryCursor *>(base)->row);
    return SQLITE_OK;
}

sqlite3_module makeModule()
{
    sqlite3_module m{};
    m.iVersion = 1;
    m.xCreate = nullptr; // eponymous only: the table exists without CREATE VIRTUAL TABLE
    m.xConnect = vtabConnect;
    m.xBestIndex = vtabBestIndex;
    m.xDisconnect = vtabDisconnect;
    m.xDestroy = vtabDisconnect;
    m.xOpen = cursorOpen;
    m.xClose = cursorClose;
    m.xFilter = cursorFilter;
    m.xNext = cursorNext;
    m.xEof = cursorEof;
    m.xColumn = cursorColumn;
    m.xRowid = cursorRowid;
    return m;
}

} // namespace

int registerVirtualTable(sqlite3 *db, const QueryTable &table)
{
    static const sqlite3_module module = makeModule();
    return sqlite3_create_module_v2(db, table.schema().name, &module, const_cast<QueryTable *>(&table),
                                    nullptr);
}

} // namespace lanescope
