// deps.json (spec §4): current, v2 and v1 pair schemas.
#include "fuzzinput.h"
#include "model/io/companions/depsreader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "deps.json");
    DepGraph graph;
    QStringList warnings;
    ReadError error;
    readDeps(*source, graph, warnings, &error);
    return 0;
}
