#include "sourcekey.h"

#include "contenthash.h"

#include "model/io/discovery.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>

namespace lanescope {

namespace {

constexpr qint64 kEdgeBytes = 1 << 20;

std::uint64_t edgeHashOf(QFile &file, qint64 size)
{
    ContentHash hash{std::uint64_t(size)};
    const QByteArray head = file.read(std::min(size, kEdgeBytes));
    hash.add(head.constData(), std::size_t(head.size()));
    if (size > kEdgeBytes && file.seek(std::max(kEdgeBytes, size - kEdgeBytes))) {
        const QByteArray tail = file.read(kEdgeBytes);
        hash.add(tail.constData(), std::size_t(tail.size()));
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
