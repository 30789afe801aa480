#pragma once

#include "querytable.h"

struct sqlite3;

namespace lanescope {

// Offers `table` to `db` as an eponymous virtual table of its schema's name: it needs no CREATE
// statement (which the read-only connection could not run) and has no xUpdate, so it cannot be
// written. `table` must outlive the connection. Returns an SQLite result code.
int registerVirtualTable(sqlite3 *db, const QueryTable &table);

} // namespace lanescope
