#pragma once

#include "cancelpoint.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace lanescope {

// Sorts `items` by a double key each gives (`keyOf(item)`), ascending, in linear time: four passes
// over 16-bit digits of the key, a pass skipped where every key shares its digit. At millions of
// items this is several times faster than a comparison sort, and the sweeps and edge lists sorted
// here hold several items per row. Stable (items with equal keys keep their order); -0.0 sorts
// before +0.0, and NaN keys at the ends. Takes a buffer as large as `items` while it runs. Hears a
// cancel.
template <typename T, typename KeyOf> void radixSortByDouble(std::vector<T> &items, KeyOf keyOf)
{
    const std::size_t n = items.size();
    if (n < 2)
        return;
    if (n > 0xFFFFFFFFu) { // beyond what the digit counts hold
        cancellableStableSort(items.begin(), items.end(),
                              [&keyOf](const T &a, const T &b) { return keyOf(a) < keyOf(b); });
        return;
    }
    // The bits of an IEEE double, made to order as unsigned integers: negative numbers have every bit
    // flipped, others only the sign bit.
    auto orderedBits = [&keyOf](const T &item) {
        const double key = keyOf(item);
        std::uint64_t bits;
        std::memcpy(&bits, &key, sizeof bits);
        return (bits >> 63) ? ~bits : bits | (std::uint64_t(1) << 63);
    };
    std::vector<std::uint64_t> keys(n);
    CancelPoints cancelPoints;
    for (std::size_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        keys[i] = orderedBits(items[i]);
    }
    std::vector<T> otherItems(n);
    std::vector<std::uint64_t> otherKeys(n);
    std::vector<std::uint32_t> count(1u << 16);
    for (int shift = 0; shift < 64; shift += 16) {
        std::fill(count.begin(), count.end(), 0u);
        for (const std::uint64_t k : keys)
            ++count[(k >> shift) & 0xFFFF];
        if (count[(keys[0] >> shift) & 0xFFFF] == n)
            continue; // every key has this digit: the pass would change nothing
        std::uint32_t offset = 0;
        for (std::uint32_t &c : count) {
            const std::uint32_t here = c;
            c = offset;
            offset += here;
        }
        for (std::size_t i = 0; i < n; ++i) {
            cancelPoints.tick();
            const std::uint32_t to = count[(keys[i] >> shift) & 0xFFFF]++;
            otherKeys[to] = keys[i];
            otherItems[to] = std::move(items[i]);
        }
        keys.swap(otherKeys);
        items.swap(otherItems);
    }
}

} // namespace lanescope
