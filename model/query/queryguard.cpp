#include "queryguard.h"

#include <sqlite3.h>

#include <array>
#include <utility>

namespace lanescope {

namespace {

bool readOnlyPragma(const QByteArray &name)
{
    for (const char *p : QueryGuard::kReadOnlyPragmas)
        if (name.compare(p, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

QString actionName(int action)
{
    switch (action) {
    case SQLITE_INSERT:
        return QStringLiteral("INSERT");
    case SQLITE_UPDATE:
        return QStringLiteral("UPDATE");
    case SQLITE_DELETE:
        return QStringLiteral("DELETE");
    case SQLITE_ATTACH:
        return QStringLiteral("ATTACH");
    case SQLITE_DETACH:
        return QStringLiteral("DETACH");
    case SQLITE_TRANSACTION:
        return QStringLiteral("a transaction");
    case SQLITE_SAVEPOINT:
        return QStringLiteral("a savepoint");
    case SQLITE_ANALYZE:
        return QStringLiteral("ANALYZE");
    case SQLITE_REINDEX:
        return QStringLiteral("REINDEX");
    default:
        return QStringLiteral("creating, altering or dropping");
    }
}

} // namespace

QueryGuard::QueryGuard(sqlite3 *db)
{
    int unused = 0;
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, &unused);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &unused);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &unused);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &unused);
    // Generous for questions people and agents write, small enough that no query's text, row or
    // expression tree takes much memory or stack.
    static constexpr std::pair<int, int> kLimits[] = {
        {SQLITE_LIMIT_LENGTH, 10'000'000},
        {SQLITE_LIMIT_SQL_LENGTH, 100'000},
        {SQLITE_LIMIT_COLUMN, 256},
        {SQLITE_LIMIT_EXPR_DEPTH, 200},
        {SQLITE_LIMIT_COMPOUND_SELECT, 64},
        {SQLITE_LIMIT_VDBE_OP, 250'000},
        {SQLITE_LIMIT_FUNCTION_ARG, 32},
        {SQLITE_LIMIT_ATTACHED, 0},
        {SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 10'000},
        {SQLITE_LIMIT_VARIABLE_NUMBER, 256},
        {SQLITE_LIMIT_TRIGGER_DEPTH, 1},
        {SQLITE_LIMIT_WORKER_THREADS, 0},
    };
    for (const auto &[limit, value] : kLimits)
        sqlite3_limit(db, limit, value);
    sqlite3_set_authorizer(db, &QueryGuard::authorize, this);
}

int QueryGuard::authorize(void *self, int action, const char *a, const char *b, const char *, const char *)
{
    auto *guard = static_cast<QueryGuard *>(self);
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE:
        return SQLITE_OK;
    case SQLITE_FUNCTION:
        // b names the function
        if (b && QByteArray(b).compare("load_extension", Qt::CaseInsensitive) == 0) {
            guard->m_refusal = QStringLiteral("load_extension is refused: queries cannot load code");
            return SQLITE_DENY;
        }
        return SQLITE_OK;
    case SQLITE_PRAGMA:
        if (a && readOnlyPragma(QByteArray(a)))
            return SQLITE_OK;
        guard->m_refusal =
            QStringLiteral("PRAGMA %1 is refused: queries only read").arg(QString::fromUtf8(a));
        return SQLITE_DENY;
    default:
        guard->m_refusal = QStringLiteral("%1 is refused: queries only read").arg(actionName(action));
        return SQLITE_DENY;
    }
}

} // namespace lanescope
