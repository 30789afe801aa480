#pragma once

#include "model/capture/capture.h"
#include "model/io/json/jsoncursor.h"
#include "rawrecords.h"

#include <string>

namespace lanescope {

// The per-task object layout of older records files (spec §10 item 2): `tasks` is already the joined
// model, with times in µs on the file's own base and, in early eras, real func ids and the runtime's
// `fanout` successor lists.

// Reads one element of `tasks` (the cursor is at its value) into raw.objectRows / raw.fanoutEdges.
// A malformed element is counted in raw.objectDamage. Returns false only when the cursor failed.
bool readTaskObject(JsonCursor &cursor, RawRecords &raw, std::string &key, std::string &scratch);

// Fills rows, phases, level (inferred from content when the file only has `version` or no level
// key) and, when the file has fanout lists, the dependency graph.
void buildObjectLayout(RawRecords &raw, Capture &capture, const QString &fileName);

} // namespace lanescope
