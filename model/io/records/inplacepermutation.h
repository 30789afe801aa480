#pragma once

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace lanescope {

// Puts items[from[k]] at k for every k, in place: the items can be the largest array of a capture,
// and a sorted copy would hold them twice. `from` must be a permutation of 0 .. items.size() - 1.
//
// Following the permutation's cycles reads every item from a random place and waits for memory at
// each (two seconds for ten million 64-byte rows). This moves the items in two passes that each
// stay near a few hundred places: first every item into its block of about a MiB (an American flag
// sort: a block's next unsorted slot is the only place written in it), then within each block,
// which the cache holds.
template <class T> void permuteInPlace(std::vector<T> &items, std::vector<std::uint32_t> from)
{
    const std::size_t n = items.size();
    CancelPoints cancelPoints;
    std::vector<std::uint32_t> to; // where item i goes
    assignHearingCancel(to, n);
    for (std::size_t k = 0; k < n; ++k) {
        cancelPoints.tick();
        to[from[k]] = std::uint32_t(k);
    }
    std::vector<std::uint32_t>().swap(from);

    constexpr std::size_t kBlockShift = [] {
        std::size_t shift = 0;
        while ((std::size_t(2) << shift) * sizeof(T) <= (std::size_t(1) << 20))
            ++shift;
        return shift;
    }();
    const std::size_t blocks = (n >> kBlockShift) + 1;
    std::vector<std::size_t> next(blocks); // each block's first slot not yet holding one of its items
    for (std::size_t b = 0; b < blocks; ++b)
        next[b] = b << kBlockShift;
    for (std::size_t b = 0; b < blocks; ++b) {
        const std::size_t end = std::min(n, (b + 1) << kBlockShift);
        // Blocks before b are full of their own items, so an item here belongs here or after.
        while (next[b] < end) {
            cancelPoints.tick();
            const std::size_t i = next[b];
            const std::size_t home = to[i] >> kBlockShift;
            if (home == b) {
                ++next[b];
                continue;
            }
            const std::size_t j = next[home]++;
            std::swap(items[i], items[j]);
            std::swap(to[i], to[j]);
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        while (to[i] != i) {
            cancelPoints.tick();
            const std::size_t j = to[i];
            std::swap(items[i], items[j]);
            std::swap(to[i], to[j]);
        }
    }
}

} // namespace lanescope
