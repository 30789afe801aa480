#include "model/io/combinedprogress.h"
#include "testmain.h"

#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <mutex>
#include <thread>
#include <vector>

using namespace lanescope;

namespace {

QString writeFile(const QTemporaryDir &dir, const QString &name, int bytes)
{
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QByteArray(bytes, 'x'));
    return file.fileName();
}

struct Report
{
    std::int64_t done;
    std::int64_t total;
};

// A load's control that keeps every progress report in `reports`.
LoadControl recordingInto(std::vector<Report> &reports)
{
    LoadControl control;
    control.progress = [&reports](std::int64_t done, std::int64_t total) {
        reports.push_back({done, total});
    };
    return control;
}

} // namespace

class TestCombinedProgress : public QObject
{
    Q_OBJECT

private slots:
    // Each file's bytes count toward the sum of all the files' sizes.
    void sumsTheFilesRead_data()
    {
        QTest::addColumn<qint64>("recordsDone");
        QTest::addColumn<qint64>("depsDone");
        QTest::addColumn<qint64>("reported");
        QTest::newRow("records only") << qint64(300) << qint64(0) << qint64(300);
        QTest::newRow("both") << qint64(300) << qint64(200) << qint64(500);
        QTest::newRow("both whole") << qint64(1000) << qint64(600) << qint64(1600);
        // A reader's count past its file's size (a position after the end) counts as the whole file.
        QTest::newRow("past the end") << qint64(5000) << qint64(600) << qint64(1600);
    }
    void sumsTheFilesRead()
    {
        QFETCH(qint64, recordsDone);
        QFETCH(qint64, depsDone);
        QFETCH(qint64, reported);
        QTemporaryDir dir;
        const QString records = writeFile(dir, QStringLiteral("records.json"), 1000);
        const QString deps = writeFile(dir, QStringLiteral("deps.json"), 600);
        std::vector<Report> reports;
        const LoadControl control = recordingInto(reports);
        const CombinedProgress progress(control, {records, deps});
        QCOMPARE(progress.totalBytes(), qint64(1600));
        progress.forFile(records).progress(recordsDone, 1000);
        if (depsDone > 0)
            progress.forFile(deps).progress(depsDone, 600);
        QVERIFY(!reports.empty());
        QCOMPARE(reports.back().done, reported);
        QCOMPARE(reports.back().total, qint64(1600));
    }

    // finish() reports the whole, however short of their ends the readers' last reports fell.
    void finishReportsTheWhole()
    {
        QTemporaryDir dir;
        const QString a = writeFile(dir, QStringLiteral("a.json"), 700);
        const QString b = writeFile(dir, QStringLiteral("b.json"), 300);
        std::vector<Report> reports;
        const LoadControl control = recordingInto(reports);
        const CombinedProgress progress(control, {a, b});
        progress.forFile(a).progress(500, 700);
        progress.finish();
        QCOMPARE(reports.back().done, qint64(1000));
        QCOMPARE(reports.back().total, qint64(1000));
    }

    // The controls handed out cancel with the load and count what they read into the same counter.
    void sharesCancelAndRecords()
    {
        QTemporaryDir dir;
        const QString records = writeFile(dir, QStringLiteral("records.json"), 10);
        std::atomic<bool> cancel{false};
        std::atomic<std::int64_t> read{0};
        LoadControl control;
        control.cancel = &cancel;
        control.recordsRead = &read;
        control.progress = [](std::int64_t, std::int64_t) {};
        const CombinedProgress progress(control, {records});
        const LoadControl forRecords = progress.forFile(records);
        QVERIFY(!forRecords.cancelled());
        cancel = true;
        QVERIFY(forRecords.cancelled());
        QCOMPARE(forRecords.recordsRead, &read);
        // A file it was not given reads with the load's own control.
        const LoadControl other = progress.forFile(dir.filePath(QStringLiteral("other.json")));
        QVERIFY(other.cancelled());
    }

    // Two readers on two threads: the whole never goes back, and ends at the total.
    void neverGoesBackAcrossThreads()
    {
        QTemporaryDir dir;
        constexpr int kSize = 100000;
        const QString a = writeFile(dir, QStringLiteral("a.json"), kSize);
        const QString b = writeFile(dir, QStringLiteral("b.json"), kSize);
        std::mutex mutex;
        std::vector<std::int64_t> seen;
        LoadControl control;
        control.progress = [&](std::int64_t done, std::int64_t) {
            const std::lock_guard lock(mutex);
            seen.push_back(done);
        };
        const CombinedProgress progress(control, {a, b});
        auto read = [&](const QString &file) {
            const LoadControl c = progress.forFile(file);
            for (int done = 1000; done <= kSize; done += 1000)
                c.progress(done, kSize);
        };
        std::thread first(read, a);
        std::thread second(read, b);
        first.join();
        second.join();
        QVERIFY(!seen.empty());
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.back(), qint64(2 * kSize));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCombinedProgress)
#include "tst_combinedprogress.moc"
