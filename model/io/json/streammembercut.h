#pragma once

#include "bytesource.h"

#include <atomic>
#include <cstdint>
#include <string_view>

namespace lanescope {

// Where a records file can be cut between two threads: just after the top-level member that comes
// before a stream member (aicore_tasks, aicpu_scheduler_phases, …), for the stream member nearest to
// `near` whose key begins at most `reach` bytes from it. The bytes on both sides of `near` are looked
// at a MiB at a time, the nearer first, through `source`'s seek. What is found is a candidate only:
// the key could sit inside a nested object, and only a read of the file in order that arrives at
// exactly that offset at the top level confirms it (recordssplit.h). -1 when there is none, or once
// `stop` is set.
std::int64_t findStreamMemberCut(ByteSource &source, std::int64_t near, std::int64_t reach,
                                 const std::atomic<bool> &stop);

// A cut lies at most this many bytes before its key: whitespace around the comma beyond that costs
// the candidate.
constexpr std::int64_t kStreamMemberCutSlack = 512;

// The top-level members that hold a records file's streams, which a second thread may read.
bool isStreamMemberKey(std::string_view key);

} // namespace lanescope
