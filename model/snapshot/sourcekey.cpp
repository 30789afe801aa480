#include "sourcekey.h"

#include "contenthash.h"

#include "model/io/discovery.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <vector>

namespace lanescope {

namespace {

constexpr qint64 kEdgeBytes = 1 << 20;

// Hashes the file's first and last MiB, read a piece at a time through one small buffer: read
// whole into fresh memory, its first writes cost more than the hash where page faults are slow (a
// reopening once spent 40 ms of its 200 stamping six files that way). Read rather than mapped: a
// capture cut short while it is stamped must not fault the mapping.
std::uint64_t edgeHashOf(QFile &file, qint64 size)
{
    ContentHash hash{std::uint64_t(size)};
    std::vector<char> piece(64 << 10);
    auto add = [&](qint64 offset, qint64 length) {
        if (!file.seek(offset))
            return;
        while (length > 0) {
            const qint64 got = file.read(piece.data(), std::min<qint64>(length, qint64(piece.size())));
            if (got <= 0)
                return;
            hash.add(piece.data(), std::size_t(got));
            length -= got;
        }
    };
    add(0, std::min(size, kEdgeBytes));
    if (size > kEdgeBytes) {
        const qint64 tail = std::max(kEdgeBytes, size - kEdgeBytes);
        add(tail, size - tail);
    }
    return hash.value();
}

// Every file opening `path` reads, by the same discovery the loader runs; the folders of an L3
// output are followed down to their own files.
bool collectFiles(const QString &path, SourceKey &key, int depth)
{
    ReadError error;
    const DiscoveredFiles found = discoverCapture(path, &error);
    if (found.kind == MainFileKind::None || depth > 4)
        return false;
    for (const QString &dir : found.rankDirs)
        if (!collectFiles(dir, key, depth + 1))
            return false;
    QStringList paths = found.runFiles.isEmpty() ? QStringList{found.main} : found.runFiles;
    paths << found.deps << found.nameMap << found.scopeStats << found.hostLog << found.dispatchIdentity
          << found.perfHints << found.runDispatchIdentities;
    for (const QString &file : std::as_const(paths))
        if (!file.isEmpty())
            key.files.push_back(stampFile(file));
    if (!found.notes.isEmpty())
        key.discoveryNotes += found.notes.join(QLatin1Char('\n')) + QLatin1Char('\n');
    return true;
}

QString programPath()
{
    if (QCoreApplication::instance())
        return QCoreApplication::applicationFilePath();
    return QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath();
}

} // namespace

SourceFile stampFile(const QString &path)
{
    const QFileInfo info(path);
    SourceFile stamp;
    stamp.path = info.absoluteFilePath();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return stamp;
    stamp.size = file.size();
    stamp.modifiedMs = info.lastModified().toMSecsSinceEpoch();
    stamp.edgeHash = edgeHashOf(file, stamp.size);
    return stamp;
}

bool sourceKeyOf(const QString &path, SourceKey *key)
{
    *key = SourceKey();
    key->opened = QFileInfo(path).absoluteFilePath();
    if (!collectFiles(path, *key, 0))
        return false;
    // The program's own stamp, hashed like a source: a rebuilt reader may read the same files
    // differently, so its snapshots are not reused.
    key->producer = stampFile(programPath());
    return true;
}

} // namespace lanescope
