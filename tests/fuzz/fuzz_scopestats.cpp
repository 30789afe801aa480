// scope_stats.jsonl (spec §8, §13.7).
#include "fuzzinput.h"
#include "model/io/scopestatsreader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "scope_stats.jsonl");
    ScopeStats stats;
    QStringList warnings;
    ReadError error;
    readScopeStats(*source, stats, warnings, &error);
    return 0;
}
