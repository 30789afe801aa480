// The snapshot cache as openDocument uses it: a capture opened twice is read from its files once,
// a change to any of its files means they are read again, nothing is written beside the capture,
// and the cache stays under its cap.
#include "model/index/captureindex.h"
#include "model/session/capturedocument.h"
#include "model/snapshot/snapshotcache.h"
#include "testmain.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>
#include <cstring>

using namespace lanescope;

namespace {

const QString kSample = QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");

// A copy of the bundled sample that the test may change.
QString copyOfSample(const QTemporaryDir &dir)
{
    const QString to = dir.filePath(QStringLiteral("capture"));
    QDir().mkpath(to);
    QDirIterator it(kSample, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString from = it.next();
        const QString target = to + from.mid(kSample.size());
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::copy(from, target);
    }
    return to;
}

QStringList listing(const QString &dir)
{
    QStringList names;
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        names << it.next();
    names.sort();
    return names;
}

// Opens as the window and the verbs do, then waits for the snapshot written behind it.
OpenedDocument openAndKeep(const QString &path)
{
    OpenedDocument opened = openDocument(path);
    waitForStoredSnapshots();
    return opened;
}

// Byte for byte: a view holds the very bytes the snapshot was written from.
template <class T> bool sameRecords(const FlatArray<T> &a, const FlatArray<T> &b)
{
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

QStringList snapshotsIn(const QString &dir)
{
    return QDir(dir).entryList({QStringLiteral("*.snapshot")}, QDir::Files);
}

} // namespace

class TestSnapshotCache : public QObject
{
    Q_OBJECT

    QTemporaryDir m_cacheDir;

    void useCache(std::int64_t capBytes = 2'000'000'000)
    {
        SnapshotCacheSettings settings;
        settings.enabled = true;
        settings.dir = m_cacheDir.path();
        settings.capBytes = capBytes;
        setSnapshotCacheSettings(settings);
    }

private slots:
    void init()
    {
        QDir(m_cacheDir.path()).removeRecursively();
        QDir().mkpath(m_cacheDir.path());
        useCache();
    }
    void cleanupTestCase() { setSnapshotCacheSettings({}); }

    // Opened again, the capture comes from its snapshot, with the same runs and warnings, and the
    // capture's folder holds exactly what it held before.
    void theSecondOpeningReadsTheSnapshot()
    {
        QTemporaryDir dir;
        const QString capture = copyOfSample(dir);
        const QStringList before = listing(dir.path());
        const OpenedDocument first = openAndKeep(capture);
        QVERIFY(first.ok());
        QVERIFY(!first.document->reopened);
        QCOMPARE(snapshotsIn(m_cacheDir.path()).size(), 1);
        const OpenedDocument second = openAndKeep(capture);
        QVERIFY(second.ok());
        QVERIFY(second.document->reopened);
        QCOMPARE(second.document->runs.size(), first.document->runs.size());
        const Capture &a = *first.document->runs.defaultRun();
        const Capture &b = *second.document->runs.defaultRun();
        QCOMPARE(b.rows.size(), a.rows.size());
        QCOMPARE(b.counters.size(), a.counters.size()); // derived tracks came with the snapshot, once
        QCOMPARE(b.info.warnings, a.info.warnings);
        QVERIFY(b.facts);
        QCOMPARE(listing(dir.path()), before);
    }

    // A reopened run's rows, phase records, bars, bar edges, search bars, counters, ring curves, dependency
    // graph and the bar index's level summaries are read where they lie in the snapshot's memory map, not
    // copied, and hold what the first opening read from the files.
    void aReopenedRunReadsItsRecordsInPlace()
    {
        QTemporaryDir dir;
        const QString capture = copyOfSample(dir);
        const OpenedDocument first = openAndKeep(capture);
        QVERIFY(first.ok());
        const OpenedDocument second = openAndKeep(capture);
        QVERIFY(second.ok());
        QVERIFY(second.document->reopened);
        const Capture &a = *first.document->runs.defaultRun();
        const Capture &b = *second.document->runs.defaultRun();
        QVERIFY(!a.rows.isView());
        QVERIFY(!b.rows.empty());
        QVERIFY(b.rows.isView());
        QVERIFY(sameRecords(b.rows, a.rows));
        QCOMPARE(b.schedulerThreads.size(), a.schedulerThreads.size());
        QVERIFY(!b.schedulerThreads.empty());
        for (std::size_t t = 0; t < b.schedulerThreads.size(); ++t) {
            QVERIFY(b.schedulerThreads[t].empty() || b.schedulerThreads[t].isView());
            QVERIFY(sameRecords(b.schedulerThreads[t], a.schedulerThreads[t]));
        }
        QCOMPARE(b.lanes.size(), a.lanes.size());
        std::size_t viewed = 0;
        for (std::size_t i = 0; i < b.lanes.size(); ++i) {
            QVERIFY(sameRecords(b.lanes[i].slices, a.lanes[i].slices));
            viewed += b.lanes[i].slices.isView() ? 1 : 0;
            QVERIFY(b.lanes[i].slices.isView() || b.lanes[i].slices.empty());
        }
        QVERIFY(viewed > 0);
        QVERIFY(b.facts->search.bars().isView());
        QVERIFY(sameRecords(b.facts->search.bars(), a.facts->search.bars()));
        QCOMPARE(b.counters.size(), a.counters.size());
        for (std::size_t i = 0; i < b.counters.size(); ++i) {
            QVERIFY(b.counters[i].timesUs.isView() || b.counters[i].timesUs.empty());
            QVERIFY(b.counters[i].values == a.counters[i].values);
        }
        const std::optional<RingSeries> &taskWindow = second.document->rings.at(&b)->series[0][0];
        QVERIFY(taskWindow && taskWindow->timesUs.isView());
        QVERIFY(taskWindow->timesUs == first.document->rings.at(&a)->series[0][0]->timesUs);
        // The dependency graph, with its adjacency.
        QVERIFY(!b.deps.edges().empty());
        QVERIFY(b.deps.nodes().isView() && b.deps.edges().isView());
        QVERIFY(sameRecords(b.deps.nodes(), a.deps.nodes()) && sameRecords(b.deps.edges(), a.deps.edges()));
        for (const auto *lists : {&b.deps.successorLists(), &b.deps.predecessorLists()})
            QVERIFY(lists->offsets.isView() && lists->targets.isView());
        QVERIFY(sameRecords(b.deps.predecessorLists().targets, a.deps.predecessorLists().targets));
        // The bar index's level summaries, which a zoomed-out frame reads.
        const CaptureIndexPtr indexA = first.document->indexOf(a);
        const CaptureIndexPtr indexB = second.document->indexOf(b);
        std::size_t summarised = 0;
        for (std::size_t lane = 0; lane < b.lanes.size(); ++lane) {
            for (int depth = 0; depth <= int(b.lanes[lane].maxDepth); ++depth) {
                const auto &buckets = indexB->bars.level(lane, depth).summary().buckets();
                QVERIFY(sameRecords(buckets, indexA->bars.level(lane, depth).summary().buckets()));
                QVERIFY(buckets.isView() || buckets.empty());
                summarised += buckets.isView() ? 1 : 0;
            }
        }
        QVERIFY(summarised > 0);
    }

    // Any change to any file of the capture, or a file that appears, means reading the files again.
    void aChangedSourceIsReadAgain_data()
    {
        QTest::addColumn<int>("change");
        QTest::newRow("records grew") << 0;
        QTest::newRow("deps rewritten with the same size and time") << 1;
        QTest::newRow("a second name map appears") << 2;
    }
    void aChangedSourceIsReadAgain()
    {
        QFETCH(int, change);
        QTemporaryDir dir;
        const QString capture = copyOfSample(dir);
        QVERIFY(openAndKeep(capture).ok());
        if (change == 0) {
            QFile f(capture + QStringLiteral("/chip_swimlane_records.json"));
            QVERIFY(f.open(QIODevice::Append));
            f.write("\n");
        } else if (change == 1) {
            // One digit changed in place: still JSON, same size, same time; only the content hash tells.
            QFile f(capture + QStringLiteral("/deps.json"));
            const QDateTime time = QFileInfo(f).lastModified();
            QVERIFY(f.open(QIODevice::ReadWrite));
            QByteArray bytes = f.readAll();
            const qsizetype at = bytes.lastIndexOf('1');
            QVERIFY(at >= 0);
            bytes[at] = '2';
            f.seek(0);
            f.write(bytes);
            f.close();
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(time, QFileDevice::FileModificationTime));
        } else {
            QVERIFY(QFile::copy(capture + QStringLiteral("/name_map_sample.json"),
                                capture + QStringLiteral("/name_map_copy.json")));
        }
        const OpenedDocument again = openAndKeep(capture);
        QVERIFY2(again.ok(), qPrintable(again.error.toString()));
        QVERIFY(!again.document->reopened);
        QCOMPARE(snapshotsIn(m_cacheDir.path()).size(), 1); // replaced, not added
    }

    // A damaged snapshot on disk is dropped and the capture read from its files, then kept anew.
    void aDamagedSnapshotIsRebuilt()
    {
        QVERIFY(openAndKeep(kSample).ok());
        const QString file = m_cacheDir.filePath(snapshotsIn(m_cacheDir.path()).value(0));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(f.size() / 2);
        const QByteArray byte = f.read(1);
        f.seek(f.size() / 2);
        f.write(QByteArray(1, char(byte.at(0) ^ 0x01)));
        f.close();
        QString why;
        SourceKey key;
        QVERIFY(sourceKeyOf(kSample, &key));
        QVERIFY(!SnapshotCache(snapshotCacheSettings()).load(key, &why));
        QVERIFY2(why.contains(QStringLiteral("checksum")), qPrintable(why));
        QVERIFY(!QFile::exists(file));
        const OpenedDocument opened = openAndKeep(kSample);
        QVERIFY(opened.ok());
        QVERIFY(!opened.document->reopened);
        QVERIFY(QFile::exists(file));
        QVERIFY(openAndKeep(kSample).document->reopened);
    }

    // Above the cap the least recently used snapshots go; one larger than the cap is not kept.
    void theCapEvictsTheOldestFirst()
    {
        const QStringList captures = {QStringLiteral(LANESCOPE_FIXTURES "/generated/level2"),
                                      QStringLiteral(LANESCOPE_FIXTURES "/generated/level3"), kSample};
        std::int64_t largest = 0;
        for (const QString &capture : captures) {
            QVERIFY(openAndKeep(capture).ok());
            QThread::msleep(20); // distinct modification times
        }
        const QFileInfoList kept =
            QDir(m_cacheDir.path())
                .entryInfoList({QStringLiteral("*.snapshot")}, QDir::Files, QDir::Time | QDir::Reversed);
        QCOMPARE(kept.size(), 3);
        for (const QFileInfo &f : kept)
            largest = std::max<std::int64_t>(largest, f.size());
        // Reopening the oldest makes it the most recently used: the middle one goes first.
        QVERIFY(openAndKeep(captures[0]).document->reopened);
        const std::int64_t total = kept[0].size() + kept[1].size() + kept[2].size();
        useCache(total - 1);
        SnapshotCache(snapshotCacheSettings()).evict();
        QVERIFY(QFile::exists(kept[0].absoluteFilePath()));
        QVERIFY(!QFile::exists(kept[1].absoluteFilePath()));
        QVERIFY(QFile::exists(kept[2].absoluteFilePath()));

        QDir(m_cacheDir.path()).removeRecursively();
        useCache(largest - 1);
        const OpenedDocument opened = openAndKeep(kSample);
        QVERIFY(opened.ok());
        QVERIFY(snapshotsIn(m_cacheDir.path()).isEmpty());
    }

    // Off, the cache is neither read nor written.
    void offMeansNoSnapshot()
    {
        setSnapshotCacheSettings({});
        const OpenedDocument opened = openAndKeep(kSample);
        QVERIFY(opened.ok());
        QVERIFY(!opened.document->reopened);
        QVERIFY(snapshotsIn(m_cacheDir.path()).isEmpty());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestSnapshotCache)
#include "tst_snapshotcache.moc"
