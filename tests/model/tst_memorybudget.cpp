#include "model/io/discovery.h"
#include "model/io/json/bytesource.h"
#include "model/io/loader.h"
#include "model/io/memorybudget.h"
#include "testmain.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

const QString kZstdCapture = QStringLiteral(LANESCOPE_FIXTURES "/generated/zstd");
const QString kRecords = QStringLiteral(LANESCOPE_FIXTURES "/records/level4_run_epochs.json");

std::int64_t decompressedSize(const QString &path)
{
    ReadError error;
    auto source = ByteSource::open(path, &error);
    if (!source)
        return -1;
    std::vector<char> buffer(1 << 16);
    std::int64_t total = 0;
    for (std::int64_t n; (n = source->read(buffer.data(), std::int64_t(buffer.size()))) > 0;)
        total += n;
    return total;
}

LoadControl withAvailable(std::int64_t bytes)
{
    LoadControl control;
    control.availableMemory = [bytes] { return std::optional<std::int64_t>(bytes); };
    return control;
}

} // namespace

class TestMemoryBudget : public QObject
{
    Q_OBJECT

private slots:
    void readsMemAvailable_data()
    {
        QTest::addColumn<QByteArray>("meminfo");
        QTest::addColumn<qint64>("bytes"); // -1: unknown
        QTest::newRow("kernel layout") << QByteArray("MemTotal:       24576000 kB\nMemFree:        1000 kB\n"
                                                     "MemAvailable:   20000000 kB\nBuffers: 10 kB\n")
                                       << qint64(20000000) * 1024;
        QTest::newRow("first line") << QByteArray("MemAvailable: 4 kB") << qint64(4096);
        QTest::newRow("without a unit") << QByteArray("MemAvailable: 8\n") << qint64(8192);
        QTest::newRow("old kernel") << QByteArray("MemTotal: 100 kB\nMemFree: 50 kB\n") << qint64(-1);
        QTest::newRow("not a number") << QByteArray("MemAvailable: lots kB\n") << qint64(-1);
        QTest::newRow("another unit") << QByteArray("MemAvailable: 3 MB\n") << qint64(-1);
        QTest::newRow("negative") << QByteArray("MemAvailable: -3 kB\n") << qint64(-1);
        QTest::newRow("empty") << QByteArray() << qint64(-1);
    }
    void readsMemAvailable()
    {
        QFETCH(QByteArray, meminfo);
        QFETCH(qint64, bytes);
        QCOMPARE(memAvailableFromMeminfo(meminfo).value_or(-1), bytes);
    }

    void readsCgroupRoom_data()
    {
        QTest::addColumn<QByteArray>("max");
        QTest::addColumn<QByteArray>("current");
        QTest::addColumn<QByteArray>("stat");
        QTest::addColumn<qint64>("room"); // -1: no limit
        QTest::newRow("limited") << QByteArray("4294967296\n") << QByteArray("1073741824\n") << QByteArray()
                                 << qint64(3221225472);
        QTest::newRow("unlimited") << QByteArray("max\n") << QByteArray("1073741824\n") << QByteArray()
                                   << qint64(-1);
        QTest::newRow("over the limit")
            << QByteArray("100\n") << QByteArray("200\n") << QByteArray() << qint64(0);
        QTest::newRow("no usage") << QByteArray("100\n") << QByteArray() << QByteArray() << qint64(-1);
        // Page cache left by a build: reclaimable, so room.
        QTest::newRow("inactive file pages")
            << QByteArray("1000\n") << QByteArray("900\n")
            << QByteArray("anon 100\nfile 800\nactive_file 100\ninactive_file 700\n") << qint64(800);
        QTest::newRow("more inactive than used") << QByteArray("1000\n") << QByteArray("50\n")
                                                 << QByteArray("inactive_file 700\n") << qint64(1000);
        QTest::newRow("unreadable stat line") << QByteArray("1000\n") << QByteArray("900\n")
                                              << QByteArray("inactive_file lots\n") << qint64(100);
    }
    void readsCgroupRoom()
    {
        QFETCH(QByteArray, max);
        QFETCH(QByteArray, current);
        QFETCH(QByteArray, stat);
        QFETCH(qint64, room);
        QCOMPARE(cgroupRoomFrom(max, current, stat).value_or(-1), room);
    }

    void theSystemSaysSomething()
    {
        // This machine is Linux: MemAvailable exists, and nothing has less than a MiB free.
        const auto available = systemAvailableMemory();
        QVERIFY(available.has_value());
        QVERIFY(*available > (1 << 20));
    }

    // The estimate counts every file the load reads, and a zstd file at its decompressed size.
    void estimateCountsDecompressedBytes()
    {
        ReadError error;
        const DiscoveredFiles files = discoverCapture(kZstdCapture, &error);
        QCOMPARE(files.kind, MainFileKind::Records);
        QVERIFY(!files.deps.isEmpty());
        std::int64_t input = 0;
        const std::int64_t estimate = estimatedLoadBytes(files, &input);
        std::int64_t expected = decompressedSize(files.main) + decompressedSize(files.deps);
        for (const QString &other : {files.nameMap, files.scopeStats, files.hostLog, files.perfHints})
            if (!other.isEmpty())
                expected += decompressedSize(other);
        QCOMPARE(input, expected);
        QVERIFY(input > QFileInfo(files.main).size() + QFileInfo(files.deps).size());
        QVERIFY(estimate > input / 4);
    }

    // Twice the input, a larger estimate: the bytes scale, not only the base.
    void estimateGrowsWithTheInput()
    {
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("records.json"));
        QVERIFY(QFile::copy(kRecords, copy));
        ReadError error;
        QCOMPARE(discoverCapture(copy, &error).main, copy);
        const std::int64_t one = estimatedLoadBytes(discoverCapture(copy, &error));
        QFile grown(copy);
        QVERIFY(grown.open(QIODevice::Append));
        grown.write(QByteArray(1 << 20, ' '));
        grown.close();
        const std::int64_t two = estimatedLoadBytes(discoverCapture(copy, &error));
        QVERIFY2(two - one >= (1 << 20) && two - one <= (4 << 20), qPrintable(QString::number(two - one)));
    }

    // Refused before a byte is parsed, with the file, the estimate and what is available; loaded
    // when the memory is there.
    void refusesWhatCannotFit_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("records") << kRecords;
        QTest::newRow("zstd capture folder") << kZstdCapture;
    }
    void refusesWhatCannotFit()
    {
        QFETCH(QString, path);
        const LoadResult refused = loadCapture(path, withAvailable(1 << 20));
        QVERIFY(!refused.ok());
        const QString message = refused.error.toString();
        QVERIFY2(message.contains(QStringLiteral("too large for the memory available")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("1 MiB is available")), qPrintable(message));
        QVERIFY(message.contains(QStringLiteral("needs about")));
        QVERIFY(QFileInfo(refused.error.file).exists());
        QVERIFY(refused.error.file.contains(QStringLiteral("records")));

        const LoadResult loaded = loadCapture(path, withAvailable(std::int64_t(1) << 40));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
    }

    // No figure for the memory available: nothing to refuse on.
    void unknownMemoryDoesNotRefuse()
    {
        LoadControl control;
        control.availableMemory = [] { return std::optional<std::int64_t>(); };
        QVERIFY(loadCapture(kRecords, control).ok());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestMemoryBudget)
#include "tst_memorybudget.moc"
