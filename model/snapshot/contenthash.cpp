#include "contenthash.h"

#include <algorithm>
#include <cstring>

namespace lanescope {

namespace {
constexpr std::uint64_t kPrime1 = 0x9E3779B185EBCA87ull;
constexpr std::uint64_t kPrime2 = 0xC2B2AE3D27D4EB4Full;

std::uint64_t rotl(std::uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

std::uint64_t mixLane(std::uint64_t lane, std::uint64_t word)
{
    return rotl(lane + word * kPrime2, 31) * kPrime1;
}

std::uint64_t load64(const unsigned char *p)
{
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}
} // namespace

ContentHash::ContentHash(std::uint64_t seed)
    : m_lanes{seed + kPrime1 + kPrime2, seed + kPrime2, seed, seed - kPrime1}
{
}

void ContentHash::add(const void *data, std::size_t size)
{
    auto *p = static_cast<const unsigned char *>(data);
    m_total += size;
    if (m_pendingSize > 0) {
        const std::size_t take = std::min(size, sizeof m_pending - m_pendingSize);
        std::memcpy(m_pending + m_pendingSize, p, take);
        m_pendingSize += take;
        p += take;
        size -= take;
        if (m_pendingSize < sizeof m_pending)
            return;
        for (int i = 0; i < 4; ++i)
            m_lanes[i] = mixLane(m_lanes[i], load64(m_pending + 8 * i));
        m_pendingSize = 0;
    }
    // The lanes do not depend on each other, so the loop runs at memory speed.
    for (; size >= 32; p += 32, size -= 32) {
        m_lanes[0] = mixLane(m_lanes[0], load64(p));
        m_lanes[1] = mixLane(m_lanes[1], load64(p + 8));
        m_lanes[2] = mixLane(m_lanes[2], load64(p + 16));
        m_lanes[3] = mixLane(m_lanes[3], load64(p + 24));
    }
    std::memcpy(m_pending, p, size);
    m_pendingSize = size;
}

std::uint64_t ContentHash::value() const
{
    std::uint64_t h = rotl(m_lanes[0], 1) + rotl(m_lanes[1], 7) + rotl(m_lanes[2], 12) + rotl(m_lanes[3], 18);
    h ^= m_total * kPrime1;
    for (std::size_t i = 0; i < m_pendingSize; ++i)
        h = rotl(h ^ (m_pending[i] * kPrime2), 11) * kPrime1;
    // Final avalanche, so that one changed bit changes about half of the result.
    h ^= h >> 33;
    h *= kPrime2;
    h ^= h >> 29;
    h *= kPrime1;
    h ^= h >> 32;
    return h;
}

std::uint64_t contentHash(const void *data, std::size_t size, std::uint64_t seed)
{
    ContentHash hash(seed);
    hash.add(data, size);
    return hash.value();
}

} // namespace lanescope
