// scope_stats.jsonl (spec §8, §13.7; upstream supplement §9), then the per-run view of what was read.
#include "fuzzinput.h"
#include "model/io/companions/scopestatsreader.h"
#include "model/techniques/ringpressure.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "scope_stats.jsonl");
    ScopeStats stats;
    QStringList warnings;
    ReadError error;
    if (!readScopeStats(*source, stats, warnings, &error))
        return 0;
    ringPressure(stats);
    // A few runs are enough to reach every branch; all of them would be quadratic on many epochs.
    const std::vector<std::uint32_t> epochs = scopeStatsEpochs(stats);
    for (std::size_t i = 0; i < epochs.size() && i < 3; ++i)
        ringPressure(scopeStatsOfRun(stats, epochs[i]));
    ringPressure(scopeStatsOfRun(stats, std::nullopt));
    return 0;
}
