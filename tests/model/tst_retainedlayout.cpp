// Damaged retained layouts (upstream supplement §5.1): a prefix holding swimlane-<k>/records_e<epoch>.json.
// The files are in tests/fixtures/corrupt/retained (written by tests/fuzz/make-corrupt-corpus.py,
// each also read on its own by tst_corruptcorpus); here every case is copied into a temporary
// prefix, so that an empty swimlane-0 folder (which git cannot hold) can be made too, and opened
// as a folder the way a user opens it.
#include "model/capture/captureruns.h"
#include "model/io/loader.h"
#include "testmain.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

const QString kRetained = QStringLiteral(LANESCOPE_FIXTURES "/corrupt/retained");

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString source = it.next();
        const QString target = QDir(to).filePath(QDir(from).relativeFilePath(source));
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !QFile::copy(source, target))
            return false;
    }
    return true;
}

QString allWarnings(const LoadResult &r)
{
    QStringList all;
    for (const auto &run : r.runs.runs)
        all << run->info.warnings;
    return all.join(QStringLiteral(" | "));
}

} // namespace

class TestRetainedLayout : public QObject
{
    Q_OBJECT

private slots:
    void damagedFolder_data()
    {
        QTest::addColumn<QString>("fixture");    // a directory of kRetained; empty: a bare prefix
        QTest::addColumn<bool>("emptySwimlane"); // add an empty swimlane-0 (or swimlane-1 beside one)
        QTest::addColumn<QString>("open");       // relative to the prefix
        QTest::addColumn<QString>("outcome");    // error | partial | ok
        QTest::addColumn<QString>("substring");  // in the error line, or in the runs' warnings
        QTest::addColumn<QList<int>>("epochs");  // the runs loaded, when not an error

        QTest::newRow("a truncated run file") << "truncated-run" << false << "."
                                              << "partial"
                                              << "records_e2.json: truncated" << QList<int>{1, 2};
        QTest::newRow("a truncated run file, its folder opened")
            << "truncated-run" << false << "swimlane-0"
            << "partial"
            << "records_e2.json: truncated" << QList<int>{1, 2};
        QTest::newRow("an empty run file") << "empty-run-file" << false << "."
                                           << "partial"
                                           << "records_e2.json not used:" << QList<int>{1};
        QTest::newRow("an empty run file, opened alone")
            << "empty-run-file" << false << "swimlane-0/records_e2.json"
            << "error"
            << "the file is empty" << QList<int>{};
        QTest::newRow("an epoch beyond 32 bits in a name") << "epoch-beyond-32-bits" << false << "."
                                                           << "ok"
                                                           << "" << QList<int>{1};
        QTest::newRow("only an epoch of 30 digits") << "epoch-huge-only" << false << "."
                                                    << "error"
                                                    << "no capture found" << QList<int>{};
        QTest::newRow("the name's epoch differs from metadata.collection's")
            << "epoch-mismatch" << false << "."
            << "ok"
            << "" << QList<int>{1};
        QTest::newRow("an empty swimlane-0 folder") << "" << true << "."
                                                    << "error"
                                                    << "no capture found" << QList<int>{};
        QTest::newRow("an empty swimlane-0 folder, opened") << "" << true << "swimlane-0"
                                                            << "error"
                                                            << "no capture found" << QList<int>{};
        QTest::newRow("an empty swimlane-1 beside a good swimlane-0") << "epoch-mismatch" << true << "."
                                                                      << "ok"
                                                                      << "" << QList<int>{1};
    }

    void damagedFolder()
    {
        QFETCH(QString, fixture);
        QFETCH(bool, emptySwimlane);
        QFETCH(QString, open);
        QFETCH(QString, outcome);
        QFETCH(QString, substring);
        QFETCH(QList<int>, epochs);
        QTemporaryDir prefix;
        QVERIFY(prefix.isValid());
        if (!fixture.isEmpty())
            QVERIFY(copyTree(QDir(kRetained).filePath(fixture), prefix.path()));
        if (emptySwimlane)
            QVERIFY(QDir(prefix.path())
                        .mkpath(QDir(prefix.filePath(QStringLiteral("swimlane-0"))).exists()
                                    ? QStringLiteral("swimlane-1")
                                    : QStringLiteral("swimlane-0")));
        const LoadResult r = loadCapture(QDir(prefix.path()).filePath(open));
        if (outcome == QLatin1String("error")) {
            QVERIFY(!r.ok());
            const QString line = r.error.toString();
            QVERIFY2(!line.contains(QLatin1Char('\n')), qPrintable(line));
            QVERIFY2(line.contains(substring), qPrintable(line));
            return;
        }
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QList<int> loaded;
        bool partial = false;
        for (const auto &run : r.runs.runs) {
            loaded << (run->info.runEpoch ? int(*run->info.runEpoch) : -1);
            partial |= run->info.partial;
        }
        QCOMPARE(loaded, epochs);
        QVERIFY2(partial == (outcome == QLatin1String("partial")), qPrintable(allWarnings(r)));
        QVERIFY2(allWarnings(r).contains(substring), qPrintable(allWarnings(r)));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRetainedLayout)
#include "tst_retainedlayout.moc"
