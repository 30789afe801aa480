#include "snapshotcache.h"

#include "capturesnapshot.h"
#include "contenthash.h"

#include "model/io/atomicfile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QStandardPaths>
#include <QThreadPool>

namespace lanescope {

namespace {

QMutex settingsMutex;
SnapshotCacheSettings currentSettings;

// One writer thread: snapshots are large, and two written at once would only share the disk.
QThreadPool &writers()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool;
        p->setMaxThreadCount(1);
        p->setExpiryTimeout(2000);
        return p;
    }();
    return *pool;
}

const QString kSuffix = QStringLiteral(".snapshot");

// Reads one byte of every page of `path` through a memory map, as the next opening will. On a
// virtual machine the first read through a map of a page just written costs several times any
// later one, in whichever process comes first: at a million rows, reopening right after a store
// took 0.16-0.21 s, and 0.10-0.13 s once the pages had been read this way (which took 0.1 s).
// Done here, the writer thread pays it, off every user's path.
void readThroughMap(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() <= 0)
        return;
    const uchar *bytes = file.map(0, file.size());
    if (!bytes)
        return;
    constexpr qint64 kPage = 4096;
    unsigned char sum = 0;
    for (qint64 at = 0; at < file.size(); at += kPage)
        sum ^= static_cast<const volatile uchar *>(bytes)[at];
    (void)sum;
    file.unmap(const_cast<uchar *>(bytes));
}

} // namespace

QString defaultSnapshotCacheDir()
{
    const QString xdg = qEnvironmentVariable("XDG_CACHE_HOME");
    const QString base = !xdg.isEmpty() && QDir::isAbsolutePath(xdg)
                             ? xdg
                             : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return QDir(base).filePath(QStringLiteral("lanescope"));
}

void setSnapshotCacheSettings(const SnapshotCacheSettings &settings)
{
    const QMutexLocker lock(&settingsMutex);
    currentSettings = settings;
}

SnapshotCacheSettings snapshotCacheSettings()
{
    const QMutexLocker lock(&settingsMutex);
    return currentSettings;
}

SnapshotCache::SnapshotCache(SnapshotCacheSettings settings)
    : m_settings(std::move(settings)),
      m_dir(m_settings.dir.isEmpty() ? defaultSnapshotCacheDir() : m_settings.dir)
{
}

QString SnapshotCache::fileFor(const SourceKey &key) const
{
    const std::uint64_t name =
        contentHash(key.opened.constData(), std::size_t(key.opened.size()) * sizeof(QChar));
    return QDir(m_dir).filePath(QStringLiteral("%1%2").arg(name, 16, 16, QLatin1Char('0')).arg(kSuffix));
}

std::optional<KeptCapture> SnapshotCache::load(const SourceKey &key, QString *why) const
{
    if (!enabled())
        return std::nullopt;
    // Mapped for as long as any run read from it lives: their flat arrays (flatarray.h) are read
    // where they lie. A snapshot is only ever replaced by renaming a new file over it
    // (atomicfile.h), which leaves the mapped one as it was, and evicting one unlinks it, which
    // keeps its pages until the last view lets go. Only another program cutting the file short in
    // the cache directory could pull pages from under a view.
    auto mapped = std::make_shared<QFile>(fileFor(key));
    QFile &file = *mapped;
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const qint64 size = file.size();
    const uchar *bytes = size > 0 ? file.map(0, size) : nullptr;
    SnapshotRead read;
    if (bytes)
        read = readCaptureSnapshot(bytes, std::size_t(size), key, true, mapped);
    else
        read.problem = QStringLiteral("it cannot be mapped: %1").arg(file.errorString());
    if (!read.ok()) {
        if (why)
            *why = QStringLiteral("%1: %2").arg(file.fileName(), read.problem);
        file.close();
        file.remove();
        return std::nullopt;
    }
    // Its time is its last use: eviction goes by it.
    file.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
    return std::move(read.kept);
}

QString SnapshotCache::store(const SourceKey &key, const CaptureRuns &runs,
                             const std::vector<RunDerivations> &derived) const
{
    if (!enabled())
        return QStringLiteral("the snapshot cache is off");
    if (!QDir().mkpath(m_dir))
        return QStringLiteral("%1: the cache folder cannot be made").arg(m_dir);
    const QString path = fileFor(key);
    if (const QString failed = writeFileAtomically(
            path, [&](QIODevice &out) { return writeCaptureSnapshot(out, key, runs, derived); });
        !failed.isEmpty())
        return failed;
    if (QFileInfo(path).size() > m_settings.capBytes) {
        QFile::remove(path);
        return QStringLiteral("%1: the snapshot is larger than the cache's cap of %2 bytes")
            .arg(path)
            .arg(m_settings.capBytes);
    }
    evict(path);
    readThroughMap(path);
    return {};
}

void SnapshotCache::storeLater(const SourceKey &key, const CaptureRuns &runs,
                               const std::vector<RunDerivations> &derived) const
{
    if (enabled())
        writers().start([cache = *this, key, runs, derived] { cache.store(key, runs, derived); });
}

void waitForStoredSnapshots()
{
    writers().waitForDone();
}

void SnapshotCache::evict(const QString &keep) const
{
    const QString kept = keep.isEmpty() ? QString() : QFileInfo(keep).absoluteFilePath();
    const QFileInfoList files =
        QDir(m_dir).entryInfoList({QLatin1Char('*') + kSuffix}, QDir::Files, QDir::Time);
    // Newest first: the total grows with each file kept, and every file that would pass the cap goes.
    std::int64_t total = kept.isEmpty() ? 0 : QFileInfo(kept).size();
    for (const QFileInfo &file : files) {
        if (file.absoluteFilePath() == kept)
            continue;
        if (total + file.size() > m_settings.capBytes)
            QFile::remove(file.absoluteFilePath());
        else
            total += file.size();
    }
}

} // namespace lanescope
