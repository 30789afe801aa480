#pragma once

#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// scope_stats/scope_stats.jsonl (spec §8; upstream supplement §9). Samples carry no timestamps (§8.4).
struct ScopeSample
{
    std::int64_t taskWindowStart = 0, taskWindowEnd = 0;
    std::uint64_t heapStart = 0, heapEnd = 0;
    std::int64_t depPoolStart = 0, depPoolEnd = 0;
    std::int64_t tensormap = 0;
    std::uint64_t bufSeq = 0;   // producer-local sequence number of the buffer the sample came in (§9.3)
    std::int32_t site = 0;      // index into ScopeStats::sites
    std::int32_t line = 0;      // 1-based line in the file, for messages
    std::uint32_t runEpoch = 0; // epoch stamped on that buffer; meaningful only with hasRunEpoch
    std::int16_t depth = 0;
    std::int8_t ring = 0;
    bool begin = true;
    bool hasDepPool = false;
    bool hasRunEpoch = false; // false: the sample has no run identity (never "epoch 0")
    bool hasBufSeq = false;
    std::uint8_t unused[5] = {}; // as PhaseRecord's
};

// Which writer the metadata line comes from.
enum class ScopeStatsFormat : std::uint8_t {
    None,        // no metadata line: nothing read, or a file of samples only
    Versioned,   // line 1 carries "version" (schema v4, v5, v6; spec §8.1, §8.5)
    Unversioned, // the current writer's line without "version" (supplement §9.1): heap is monotonic
};

// metadata "collection_verdict" of a retained (background-mode) run (supplement §9.2, §5.3).
enum class CollectionVerdict : std::uint8_t {
    None, // not a retained run: the key is absent
    Published,
    PartialSafe,       // content incomplete
    PartialCutUnknown, // completeness unknown
    Unrecognised,      // present but not one of the three known values (text in verdictText)
};

struct ScopeStats
{
    ScopeStatsFormat format = ScopeStatsFormat::None;
    int version = 0; // the "version" key; 0 unless format is Versioned
    bool fatal = false;
    std::uint64_t dropped = 0;
    std::uint64_t total = 0;
    std::array<std::int64_t, 4> taskWindowMax = {0, 0, 0, 0};
    std::array<std::uint64_t, 4> heapMax = {0, 0, 0, 0};
    std::array<std::int64_t, 4> depPoolMax = {0, 0, 0, 0};
    bool hasDepPoolMax = false;
    std::int64_t tensormapMax = 0;

    // Background-mode keys (supplement §9.2); absent on the default path.
    CollectionVerdict verdict = CollectionVerdict::None;
    QString verdictText; // the value as written, for messages
    std::optional<bool> countsUnknown;
    std::optional<std::uint64_t> hostReceivedRecords;
    std::optional<std::uint64_t> hostRetainedRecords;

    QStringList sites;
    std::vector<ScopeSample> samples;

    bool hasMetadata() const { return format != ScopeStatsFormat::None; }
    bool isEmpty() const { return !hasMetadata() && samples.empty(); }
    // v4/v5 heap fields are ring offsets that wrap (§8.5); v6 and the unversioned writer count
    // monotonic bytes. Unknown versions keep the historical reading (anything below 6 wraps).
    bool heapOffsetsWrap() const { return format == ScopeStatsFormat::Versioned && version < 6; }
    // v4 has no dep_pool fields at all; a file without metadata is judged by dep_pool_max alone.
    bool lacksDepPool() const
    {
        return format != ScopeStatsFormat::Unversioned && version < 5 && !hasDepPoolMax;
    }
};

// The samples of one run, with the file's metadata and its shared site table. Which samples
// belong to a run:
//  * runEpoch = N: the samples stamped run_epoch N;
//  * runEpoch = nullopt: the samples without a run_epoch;
//  * a file in which no sample carries run_epoch (every file before #1989) is one run of unknown
//    identity, so every sample belongs to whichever run is asked for.
// Sample order (program order, as the reader left it) is kept.
ScopeStats scopeStatsOfRun(const ScopeStats &all, std::optional<std::uint32_t> runEpoch);

// The distinct run_epoch values of the samples, ascending; empty when none carries one.
std::vector<std::uint32_t> scopeStatsEpochs(const ScopeStats &stats);

// A key that tells runs apart: the epoch, or a value no epoch can take for "no run_epoch".
inline std::uint64_t scopeRunKey(const ScopeSample &s)
{
    return s.hasRunEpoch ? std::uint64_t(s.runEpoch) : (std::uint64_t(1) << 32);
}

} // namespace lanescope
