// Records file (spec §2, §10, §11): raw streams, per-task objects and every legacy shape.
#include "fuzzinput.h"
#include "model/io/recordsreader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "chip_swimlane_records.json");
    Capture capture;
    ReadError error;
    readRecords(*source, capture, &error);
    return 0;
}
