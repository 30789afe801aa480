// Trace Event Format JSON (merged_swimlane*.json, CPM_*.json, other producers).
#include "fuzzinput.h"
#include "model/io/tracereader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "merged_swimlane_fuzz.json");
    Capture capture;
    ReadError error;
    readChromeTrace(*source, capture, &error);
    return 0;
}
