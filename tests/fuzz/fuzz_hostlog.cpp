// [STRACE] host log (spec §9.1, §13.8).
#include "fuzzinput.h"
#include "model/io/companions/hostlogreader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "strace.log");
    HostLog log;
    QStringList warnings;
    ReadError error;
    readHostLog(*source, log, warnings, &error);
    return 0;
}
