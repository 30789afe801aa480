#pragma once

#include "flatarray.h"

#include <cstdint>
#include <vector>

namespace lanescope {

// One AICPU scheduler or orchestrator record (spec §2.6, §2.7b, §3.4), times in µs relative to
// the capture's time base. `kind` indexes Capture::phaseKinds (interned names, unknown kinds kept).
struct PhaseRecord
{
    enum Flag : std::uint8_t {
        HasTaskId = 1 << 0,
        HasSharedDepth = 1 << 1, // shared_at_start/end both had 3 entries
        HasPopCounts = 1 << 2,
        HasTasksProcessed = 1 << 3,
        HasRunEpoch = 1 << 4, // the record carried run_epoch (scheduler streams, AICPU orchestrator)
    };

    double startUs = 0;
    double endUs = 0;
    std::uint64_t taskId = 0;
    std::uint32_t loopIter = 0;
    std::uint32_t tasksProcessed = 0;
    std::uint32_t submitIdx = 0; // orchestrator records only
    std::uint32_t popHit = 0;
    std::uint32_t popMiss = 0;
    std::uint32_t runEpoch = 0; // the run that wrote it (supplement §4.1); 0 unless HasRunEpoch
    // Ready-queue depths exactly as read (AIC, AIV, MIX). The device records 16 bits (inferred), but
    // a wider value is kept and warned about, never clipped or wrapped.
    std::int32_t sharedAtStart[3] = {0, 0, 0};
    std::int32_t sharedAtEnd[3] = {0, 0, 0};
    std::uint16_t kind = 0;
    std::uint8_t flags = 0;
    // Snapshots store these records as bytes: the tail a compiler would pad with is a field, so that
    // every byte stored is a known one.
    std::uint8_t unused[5] = {};

    bool hasTaskId() const { return flags & HasTaskId; }
    bool hasRunEpoch() const { return flags & HasRunEpoch; }
};

// Scheduler streams hold millions of records: 32-bit depths cost 16 bytes each, no more.
static_assert(sizeof(PhaseRecord) <= 80, "keep phase records compact");

using PhaseLane = FlatArray<PhaseRecord>;

// Host-side upload (HBG `host_device_uploads`, §2.9).
struct HostUpload
{
    double startUs = 0;
    double endUs = 0;
    std::uint64_t bytes = 0;
    std::uint16_t kind = 0;      // index into Capture::phaseKinds: graph_upload, sm_h2d, arena_h2d
    std::uint8_t unused[6] = {}; // as PhaseRecord's
};

} // namespace lanescope
