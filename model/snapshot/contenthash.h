#pragma once

#include <cstddef>
#include <cstdint>

namespace lanescope {

// A fast 64-bit hash of a byte range, for telling whether bytes changed: the snapshot's checksum
// and the fingerprint of a source file's first and last MiB. Not cryptographic: it guards against
// damage and edits, not against someone forging a file. Four independent lanes keep it close to
// memory speed, so that checking a snapshot of several hundred MB costs little next to reading it.
class ContentHash
{
public:
    explicit ContentHash(std::uint64_t seed = 0);

    void add(const void *data, std::size_t size);
    std::uint64_t value() const;

private:
    void addWord(std::uint64_t word);

    std::uint64_t m_lanes[4];
    unsigned char m_pending[32];
    std::size_t m_pendingSize = 0;
    std::uint64_t m_total = 0;
};

std::uint64_t contentHash(const void *data, std::size_t size, std::uint64_t seed = 0);

} // namespace lanescope
