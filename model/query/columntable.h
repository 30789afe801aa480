#pragma once

#include "querytable.h"

#include <sqlite3.h>

#include <QByteArray>
#include <QString>
#include <cmath>
#include <optional>
#include <span>

namespace lanescope {

// A table whose columns are listed once, each with its schema entry and how a row gives its value,
// so that the schema `--schema` prints and the values a query reads cannot drift apart.
// `Derived` provides kName, kMeaning and a static columns() returning std::span<const Column>.
template <class Derived> class ColumnTable : public QueryTable
{
public:
    using Getter = void (*)(const Derived &table, std::size_t row, sqlite3_context *out);
    struct Column
    {
        QueryColumn info;
        Getter get;
    };

    static const QueryTableSchema &tableSchema()
    {
        static const QueryTableSchema schema = [] {
            QueryTableSchema s{Derived::kName, Derived::kMeaning, {}};
            for (const Column &c : Derived::columns())
                s.columns.push_back(c.info);
            return s;
        }();
        return schema;
    }
    const QueryTableSchema &schema() const override { return tableSchema(); }
    void value(std::size_t row, int column, sqlite3_context *out) const override
    {
        Derived::columns()[std::size_t(column)].get(static_cast<const Derived &>(*this), row, out);
    }
};

// Times on the capture's axis as integer nanoseconds: what every ts, dur and *_ts column holds.
inline std::int64_t toNs(double us)
{
    return std::llround(us * 1000.0);
}

inline void resultInt(sqlite3_context *out, std::int64_t v)
{
    sqlite3_result_int64(out, v);
}
inline void resultOptional(sqlite3_context *out, const std::optional<std::int64_t> &v)
{
    if (v)
        sqlite3_result_int64(out, *v);
    else
        sqlite3_result_null(out);
}
inline void resultNs(sqlite3_context *out, double us)
{
    sqlite3_result_int64(out, toNs(us));
}
// Text that lives as long as the engine (its name caches): SQLite need not copy it.
inline void resultStaticText(sqlite3_context *out, const QByteArray &utf8)
{
    sqlite3_result_text(out, utf8.constData(), int(utf8.size()), SQLITE_STATIC);
}
inline void resultText(sqlite3_context *out, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    sqlite3_result_text(out, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
}
inline void resultText(sqlite3_context *out, const char *latin1)
{
    sqlite3_result_text(out, latin1, -1, SQLITE_STATIC);
}

} // namespace lanescope
