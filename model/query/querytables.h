#pragma once

#include "querycapture.h"
#include "querytable.h"

#include <memory>
#include <vector>

namespace lanescope {

// One table the engine offers: its schema, which needs no capture (`--schema`, docs/query.md), and
// how it is made over one.
struct QueryTableEntry
{
    const QueryTableSchema &(*schema)();
    std::unique_ptr<QueryTable> (*make)(const QueryCapture &capture);
};

// Every table, in the order the schema lists them.
const std::vector<QueryTableEntry> &queryTables();

// Each in a file of its own (<name>table.cpp).
QueryTableEntry sliceTableEntry();
QueryTableEntry trackTableEntry();
QueryTableEntry flowTableEntry();
QueryTableEntry counterTableEntry();
QueryTableEntry taskTableEntry();
QueryTableEntry depTableEntry();
QueryTableEntry functionTableEntry();
QueryTableEntry runTableEntry();
QueryTableEntry schedPhaseTableEntry();
QueryTableEntry orchPhaseTableEntry();

// The key a lane kind has in the slice and track tables: "aicore", "scheduler_view" …
const char *laneKindKey(LaneKind kind);

// Makes the QueryTableEntry of a ColumnTable type constructed from a QueryCapture.
template <class Table> QueryTableEntry entryOf()
{
    return {&Table::tableSchema, [](const QueryCapture &capture) -> std::unique_ptr<QueryTable> {
                return std::make_unique<Table>(capture);
            }};
}

} // namespace lanescope
