#include "queryengine.h"

#include "querycapture.h"
#include "queryguard.h"
#include "querytables.h"
#include "virtualtable.h"

#include <sqlite3.h>

#include <chrono>

namespace lanescope {

namespace {

// What the progress handler looks at while one statement runs.
struct RunningQuery
{
    const std::atomic<bool> *cancel = nullptr;
    std::optional<std::chrono::steady_clock::time_point> deadline;
    bool timedOut = false;
};

// Looked at every kStepsBetweenLooks steps of SQLite's machine: a few microseconds apart.
constexpr int kStepsBetweenLooks = 1000;

int lookForCancel(void *context)
{
    auto *q = static_cast<RunningQuery *>(context);
    if (q->cancel && q->cancel->load(std::memory_order_relaxed))
        return 1;
    if (q->deadline && std::chrono::steady_clock::now() >= *q->deadline) {
        q->timedOut = true;
        return 1;
    }
    return 0;
}

QVariant valueOf(sqlite3_stmt *statement, int column)
{
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_INTEGER:
        return QVariant(qint64(sqlite3_column_int64(statement, column)));
    case SQLITE_FLOAT:
        return QVariant(sqlite3_column_double(statement, column));
    case SQLITE_TEXT: {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
        return QVariant(QString::fromUtf8(text, sqlite3_column_bytes(statement, column)));
    }
    case SQLITE_BLOB: {
        const auto *blob = static_cast<const char *>(sqlite3_column_blob(statement, column));
        return QVariant(QByteArray(blob, sqlite3_column_bytes(statement, column)));
    }
    default:
        return QVariant();
    }
}

// The character of `sql` that byte `offset` of its UTF-8 form begins.
qsizetype characterAt(const QByteArray &utf8, int offset)
{
    return QString::fromUtf8(utf8.left(offset)).size();
}

} // namespace

struct QueryEngine::Connection
{
    sqlite3 *db = nullptr;
    std::unique_ptr<QueryGuard> guard; // null until the tables are in place and the guard is on
    QString openError;

    ~Connection() { sqlite3_close_v2(db); }

    QueryError error(const QByteArray &sql) const
    {
        QueryError e;
        e.message =
            guard && !guard->refusal().isEmpty() ? guard->refusal() : QString::fromUtf8(sqlite3_errmsg(db));
        if (const int offset = sqlite3_error_offset(db); offset >= 0 && offset <= sql.size())
            e.position = characterAt(sql, offset);
        return e;
    }
};

QueryEngine::QueryEngine(std::shared_ptr<const Capture> run,
                         std::vector<std::shared_ptr<const Capture>> allRuns)
    : m_capture(std::make_unique<QueryCapture>(std::move(run), std::move(allRuns))),
      m_connection(std::make_unique<Connection>())
{
    // An in-memory database that holds nothing but the tables: nothing is ever written to disk but
    // what a large sort spills to a temporary file.
    if (sqlite3_open_v2(":memory:", &m_connection->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr) !=
        SQLITE_OK) {
        m_connection->openError = QString::fromUtf8(sqlite3_errmsg(m_connection->db)); // out of memory
        return;
    }
    QByteArray connect;
    for (const QueryTableEntry &entry : queryTables()) {
        m_tables.push_back(entry.make(*m_capture));
        registerVirtualTable(m_connection->db, *m_tables.back());
        connect += QByteArray("SELECT * FROM ") + entry.schema().name + " LIMIT 0;";
    }
    // An eponymous table is connected on its first use, which SQLite authorizes as an update of
    // the schema table: the tables and the read-only pragmas' table-valued forms are all used once
    // here, before the guard refuses any update.
    for (const char *pragma : QueryGuard::kReadOnlyPragmas)
        connect += QByteArray("SELECT * FROM pragma_") + pragma + " LIMIT 0;";
    // A GROUP BY or ORDER BY sorts its rows in memory up to this size (SQLite's sorter takes the
    // page cache's size as its own): 256 MiB, a million bars' names several times over, rather
    // than spilling to a temporary file after 2 MiB. Beyond it the sort still spills, so memory
    // stays bounded.
    connect += "PRAGMA cache_size = -262144;";
    sqlite3_exec(m_connection->db, connect.constData(), nullptr, nullptr, nullptr);
    m_connection->guard = std::make_unique<QueryGuard>(m_connection->db);
}

QueryEngine::~QueryEngine() = default;

QueryResult QueryEngine::execute(const QString &sql, const std::atomic<bool> *cancel,
                                 const QueryOptions &options)
{
    QueryResult result;
    if (!m_connection->guard) { // never opened: nothing is safe to run
        result.error = QueryError{QStringLiteral("SQLite could not open: %1").arg(m_connection->openError),
                                  std::nullopt};
        return result;
    }
    sqlite3 *db = m_connection->db;
    const QByteArray text = sql.toUtf8();
    m_connection->guard->clearRefusal();
    sqlite3_stmt *statement = nullptr;
    const char *tail = nullptr;
    if (sqlite3_prepare_v3(db, text.constData(), int(text.size()), 0, &statement, &tail) != SQLITE_OK) {
        result.error = m_connection->error(text);
        return result;
    }
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> owned(statement, sqlite3_finalize);
    if (!statement) {
        result.error = QueryError{QStringLiteral("the query holds no statement"), std::nullopt};
        return result;
    }
    // A second statement would run unseen: a query is one statement (comments and a trailing ';' aside).
    sqlite3_stmt *next = nullptr;
    const auto tailOffset = int(tail - text.constData());
    if (sqlite3_prepare_v3(db, tail, int(text.size()) - tailOffset, 0, &next, nullptr) != SQLITE_OK || next) {
        sqlite3_finalize(next);
        result.error = QueryError{QStringLiteral("one statement at a time"), characterAt(text, tailOffset)};
        return result;
    }
    if (!sqlite3_stmt_readonly(statement)) { // the authorizer's refusals cover writes; this is a second lock
        result.error =
            QueryError{QStringLiteral("the statement would write: queries only read"), std::nullopt};
        return result;
    }
    const int columns = sqlite3_column_count(statement);
    for (int c = 0; c < columns; ++c) {
        result.columns << QString::fromUtf8(sqlite3_column_name(statement, c));
        const char *table = sqlite3_column_table_name(statement, c);
        const char *origin = sqlite3_column_origin_name(statement, c);
        result.origins << (table && origin ? QString::fromUtf8(table) + u'.' + QString::fromUtf8(origin)
                                           : QString());
    }

    RunningQuery running{cancel, std::nullopt};
    if (options.timeout)
        running.deadline = std::chrono::steady_clock::now() + *options.timeout;
    sqlite3_progress_handler(db, kStepsBetweenLooks, &lookForCancel, &running);
    int rc = SQLITE_OK;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        if (result.rows.size() >= options.maxRows) {
            result.truncated = true;
            break;
        }
        QVariantList row;
        row.reserve(columns);
        for (int c = 0; c < columns; ++c)
            row << valueOf(statement, c);
        result.rows.push_back(std::move(row));
    }
    sqlite3_progress_handler(db, 0, nullptr, nullptr);
    if (rc == SQLITE_INTERRUPT) {
        result.cancelled = true;
        result.error = QueryError{running.timedOut ? QStringLiteral("the query ran past its time limit")
                                                   : QStringLiteral("the query was cancelled"),
                                  std::nullopt};
    } else if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        result.error = m_connection->error(text);
    }
    if (result.error)
        result.rows.clear();
    return result;
}

} // namespace lanescope
