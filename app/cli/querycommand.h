#pragma once

#include <QStringList>
#include <QTextStream>

namespace lanescope {

// `lanescope query PATH "SQL" [--csv | --json] [--run EPOCH]`: SQL over a run's records
// (docs/query.md); `lanescope query --schema` lists the tables. Exit 0 ok, 1 usage error or a
// query SQLite refuses, 2 unreadable input.
int runQueryCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace lanescope
