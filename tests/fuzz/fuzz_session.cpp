// The .lanescope review reader: any bytes give a session or a one-line error, never a crash.
#include "fuzzinput.h"
#include "model/techniques/reviewsession.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const auto session = parseReviewSession(bytes, &error);
    if (!session) {
        if (error.isEmpty() || error.contains(u'\n'))
            std::abort(); // a refusal always says why, on one line
        return 0;
    }
    // What was read saves to bytes that read back to the same session.
    const auto again = parseReviewSession(serializeReviewSession(*session), &error);
    if (!again || !(*again == *session))
        std::abort();
    return 0;
}
