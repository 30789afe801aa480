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
// cancel. `keyOf` is called several times per item: it should read the item, not look elsewhere.
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
    // flipped, others only the sign bit. Made again in every pass rather than kept beside the items:
    // at ten million items a key array is 80 MB more at the opening's peak.
    auto digit = [&keyOf](const T &item, int shift) {
        const double key = keyOf(item);
        std::uint64_t bits;
        std::memcpy(&bits, &key, sizeof bits);
        bits = (bits >> 63) ? ~bits : bits | (std::uint64_t(1) << 63);
        return std::uint32_t(bits >> shift) & 0xFFFFu;
    };
    CancelPoints cancelPoints;
    std::vector<T> other;
    std::vector<std::uint32_t> count(1u << 16);
    for (int shift = 0; shift < 64; shift += 16) {
        std::fill(count.begin(), count.end(), 0u);
        for (const T &item : items) {
            cancelPoints.tick();
            ++count[digit(item, shift)];
        }
        if (count[digit(items[0], shift)] == n)
            continue; // every key has this digit: the pass would change nothing
        std::uint32_t offset = 0;
        for (std::uint32_t &c : count) {
            const std::uint32_t here = c;
            c = offset;
            offset += here;
        }
        if (other.size() != n)
            assignHearingCancel(other, n);
        for (std::size_t i = 0; i < n; ++i) {
            cancelPoints.tick();
            other[count[digit(items[i], shift)]++] = std::move(items[i]);
        }
        items.swap(other);
    }
}

} // namespace lanescope
