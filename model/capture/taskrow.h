#pragma once

#include "flatarray.h"

#include <cstdint>
#include <vector>

namespace lanescope {

enum class CoreType : std::uint8_t { Aic, Aiv };

// One AICore execution of (part of) a logical task, joined with its AICPU dispatch/finish row
// (spec §3.3). Times are microseconds relative to the capture's time base (§3.2).
struct TaskRow
{
    enum Flag : std::uint8_t {
        HasAicpu = 1 << 0,     // dispatch/finish were captured for this row (level >= 2, joined)
        AicpuMissing = 1 << 1, // level >= 2 but no AICPU row matched: dispatch/finish unknown
        HasReceive = 1 << 2,   // receive_to_start was present (v3+ rows)
        DuplicateKey = 1 << 3, // another AICore row had the same join key (kept, reported)
    };

    std::uint64_t taskId = 0; // task_token_raw, (ring << 32) | local
    double receiveUs = 0;
    double startUs = 0;
    double endUs = 0;
    double dispatchUs = 0; // 0 when !HasAicpu ("not captured", never "t = 0")
    double finishUs = 0;
    std::int32_t funcId = -1; // resolved from deps.json kernel_ids (§4.4), else -1
    std::uint32_t regTaskId = 0;
    std::uint32_t runEpoch = 0; // newer upstream 7th column; 0 when absent
    // The core, its type and the flags share one word, so that a row takes 64 bytes rather than 72:
    // 8 B per AICore row of every opened capture and of its snapshot. Core ids are read up to
    // RecordLimits::maxCoreId (2^20), well inside 24 bits.
    std::int32_t coreId : 24 = 0;
    std::uint32_t flags : 7 = 0;
    CoreType coreType : 1 = CoreType::Aiv;

    static constexpr std::int32_t kMaxCoreId = (1 << 23) - 1;

    bool hasAicpu() const { return flags & HasAicpu; }
    double durationUs() const { return endUs - startUs; }
    double localSetupUs() const { return startUs - receiveUs; }
    std::uint32_t ringId() const { return std::uint32_t(taskId >> 32); }
    std::uint32_t localId() const { return std::uint32_t(taskId & 0xFFFFFFFFu); }
};

using TaskRows = FlatArray<TaskRow>;

} // namespace lanescope
