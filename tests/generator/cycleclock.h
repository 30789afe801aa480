#pragma once

#include "int128.h"

#include <cstdint>

namespace lanescope {

// Maps simulated nanoseconds onto the device system counter: cycles = start + floor(ns * f / 1e9).
// Monotonic, so the simulation's orderings survive the conversion (events may merge into one tick).
struct CycleClock
{
    std::uint64_t startCycles = 0;
    std::int64_t frequencyHz = 50'000'000;

    std::uint64_t cycles(std::int64_t ns) const
    {
        const auto n = static_cast<GenUInt128>(ns < 0 ? 0 : ns);
        return startCycles + std::uint64_t(n * std::uint64_t(frequencyHz) / 1'000'000'000u);
    }
    // Nanoseconds (rounded to nearest) of a cycle distance, for µs-domain files.
    std::int64_t nanos(std::uint64_t cycleDelta) const
    {
        const auto n = static_cast<GenUInt128>(cycleDelta) * 1'000'000'000u + std::uint64_t(frequencyHz) / 2;
        return std::int64_t(n / std::uint64_t(frequencyHz));
    }
};

} // namespace lanescope
