#pragma once

#include "rawrecords.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace lanescope {

// Pairs AICore rows with AICPU rows on (core_id, reg_task_id[, run_epoch][, launch]) (spec §3.3, §13.3,
// §13.6; field supplement §3)
// with sort-merge over 24-byte keys: no per-row allocation, and files already grouped by core and
// ordered by dispatch counter (the producer's order) skip the sort entirely.
//
// Duplicate keys pair up in file order (the k-th AICore row with the k-th AICPU row of that key),
// which keeps both runs of a multi-run file without run_epoch instead of overwriting one; surplus
// AICore rows are the earlier ones, since the reference reader keeps the last row of a key.
struct TaskJoin
{
    static constexpr std::uint32_t kNoPartner = ~std::uint32_t(0);

    std::vector<std::uint32_t> partner;     // per AICore row: AICPU row index or kNoPartner
    std::vector<std::uint8_t> duplicateKey; // per AICore row: 1 when its key occurs more than once
    std::uint64_t aicoreWithoutPartner = 0;
    std::uint64_t duplicateAicoreRows = 0; // AICore rows beyond the first of their key
    std::uint64_t duplicateAicpuRows = 0;
    std::uint64_t droppedAicpu = 0; // AICPU rows without an AICore partner
    std::vector<std::pair<std::int32_t, std::uint64_t>> droppedAicpuByCore; // ascending core id
    // (inferred, §13.3) holes in a core's dispatch counter: records lost from both streams.
    std::uint64_t counterGapRecords = 0;
    std::uint32_t coresWithGaps = 0;
    std::int32_t largestGapCore = -1;
    std::uint64_t largestGapRecords = 0;

    // `useEpoch` adds run_epoch to the key (only when both streams carry it consistently).
    // `launchStarts` (ascending device cycles; empty without launches) adds the kernel launch: an
    // AICore row's is the launch its start falls in, an AICPU row's the one its dispatch falls in,
    // since launches of one DFX window reuse register ids.
    static TaskJoin build(const ChunkedArray<RawAicoreRow> &aicore, const ChunkedArray<RawAicpuRow> &aicpu,
                          bool useEpoch, const std::vector<std::uint64_t> &launchStarts = {});
};

} // namespace lanescope
