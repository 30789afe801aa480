#pragma once

#include <cstdint>

namespace lanescope {

// How long the companions read on the second core beside the first run's records take (deps.json,
// scope stats), in the records-file bytes that take as long. deps.json is mostly passed over
// unparsed (args, tensors, edge detail), so a byte of it costs about a third of a records byte.
// Measured on a 1M-row capture, one core each: 308 MB of deps.json read in 0.38-0.51 s, and 256 MB
// of records read and put in task order (all readRecords does before the companions are needed) in
// 1.05-1.42 s.
std::int64_t companionsAsRecordsBytes(std::int64_t depsBytes, std::int64_t scopeStatsBytes);

// Where to cut a records file of `recordsBytes` between two threads (recordssplit.h), or -1 to read
// it in one piece, while the companions (`companions`, as companionsAsRecordsBytes gives) are read
// on a third. The three share two cores. While all run, each gets two thirds of a core, so the
// second part and the companions advance alike; the first part then ends with whichever of them is
// left. All end together when the first part is half the file or as long as the companions,
// whichever is larger. A file not longer than the companions by a few tens of MiB, a tenth of a
// second's read, gains nothing from a second thread.
std::int64_t recordsSplitNear(std::int64_t recordsBytes, std::int64_t companions);

} // namespace lanescope
