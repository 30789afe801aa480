#pragma once

#include "discovery.h"
#include "readerror.h"

#include <QByteArray>
#include <cstdint>
#include <optional>

namespace lanescope {

// Whether a capture fits the memory it would take, asked before it is read: one that cannot fit is
// refused with the estimate, not swapped out or killed by the kernel halfway through its load.

// The peak memory loading these files takes, estimated from their sizes (inferred: bytes of memory
// per byte of each kind of input as bench_load measures them, with a margin); `inputBytes` gets the
// bytes of input counted, decompressed where the file says how large it is.
std::int64_t estimatedLoadBytes(const DiscoveredFiles &files, std::int64_t *inputBytes = nullptr);

// What the system can give a new allocation without swapping: the kernel's MemAvailable, or less
// when this process's control group is limited to less. Unset when neither can be read.
std::optional<std::int64_t> systemAvailableMemory();

// The parts of systemAvailableMemory, from the text of /proc/meminfo and of a control group's
// memory.max, memory.current and memory.stat; unset when the text gives no limit. The group's
// inactive file pages count as room: its usage includes the page cache, which the kernel reclaims
// before it swaps (after a large build or copy, most of a group's usage).
std::optional<std::int64_t> memAvailableFromMeminfo(const QByteArray &meminfo);
std::optional<std::int64_t> cgroupRoomFrom(const QByteArray &max, const QByteArray &current,
                                           const QByteArray &stat = {});

// The error that refuses loading `files`, or nothing when the estimate fits what is available
// (`control.availableMemory`, else the system's) or the memory available cannot be known.
std::optional<ReadError> memoryRefusal(const DiscoveredFiles &files, const LoadControl &control);

} // namespace lanescope
