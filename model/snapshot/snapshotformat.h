#pragma once

#include <cstddef>
#include <cstdint>

namespace lanescope {

// The layout of a capture snapshot file (capturesnapshot.h):
//
//   header   8 bytes "LNSCSNAP", u32 format version, u32 byte-order mark
//   key      the source key (sourcekey.h) it was made from, so that a snapshot of other or changed
//            files is known as stale after reading a few hundred bytes, before anything is hashed
//   payload  the runs' axis and every run, field by field (snapshotfields.h); its flat arrays
//            (flatarray.h) start 8-byte aligned, so that a reopened capture reads them in place
//   trailer  u64 checksum of every byte before it
//
// Numbers are in the machine's byte order: a snapshot is a cache of one machine, and the byte-order
// mark makes a snapshot from another kind of machine read as foreign, never as data.
inline constexpr char kSnapshotMagic[8] = {'L', 'N', 'S', 'C', 'S', 'N', 'A', 'P'};
// Raise on any change of what a snapshot holds or how (snapshotfields.h), so older ones are rebuilt.
inline constexpr std::uint32_t kSnapshotFormatVersion = 11;
inline constexpr std::uint32_t kSnapshotByteOrderMark = 0x01020304;
inline constexpr std::size_t kSnapshotHeaderBytes = sizeof kSnapshotMagic + 2 * sizeof(std::uint32_t);
inline constexpr std::size_t kSnapshotTrailerBytes = sizeof(std::uint64_t);

} // namespace lanescope
