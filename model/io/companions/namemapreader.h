#pragma once

#include "model/capture/namemap.h"
#include "model/io/json/bytesource.h"
#include "model/io/readerror.h"

#include <QStringList>

namespace lanescope {

// Reads a name_map*.json (spec §5): level, orchestrator_name and callable_id_to_name, whose keys
// are decimal func ids. Keys that are not non-negative decimal integers, and names that are not
// strings, are skipped with one warning each kind.
//
// Only level-2 maps name incore func ids. A map of another level (L3 keys index a callables list)
// would put plausible but wrong names on kernels, so its names are not loaded: `map.names` stays
// empty, `map.level` and the orchestrator name are kept, a warning says why, and the call returns
// true. A map without a level is taken as level 2 (the converter never checks it).
//
// A truncated file keeps the names read so far with a warning; other malformed input returns false
// with `error` naming the file and byte offset.
bool readNameMap(ByteSource &source, NameMap &map, QStringList &warnings, ReadError *error);

} // namespace lanescope
