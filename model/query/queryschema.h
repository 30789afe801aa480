#pragma once

#include <QString>

namespace lanescope {

// Every table of the query engine and every column with its type and meaning, as
// `lanescope query --schema` prints it and docs/query.md holds it (a test keeps the two equal).
QString querySchemaText();

} // namespace lanescope
