#pragma once

#include <QString>
#include <QStringList>
#include <QVariant>
#include <chrono>
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

namespace lanescope {

// Why a query gave no rows: SQLite's message, and where in the SQL it stopped when it says.
struct QueryError
{
    QString message;
    std::optional<qsizetype> position; // index of the character in the query's text
};

// What a caller bounds a query by: a server answers with at most so many rows, and a query that
// runs too long is stopped as a cancelled one is.
struct QueryOptions
{
    std::size_t maxRows = std::numeric_limits<std::size_t>::max();
    std::optional<std::chrono::milliseconds> timeout;
};

struct QueryResult
{
    QStringList columns;
    // Per column, "table.column" when it is a table's column as it is (through an alias too), else
    // empty (an expression): what tells a slice's `id` from a track's when a row is acted on.
    QStringList origins;
    // One QVariant per column: null for NULL, qint64, double, QString, or QByteArray for a blob.
    std::vector<QVariantList> rows;
    bool truncated = false; // there were more than QueryOptions::maxRows rows
    bool cancelled = false; // stopped by the cancel flag or the timeout (error says which)
    std::optional<QueryError> error;

    bool ok() const { return !error; }
};

} // namespace lanescope
