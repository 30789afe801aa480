#include "streammembercut.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace lanescope {

namespace {

constexpr std::string_view kStreamKeys[] = {
    "aicore_tasks",
    "aicpu_tasks",
    "scheduler_tasks",
    "aicpu_scheduler_phases",
    "scheduler_records",
    "aicpu_orchestrator_phases",
    "host_orchestrator_phases",
    "host_device_uploads",
    "aicpu_lifecycle_records",
};

constexpr std::int64_t kWindow = std::int64_t(1) << 20;
// Context kept on both sides of a window, so that a key and the separators before it are seen whole
// in one of the two windows that share them. Longer runs of whitespace only cost a candidate.
constexpr std::int64_t kMargin = kStreamMemberCutSlack;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The cut for a key whose opening quote is at `quote` in `bytes`, or -1: the key must be a stream
// key followed by ':', preceded by ',' and, before that, by the last byte of a value.
std::int64_t cutAt(const char *bytes, std::int64_t size, std::int64_t quote, std::int64_t base)
{
    const char *after = bytes + quote + 1;
    const std::int64_t room = size - quote - 1;
    bool keyed = false;
    for (const std::string_view key : kStreamKeys) {
        auto n = std::int64_t(key.size());
        if (room <= n || std::memcmp(after, key.data(), key.size()) != 0 || after[n] != '"')
            continue;
        ++n;
        while (n < room && isSpace(after[n]))
            ++n;
        keyed = n < room && after[n] == ':';
        break;
    }
    if (!keyed)
        return -1;
    const std::int64_t floor = std::max<std::int64_t>(0, quote - kStreamMemberCutSlack);
    std::int64_t i = quote - 1;
    while (i >= floor && isSpace(bytes[i]))
        --i;
    if (i < floor || bytes[i] != ',')
        return -1;
    --i;
    while (i >= floor && isSpace(bytes[i]))
        --i;
    return i < floor ? -1 : base + i + 1;
}

// Reads [from, to) of `source` into `buffer`; false when it could not.
bool readWindow(ByteSource &source, std::int64_t from, std::int64_t to, std::vector<char> &buffer)
{
    buffer.resize(std::size_t(to - from));
    if (!source.seek(from))
        return false;
    std::int64_t got = 0;
    while (got < to - from) {
        const auto n = source.read(buffer.data() + got, to - from - got);
        if (n <= 0)
            break;
        got += n;
    }
    buffer.resize(std::size_t(got));
    return true;
}

struct Candidate
{
    std::int64_t key = -1; // the key's opening quote
    std::int64_t cut = -1;
};

// The first (or, looking back, the last) candidate whose key starts in [from, to).
Candidate scanWindow(ByteSource &source, std::int64_t from, std::int64_t to, bool last,
                     std::vector<char> &buffer)
{
    const std::int64_t readFrom = std::max<std::int64_t>(0, from - kMargin);
    if (!readWindow(source, readFrom, std::min(to + kMargin, source.rawSize()), buffer))
        return {};
    const char *bytes = buffer.data();
    const auto size = std::int64_t(buffer.size());
    const std::int64_t end = std::min(size, to - readFrom);
    Candidate found;
    for (std::int64_t at = from - readFrom; at < end;) {
        const void *quote = std::memchr(bytes + at, '"', std::size_t(end - at));
        if (!quote)
            break;
        const auto q = static_cast<const char *>(quote) - bytes;
        if (const std::int64_t cut = cutAt(bytes, size, q, readFrom); cut > 0) {
            found = {readFrom + q, cut};
            if (!last)
                break;
        }
        at = q + 1;
    }
    return found;
}

} // namespace

bool isStreamMemberKey(std::string_view key)
{
    return std::find(std::begin(kStreamKeys), std::end(kStreamKeys), key) != std::end(kStreamKeys);
}

std::int64_t findStreamMemberCut(ByteSource &source, std::int64_t near, std::int64_t reach,
                                 const std::atomic<bool> &stop)
{
    const std::int64_t size = source.rawSize();
    near = std::clamp<std::int64_t>(near, 0, size);
    const std::int64_t last = std::min(size, near + reach + 1);
    const std::int64_t first = std::max<std::int64_t>(0, near - reach);
    std::vector<char> buffer;
    // A window on each side per step: a key found in one is nearer than any in the next pair.
    for (std::int64_t ahead = near, behind = near; ahead < last || behind > first;) {
        if (stop.load(std::memory_order_relaxed))
            return -1;
        Candidate next, previous;
        if (ahead < last) {
            const std::int64_t end = std::min(last, ahead + kWindow);
            next = scanWindow(source, ahead, end, false, buffer);
            ahead = end;
        }
        if (behind > first) {
            const std::int64_t begin = std::max(first, behind - kWindow);
            previous = scanWindow(source, begin, behind, true, buffer);
            behind = begin;
        }
        if (next.cut > 0 && (previous.cut <= 0 || next.key - near <= near - previous.key))
            return next.cut;
        if (previous.cut > 0)
            return previous.cut;
    }
    return -1;
}

} // namespace lanescope
