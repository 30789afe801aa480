// The zstd wrapper: ByteSource::open detects zstd by the magic of a file, so the input is handed
// over as an anonymous in-memory file (memfd) and read through /proc/self/fd, touching no disk.
// The stream is drained to the end (bombs must stop at the safety limit), and a small clean
// payload then goes through the records reader, the most common .zst content.
#include "fuzzinput.h"
#include "model/io/records/recordsreader.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    static const char magic[4] = {'\x28', '\xB5', '\x2F', '\xFD'};
    const int fd = memfd_create("fuzz.zst", MFD_CLOEXEC);
    if (fd < 0)
        return 0;
    // Always a zstd stream: the plain-file path is covered by the other targets.
    bool written = write(fd, magic, 4) == 4;
    if (size >= 4 && std::memcmp(data, magic, 4) == 0) {
        data += 4;
        size -= 4;
    }
    written = written && (size == 0 || write(fd, data, size) == ssize_t(size));
    ReadError error;
    auto source = written ? ByteSource::open(QStringLiteral("/proc/self/fd/%1").arg(fd), &error) : nullptr;
    if (source) {
        constexpr std::int64_t kKeep = 1 << 20;
        std::vector<char> chunk(1 << 20);
        QByteArray payload;
        std::int64_t n = 0;
        while ((n = source->read(chunk.data(), std::int64_t(chunk.size()))) > 0)
            if (payload.size() < kKeep)
                payload.append(chunk.data(), qsizetype(std::min<std::int64_t>(n, kKeep - payload.size())));
        if (n == 0 && payload.size() < kKeep) {
            auto plain = ByteSource::fromMemory(payload, QStringLiteral("chip_swimlane_records.json.zst"));
            Capture capture;
            readRecords(*plain, capture, &error);
        }
    }
    close(fd);
    return 0;
}
