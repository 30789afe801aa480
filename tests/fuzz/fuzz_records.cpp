// Records file (spec §2, §10, §11): raw streams, per-task objects and every legacy shape. Each input
// is also read on two threads, cut near a byte its last byte chooses: that read must leave exactly
// what the read in one piece left.
#include "../support/recordsreadoutcome.h"
#include "fuzzinput.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QByteArray whole = recordsReadOutcome(bytes, -1);
    const auto near = size == 0 ? 0 : std::int64_t(size) * data[size - 1] / 256;
    if (recordsReadOutcome(bytes, near) != whole) {
        std::fprintf(stderr, "a read split near byte %lld differs from the read in one piece\n",
                     static_cast<long long>(near));
        std::abort();
    }
    return 0;
}
