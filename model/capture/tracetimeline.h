#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// Where one device block was placed inside its Host runner_run window (supplement §2.7): one for a
// single-file trace (metadata.placement), one per rank for a directory trace (metadata.ranks[]).
struct TracePlacement
{
    std::optional<std::int32_t> rank;    // metadata.ranks[] entries only
    QString method;                      // "span_containment_v1"
    std::optional<std::int64_t> slackNs; // how much later the block may legally start
};

// What a merged trace says about its own timeline: the top-level `metadata` the converter writes
// (= timeline_metadata, supplement §2.10) and what the events' args reveal (§2.9, §4.3).
struct TraceTimeline
{
    QString layout;      // containment_spliced, causal_composite, device_relative, …
    QString traceStatus; // "complete" iff the Host capture is complete
    std::optional<bool> crossDomainLatencyAvailable;
    std::optional<std::int64_t> crossRankUncertaintyNs; // directory traces; null below 2 ranks
    bool crossDomainGapUnknown = false; // unplaced: the Host/device seam is not a measured gap
    bool hostRecordsMissing = false;
    std::vector<TracePlacement> placements;
    std::vector<std::uint32_t> runEpochs; // distinct args.run_epoch of the events, ascending
    std::vector<std::int32_t> ranks;      // distinct args.rank of the events, ascending
};

} // namespace lanescope
