// Loading is read-only and cancellable: the opened capture is left exactly as it was (no lock,
// cache or index files beside it, no file touched), and a cancel request ends a large load at its
// next step.
#include "capturegenerator.h"
#include "model/io/loader.h"
#include "testmain.h"

#include <QDateTime>
#include <QDirIterator>
#include <QTemporaryDir>

#include <atomic>

using namespace lanescope;

namespace {

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
        QTest::newRow("records directory")
            << generated + QStringLiteral("/level4") << generated + QStringLiteral("/level4");
        QTest::newRow("zstd directory")
            << generated + QStringLiteral("/zstd") << generated + QStringLiteral("/zstd");
        QTest::newRow("companion file")
            << generated + QStringLiteral("/level3/deps.json") << generated + QStringLiteral("/level3");
        QTest::newRow("trace file") << QStringLiteral(LANESCOPE_FIXTURES "/traces/merged_swimlane_small.json")
                                    << QStringLiteral(LANESCOPE_FIXTURES "/traces");
        QTest::newRow("corrupt zstd bomb")
            << QStringLiteral(LANESCOPE_FIXTURES
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

    // JsonCursor looks at the cancel flag at every 1 MiB refill and reports progress every eighth
    // one, and the deps thread shares both. Cancelled at the first progress report, the load ends
    // at its next refill: no reader gets as far as another report, except one already past its
    // flag check when the cancel came.
    void cancelEndsALargeLoadAtItsNextRefill()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        GeneratorOptions options;
        options.tasks = 100'000; // ~190 MB of files: some twenty progress reports when loaded whole
        options.level = 4;
        options.seed = 7;
        const GeneratedCapture generated = generateCapture(options, dir.path());
        QVERIFY2(generated.ok(), qPrintable(generated.error));

        std::atomic<bool> cancel{false};
        std::atomic<int> reportsAfterCancel{0};
        std::atomic<std::int64_t> doneAtCancel{-1}, totalAtCancel{-1};
        LoadControl control;
        control.cancel = &cancel;
        control.progress = [&](std::int64_t done, std::int64_t total) {
            if (cancel.exchange(true)) {
                ++reportsAfterCancel;
                return;
            }
            doneAtCancel = done;
            totalAtCancel = total;
        };
        const LoadResult result = loadCapture(dir.path(), control);
        QVERIFY2(doneAtCancel >= 0 && doneAtCancel < totalAtCancel,
                 "the load never reported progress mid-file");
        QVERIFY(!result.ok());
        QVERIFY2(result.error.message.contains(QLatin1String("cancelled")),
                 qPrintable(result.error.toString()));
        QVERIFY2(reportsAfterCancel <= 1, qPrintable(QString::number(reportsAfterCancel)));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestLoadSafety)
#include "tst_loadsafety.moc"
