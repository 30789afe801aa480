#pragma once

#include "model/capture/depgraph.h"
#include "model/io/json/bytesource.h"
#include "model/io/readerror.h"

#include <QStringList>

namespace lanescope {

// Reads a dep_gen deps.json (spec §4) into `graph`, streaming: a graph of a million tasks is several
// hundred MB, and only task ids, kernel_ids, block_num, early_dispatch, scope and the edge endpoints
// are kept (args, tensors and edge annotations are skipped unparsed). Accepts the current schema,
// the v2 schema and v1 numeric [pred, succ] pairs; ids may be JSON numbers or decimal strings.
// Duplicate edges are projected to unique (pred, succ) pairs by DepGraph::build; ids referenced by
// edges but absent from tasks[] become alloc nodes.
//
// A truncated file keeps what was read, adds a warning and returns true. Any other malformed input
// (or cancellation) returns false with `error` naming the file and byte offset; `graph` is then empty.
bool readDeps(ByteSource &source, DepGraph &graph, QStringList &warnings, ReadError *error,
              const LoadControl *control = nullptr);

} // namespace lanescope
