#pragma once

#include <QString>
#include <cstdint>
#include <optional>

namespace lanescope {

// Who wrote one scheduler_records stream and where it ran (spec §11, supplement §7). Captures with
// aicpu_scheduler_phases have no streams; their lanes are AICPU scheduler threads.
struct SchedulerStream
{
    QString producer; // "aicpu", "aicore"; empty when the stream did not say
    QString platform; // "a2a3", "a5" …
    QString coreType; // AICore producers: "aic" or "aiv"
    std::optional<std::int64_t> schedulerId;
    std::optional<std::int64_t> workerId; // AICore producers: the id the rows use as core_id
    std::optional<std::int64_t> physicalCoreId;
    std::uint64_t dropped = 0; // capture.dropped: records the stream lost
    bool truncated = false;    // capture.truncated: the stream's buffer filled up (supplement §1)
    bool gap = false;          // an id no stream had: an empty slot of the placement

    bool isAicore() const { return producer == QLatin1String("aicore"); }
};

} // namespace lanescope
