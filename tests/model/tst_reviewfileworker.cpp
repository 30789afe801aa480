#include "model/session/reviewfileworker.h"
#include "testmain.h"

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <optional>

using namespace lanescope;

// Review files are written and read on the worker's thread: save() and open() return before the
// work is done, and the result arrives as a signal.
class TestReviewFileWorker : public QObject
{
    Q_OBJECT

    static ReviewSession sampleSession()
    {
        ReviewSession s;
        s.before.path = QStringLiteral(LANESCOPE_SAMPLES "/before-after/before");
        s.after.path = QStringLiteral(LANESCOPE_SAMPLES "/before-after/after");
        s.technique = QStringLiteral("01a-larger-tiling");
        s.notes = QStringLiteral("tiles twice as large");
        s.markers = {{12.5, QStringLiteral("first wave")}};
        return s;
    }

private slots:
    void savesAndOpensOffTheCallingThread_data()
    {
        QTest::addColumn<bool>("embed");
        QTest::newRow("paths") << false;
        QTest::newRow("captures inside") << true;
    }
    void savesAndOpensOffTheCallingThread()
    {
        QFETCH(bool, embed);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("r.lanescope"));
        ReviewFileWorker worker;
        QSignalSpy saved(&worker, &ReviewFileWorker::saved);
        QVERIFY(worker.save(sampleSession(), embed, file));
        QCOMPARE(saved.count(), 0);  // not done on this thread, inside save()
        QVERIFY(!worker.open(file)); // one job at a time
        QVERIFY(saved.wait(30000));
        QCOMPARE(saved.at(0).at(0).toBool(), true);
        QVERIFY(!worker.busy());

        ReviewFileWorker::Opened opened;
        connect(&worker, &ReviewFileWorker::opened, this,
                [&opened](const ReviewFileWorker::Opened &result) { opened = result; });
        QSignalSpy done(&worker, &ReviewFileWorker::opened);
        QVERIFY(worker.open(file));
        QCOMPARE(done.count(), 0);
        QVERIFY(done.wait(30000));
        QVERIFY2(opened.ok(), qPrintable(opened.why));
        QCOMPARE(opened.session->notes, sampleSession().notes);
        QCOMPARE(opened.session->markers, sampleSession().markers);
        QCOMPARE(opened.paths.size(), 2);
        QCOMPARE(int(opened.unpacked.size()), embed ? 2 : 0);
        if (embed) {
            // Unpacked privately, with the capture's main file to open.
            for (const QString &path : opened.paths) {
                QVERIFY(QFileInfo::exists(path));
                QVERIFY(!path.startsWith(dir.path()));
            }
        } else {
            QCOMPARE(opened.paths, (QStringList{sampleSession().before.path, sampleSession().after.path}));
        }
    }

    // A result arrives only once the worker is free: whoever hears it may start the next job at
    // once (a review saved, then opened straight away).
    void freeWhenTheResultArrives_data()
    {
        QTest::addColumn<bool>("open");
        QTest::newRow("save") << false;
        QTest::newRow("open") << true;
    }
    void freeWhenTheResultArrives()
    {
        QFETCH(bool, open);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("r.lanescope"));
        ReviewFileWorker worker;
        std::optional<bool> busyAtResult;
        std::optional<bool> nextStarted;
        const auto heard = [&] {
            if (busyAtResult)
                return;
            busyAtResult = worker.busy();
            nextStarted = worker.open(file);
        };
        if (open) {
            QSignalSpy saved(&worker, &ReviewFileWorker::saved);
            QVERIFY(worker.save(sampleSession(), false, file));
            QVERIFY(saved.wait(30000));
            QTRY_VERIFY(!worker.busy());
            connect(&worker, &ReviewFileWorker::opened, this, heard);
            QVERIFY(worker.open(file));
        } else {
            connect(&worker, &ReviewFileWorker::saved, this, heard);
            QVERIFY(worker.save(sampleSession(), false, file));
        }
        QTRY_VERIFY_WITH_TIMEOUT(busyAtResult.has_value(), 30000);
        QCOMPARE(*busyAtResult, false);
        QCOMPARE(*nextStarted, true);
        QTRY_VERIFY_WITH_TIMEOUT(!worker.busy(), 30000);
    }

    void failuresAreReported()
    {
        QTemporaryDir dir;
        ReviewFileWorker worker;
        QSignalSpy saved(&worker, &ReviewFileWorker::saved);
        ReviewSession missing = sampleSession();
        missing.before.path = dir.filePath(QStringLiteral("no-such-capture"));
        QVERIFY(worker.save(missing, true, dir.filePath(QStringLiteral("r.lanescope"))));
        QVERIFY(saved.wait(30000));
        QCOMPARE(saved.at(0).at(0).toBool(), false);
        QVERIFY(!saved.at(0).at(1).toString().isEmpty());
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("r.lanescope"))));
        QTRY_VERIFY(!worker.busy());

        QSignalSpy opened(&worker, &ReviewFileWorker::opened);
        std::optional<ReviewFileWorker::Opened> result;
        connect(&worker, &ReviewFileWorker::opened, this,
                [&result](const ReviewFileWorker::Opened &r) { result = r; });
        QVERIFY(worker.open(dir.filePath(QStringLiteral("absent.lanescope"))));
        QVERIFY(opened.wait(30000));
        QVERIFY(result && !result->ok());
        QCOMPARE(result->failure, ReviewFileWorker::Opened::Failure::Unreadable);
    }
};

LANESCOPE_TEST_MAIN(TestReviewFileWorker)
#include "tst_reviewfileworker.moc"
