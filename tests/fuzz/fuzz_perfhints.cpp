// The compiler's report/perf_hints.log (perf-hints spec A.2-A.4), and the join of its hints to
// kernels through a .pto text made of the same bytes.
#include "fuzzinput.h"
#include "model/io/companions/perfhintjoin.h"
#include "model/io/companions/perfhintsreader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "perf_hints.log");
    PerfHints hints;
    QStringList warnings;
    ReadError error;
    readPerfHints(*source, hints, warnings, &error);
    PtoLocations pto;
    addPtoLocations(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), pto);
    NameMap names;
    names.names.insert(0, QStringLiteral("k"));
    joinPerfHints(hints, names, pto);
    return 0;
}
