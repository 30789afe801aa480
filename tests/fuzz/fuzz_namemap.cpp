// name_map*.json (spec §5).
#include "fuzzinput.h"
#include "model/io/companions/namemapreader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "name_map_fuzz.json");
    NameMap map;
    QStringList warnings;
    ReadError error;
    readNameMap(*source, map, warnings, &error);
    return 0;
}
