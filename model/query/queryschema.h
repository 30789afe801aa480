#pragma once

#include "querytable.h"

#include <QString>
#include <vector>

namespace lanescope {

// Every table of the query engine and every column with its type and meaning, as
// `lanescope query --schema` prints it and docs/query.md holds it (a test keeps the two equal).
QString querySchemaText();
// The same as data, for what completes table and column names (an editor, a server's tool schema).
std::vector<QueryTableSchema> querySchema();

} // namespace lanescope
