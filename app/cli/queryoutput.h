#pragma once

#include "model/query/queryresult.h"

#include <QTextStream>
#include <nlohmann/json.hpp>

namespace lanescope {

// How `lanescope query` prints its rows.
// An aligned table for people: a header, a rule, numbers right-aligned, NULL spelled out.
void printQueryTable(const QueryResult &result, QTextStream &out);
// RFC 4180 CSV with a header line; NULL is an empty field.
void printQueryCsv(const QueryResult &result, QTextStream &out);
// {"columns": [...], "rows": [[...], ...]}: numbers stay numbers, NULL is null.
void printQueryJson(const QueryResult &result, QTextStream &out);
// That object itself, {"columns", "rows", "truncated"}, which the MCP server's query returns too.
nlohmann::ordered_json queryResultJson(const QueryResult &result);

// The one-line error, with the place SQLite stopped at when it names one:
// `near "FORM": syntax error at character 10: FORM slice`.
QString queryErrorText(const QueryError &error, const QString &sql);

} // namespace lanescope
