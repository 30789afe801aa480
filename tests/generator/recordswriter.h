#pragma once

#include "capturedata.h"
#include "generatoroptions.h"

#include <QString>

namespace lanescope {

// Writes chip_swimlane_records.json in a raw-stream shape (current, 5-column, l2 level key, or
// newer upstream) the way the producers stream it: one row per line, fixed key order, unsigned
// 64-bit integers written exactly. Upstream rows and device records carry their own run_epoch;
// `collection` (a retained run, supplement §5.2) is written after metadata.runtime.
bool writeRawRecords(const CaptureData &data, const GeneratorOptions &options, const QString &path,
                     const CollectionBlock *collection = nullptr);

// The run a one-run newer-upstream capture is stamped with (aicore/scheduler rows, phase records,
// scope-stats samples), so the companions agree on the run. Run k of a multi-run capture is k.
constexpr std::uint32_t kUpstreamRunEpoch = 1;

// "aic"/"aiv"-style platform facts shared by the writers.
const char *platformName(std::int64_t clockFreqHz);
int platformMaxAicpuThreads(std::int64_t clockFreqHz);

} // namespace lanescope
