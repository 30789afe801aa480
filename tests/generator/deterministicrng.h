#pragma once

#include "int128.h"

#include <cstdint>
#include <random>

namespace lanescope {

// A seeded random source whose sequence is the same on every platform and standard library:
// mt19937_64's output is fixed by the C++ standard, while std::uniform_*_distribution is
// implementation-defined. The mappings below use integer arithmetic and exactly rounded IEEE
// operations only (no log/exp), so a seed reproduces byte-identical captures everywhere.
class DeterministicRng
{
public:
    explicit DeterministicRng(std::uint64_t seed) : m_engine(seed) {}

    std::uint64_t next() { return m_engine(); }

    // Uniform in [0, n) for n > 0 (multiply-shift; the bias of order n / 2^64 is irrelevant here).
    std::uint64_t below(std::uint64_t n)
    {
        return std::uint64_t((static_cast<GenUInt128>(next()) * n) >> 64);
    }

    // Uniform in [lo, hi], both inclusive.
    std::int64_t between(std::int64_t lo, std::int64_t hi)
    {
        if (hi <= lo)
            return lo;
        return lo + std::int64_t(below(std::uint64_t(hi - lo) + 1));
    }

    // Uniform in [0, 1) from the top 53 bits, exact.
    double unit() { return double(next() >> 11) * 0x1.0p-53; }

    bool chance(double probability) { return unit() < probability; }

    // `value` scaled by a factor uniform in [1 - spread, 1 + spread], rounded, at least 0.
    std::int64_t jitter(std::int64_t value, double spread)
    {
        const double factor = 1.0 - spread + 2.0 * spread * unit();
        const double scaled = double(value) * factor;
        return scaled <= 0 ? 0 : std::int64_t(scaled + 0.5);
    }

private:
    std::mt19937_64 m_engine;
};

// splitmix64's finaliser: a well-mixed 64-bit value of a key, without any state.
inline std::uint64_t mixBits(std::uint64_t x)
{
    x += 0x9E37'79B9'7F4A'7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58'476D'1CE4'E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D0'49BB'1331'11EBull;
    return x ^ (x >> 31);
}

// DeterministicRng::jitter with the factor drawn from a key alone, so the value does not depend on
// how many draws came before it.
inline std::int64_t jitterByKey(std::int64_t value, double spread, std::uint64_t seed, std::uint64_t a,
                                std::uint64_t b)
{
    const std::uint64_t bits = mixBits(mixBits(mixBits(seed) ^ a) ^ (b + 0x51ull));
    const double unit = double(bits >> 11) * 0x1.0p-53;
    const double scaled = double(value) * (1.0 - spread + 2.0 * spread * unit);
    return scaled <= 0 ? 0 : std::int64_t(scaled + 0.5);
}

} // namespace lanescope
