// Loading is read-only and cancellable: the opened capture is left exactly as it was (no lock,
// cache or index files beside it, no file touched), and a cancel request ends a large load fast.
#include "capturegenerator.h"
#include "sanitizerbuild.h"
#include "model/io/loader.h"

#include <QDateTime>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QThread>
#include <QTest>

#include <atomic>
#include <thread>

using namespace lanescope;

namespace {

// Sanitizer builds parse a 1 MiB refill several times slower; the bound is for an optimised build.
constexpr qint64 kCancelBoundMs = 100 * kSanitizerSlowdown;

// Every entry below `dir` (directories too) with its size and modification time.
QStringList snapshot(const QString &dir)
{
    QStringList entries;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        entries << QStringLiteral("%1 %2 %3")
                       .arg(QDir(dir).relativeFilePath(info.filePath()))
                       .arg(info.isDir() ? -1 : info.size())
                       .arg(info.lastModified().toMSecsSinceEpoch());
    }
    entries.sort();
    return entries;
}

} // namespace

class TestLoadSafety : public QObject
{
    Q_OBJECT

private slots:
    void inputsAreLeftUntouched_data()
    {
        QTest::addColumn<QString>("opened");
        QTest::addColumn<QString>("watched");
        const QString generated = QStringLiteral(LANESCOPE_FIXTURES "/generated");
        QTest::newRow("records directory") << generated + QStringLiteral("/level4") << generated + QStringLiteral("/level4");
        QTest::newRow("zstd directory") << generated + QStringLiteral("/zstd") << generated + QStringLiteral("/zstd");
        QTest::newRow("companion file") << generated + QStringLiteral("/level3/deps.json")
                                        << generated + QStringLiteral("/level3");
        QTest::newRow("trace file") << QStringLiteral(LANESCOPE_FIXTURES "/traces/merged_swimlane_small.json")
                                    << QStringLiteral(LANESCOPE_FIXTURES "/traces");
        QTest::newRow("corrupt zstd bomb") << QStringLiteral(LANESCOPE_FIXTURES
                                                             "/corrupt/zstd/chip_swimlane_records-zstd-bomb-1gib.json.zst")
                                           << QStringLiteral(LANESCOPE_FIXTURES "/corrupt/zstd");
    }

    void inputsAreLeftUntouched()
    {
        QFETCH(QString, opened);
        QFETCH(QString, watched);
        const QStringList before = snapshot(watched);
        QVERIFY(before.size() > 1);
        loadCapture(opened);
        QCOMPARE(snapshot(watched), before);
    }

    // JsonCursor looks at the cancel flag at every 1 MiB refill, and the deps thread shares it.
    void cancelEndsALargeLoadQuickly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        GeneratorOptions options;
        options.tasks = 100'000;   // ~190 MB of files: loading takes well over the 200 ms wait
        options.level = 4;
        options.seed = 7;
        const GeneratedCapture generated = generateCapture(options, dir.path());
        QVERIFY2(generated.ok(), qPrintable(generated.error));

        std::atomic<bool> cancel{false};
        LoadControl control;
        control.cancel = &cancel;
        LoadResult result;
        std::atomic<bool> finished{false};
        QElapsedTimer clock;
        clock.start();
        qint64 returnedAtMs = -1;   // written by the loader thread, read after join
        std::thread loader([&] {
            result = loadCapture(dir.path(), control);
            returnedAtMs = clock.elapsed();
            finished = true;
        });
        QThread::msleep(200);
        const bool finishedEarly = finished.load();
        const qint64 cancelAtMs = clock.elapsed();
        cancel = true;
        loader.join();
        const qint64 returnedAfterMs = returnedAtMs - cancelAtMs;
        QVERIFY2(!finishedEarly, "the capture loaded in under 200 ms: too small to measure cancellation");
        qInfo("load returned %lld ms after the cancel request", returnedAfterMs);
        QVERIFY(!result.ok());
        QVERIFY2(result.error.message.contains(QLatin1String("cancelled")), qPrintable(result.error.toString()));
        QVERIFY2(returnedAfterMs <= kCancelBoundMs, qPrintable(QString::number(returnedAfterMs)));
    }
};

QTEST_GUILESS_MAIN(TestLoadSafety)
#include "tst_loadsafety.moc"
