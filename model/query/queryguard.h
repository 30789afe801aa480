#pragma once

#include <QString>

struct sqlite3;

namespace lanescope {

// What a query may do on the engine's connection: read. An authorizer refuses every action but
// reading, selecting and calling functions (load_extension excepted) and a few read-only pragmas,
// extension loading is switched off, and sqlite3_limit bounds the SQL's length, its columns, its
// expressions' depth and the like. Installed after the tables are registered.
class QueryGuard
{
public:
    explicit QueryGuard(sqlite3 *db);
    // Pragmas that only describe the schema; any other, and any pragma that sets something, is refused.
    static constexpr const char *kReadOnlyPragmas[] = {"table_info",    "table_xinfo", "table_list",
                                                       "function_list", "module_list", "pragma_list"};
    // Why the last refused statement was refused ("INSERT is refused: queries only read"); empty
    // when nothing was. Cleared by clearRefusal().
    const QString &refusal() const { return m_refusal; }
    void clearRefusal() { m_refusal.clear(); }

private:
    static int authorize(void *self, int action, const char *a, const char *b, const char *db,
                         const char *trigger);

    QString m_refusal;
};

} // namespace lanescope
