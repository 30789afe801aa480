#include "memorybudget.h"

#include "model/format/bytestext.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <zstd.h>

namespace lanescope {

namespace {

// Peak resident bytes per byte of input while opening (the load, derived tracks, index and facts),
// measured by bench_load on level-4 captures, whose "memory estimate" line prints the estimate over
// the measured peak (about 1.3 at 1M rows and 1.2 at 10M: a margin for JSON written more tightly
// than the generator's, which packs more rows into a byte): the records become the rows, bars,
// scheduler and orchestrator records, counters and index (about 1.1 times their text); deps.json
// becomes the dependency graph, which keeps a small fraction of its text (ids and edges, 18 B per
// row at 10M rows). A file of another kind is counted whole.
constexpr double kRecordsPeakPerByte = 1.5;
constexpr double kDepsPeakPerByte = 0.15;
constexpr double kOtherPeakPerByte = 1.0;
// What a process holds before a capture (libraries, fonts, the window), which the estimate adds.
constexpr std::int64_t kBaseBytes = std::int64_t(96) << 20;
// A zstd file whose frame does not say its size: the expansion of the runtime's JSON (inferred).
constexpr double kAssumedZstdExpansion = 8.0;
// The longest zstd frame header (ZSTD_FRAMEHEADERSIZE_MAX, which zstd.h declares only for static linking).
constexpr qint64 kZstdFrameHeaderMax = 18;

// A file's size as the readers see it: decompressed when it is a zstd frame.
std::int64_t inputSizeOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    const std::int64_t size = file.size();
    const QByteArray head = file.read(kZstdFrameHeaderMax);
    if (head.size() < 4 || quint8(head[0]) != 0x28 || quint8(head[1]) != 0xB5 || quint8(head[2]) != 0x2F ||
        quint8(head[3]) != 0xFD)
        return size;
    const unsigned long long content = ZSTD_getFrameContentSize(head.constData(), std::size_t(head.size()));
    if (content == ZSTD_CONTENTSIZE_UNKNOWN || content == ZSTD_CONTENTSIZE_ERROR)
        return std::int64_t(double(size) * kAssumedZstdExpansion);
    // A file of several frames is larger than its first says; the first is most of a runtime file.
    return std::max<std::int64_t>(size, std::int64_t(std::min<unsigned long long>(content, 1ull << 50)));
}

// The tightest limit of this process's cgroup v2 and its ancestors, less what the group uses.
std::optional<std::int64_t> cgroupRoom()
{
    QFile self(QStringLiteral("/proc/self/cgroup"));
    if (!self.open(QIODevice::ReadOnly))
        return std::nullopt;
    QString group;
    for (const QByteArray &line : self.readAll().split('\n'))
        if (line.startsWith("0::"))
            group = QString::fromUtf8(line.mid(3).trimmed());
    if (group.isEmpty())
        return std::nullopt;
    std::optional<std::int64_t> room;
    for (QString dir = group; !dir.isEmpty(); dir = dir.left(std::max<qsizetype>(dir.lastIndexOf(u'/'), 0))) {
        const QString base =
            QStringLiteral("/sys/fs/cgroup") + (dir == QStringLiteral("/") ? QString() : dir);
        QFile max(base + QStringLiteral("/memory.max"));
        QFile current(base + QStringLiteral("/memory.current"));
        QFile stat(base + QStringLiteral("/memory.stat"));
        if (max.open(QIODevice::ReadOnly) && current.open(QIODevice::ReadOnly)) {
            const QByteArray statText = stat.open(QIODevice::ReadOnly) ? stat.readAll() : QByteArray();
            if (const auto r = cgroupRoomFrom(max.readAll(), current.readAll(), statText))
                room = room ? std::min(*room, *r) : *r;
        }
    }
    return room;
}

} // namespace

std::int64_t estimatedLoadBytes(const DiscoveredFiles &files, std::int64_t *inputBytes)
{
    double estimate = double(kBaseBytes);
    std::int64_t input = 0;
    auto add = [&](const QString &path, double perByte) {
        if (path.isEmpty())
            return;
        const std::int64_t size = inputSizeOf(path);
        input += size;
        estimate += double(size) * perByte;
    };
    const bool records = files.kind == MainFileKind::Records;
    if (files.runFiles.isEmpty())
        add(files.main, records ? kRecordsPeakPerByte : kOtherPeakPerByte);
    for (const QString &run : files.runFiles)
        add(run, kRecordsPeakPerByte);
    add(files.deps, kDepsPeakPerByte);
    for (const QString &other : {files.nameMap, files.scopeStats, files.hostLog, files.perfHints})
        if (other != files.main)
            add(other, kOtherPeakPerByte);
    if (inputBytes)
        *inputBytes = input;
    return std::int64_t(estimate);
}

std::optional<std::int64_t> memAvailableFromMeminfo(const QByteArray &meminfo)
{
    for (const QByteArray &line : meminfo.split('\n')) {
        if (!line.startsWith("MemAvailable:"))
            continue;
        const QList<QByteArray> parts = line.mid(13).simplified().split(' ');
        bool ok = false;
        const std::int64_t kib = parts.value(0).toLongLong(&ok);
        if (!ok || kib < 0 || (parts.size() > 1 && parts[1] != "kB"))
            return std::nullopt;
        return kib * 1024;
    }
    return std::nullopt;
}

std::optional<std::int64_t> cgroupRoomFrom(const QByteArray &max, const QByteArray &current,
                                           const QByteArray &stat)
{
    bool maxOk = false, currentOk = false;
    const std::int64_t limit = max.trimmed().toLongLong(&maxOk); // "max": no limit
    std::int64_t used = current.trimmed().toLongLong(&currentOk);
    if (!maxOk || !currentOk || limit < 0 || used < 0)
        return std::nullopt;
    for (const QByteArray &line : stat.split('\n')) {
        if (!line.startsWith("inactive_file "))
            continue;
        bool ok = false;
        const std::int64_t reclaimable = line.mid(14).trimmed().toLongLong(&ok);
        if (ok && reclaimable > 0)
            used -= std::min(reclaimable, used);
    }
    return std::max<std::int64_t>(limit - used, 0);
}

std::optional<std::int64_t> systemAvailableMemory()
{
    std::optional<std::int64_t> available;
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (meminfo.open(QIODevice::ReadOnly))
        available = memAvailableFromMeminfo(meminfo.readAll());
    if (const auto room = cgroupRoom())
        available = available ? std::min(*available, *room) : *room;
    return available;
}

std::optional<ReadError> memoryRefusal(const DiscoveredFiles &files, const LoadControl &control)
{
    const std::optional<std::int64_t> available =
        control.availableMemory ? control.availableMemory() : systemAvailableMemory();
    if (!available)
        return std::nullopt;
    std::int64_t input = 0;
    const std::int64_t needed = estimatedLoadBytes(files, &input);
    if (needed <= *available)
        return std::nullopt;
    const QString main = files.runFiles.isEmpty() ? files.main : files.runFiles.back();
    return ReadError{main, -1, -1,
                     QStringLiteral("too large for the memory available: loading %1 of input needs about %2 "
                                    "(estimated from the file sizes), and %3 is available. Close other "
                                    "programs, or open it on a machine with more memory")
                         .arg(formatBytes(input), formatBytes(needed), formatBytes(*available))};
}

} // namespace lanescope
