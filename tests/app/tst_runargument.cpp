// Every verb takes --run EPOCH (supplement §4); without it a verb uses the last run and says so.
// Drives the real `lanescope` binary on the hand-written fixtures in tests/fixtures/runs.
#include "lanescoperun.h"
#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/") + name;
}

QJsonObject jsonOf(const LanescopeRun &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestRunArgument : public QObject
{
    Q_OBJECT

private slots:
    void infoListsEveryRun_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expectedRuns"); // epoch:rows:tasks:verdict per run
        QTest::newRow("two runs in one file") << "runs/two-runs"
                                              << "1:3:3:null 2:2:2:null";
        QTest::newRow("retained folder") << "runs/retained"
                                         << "1:3:3:published 2:2:2:partial_safe 3:0:0:partial_cut_unknown";
        QTest::newRow("one run without identity") << "records/level2_l2swimlane_v2.json"
                                                  << "null:4:4:null";
    }
    void infoListsEveryRun()
    {
        QFETCH(QString, path);
        QFETCH(QString, expectedRuns);
        const LanescopeRun r = runLanescope({"info", fixture(path), "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray runs = jsonOf(r)[QStringLiteral("runs")].toArray();
        QStringList seen;
        for (const QJsonValue &v : runs) {
            const QJsonObject run = v.toObject();
            auto text = [](const QJsonValue &x) {
                return x.isNull()     ? QStringLiteral("null")
                       : x.isString() ? x.toString()
                                      : QString::number(x.toInteger());
            };
            seen << QStringLiteral("%1:%2:%3:%4")
                        .arg(text(run[QStringLiteral("run_epoch")]), text(run[QStringLiteral("rows")]),
                             text(run[QStringLiteral("tasks")]), text(run[QStringLiteral("verdict")]));
            QVERIFY(run[QStringLiteral("start_us")].isDouble());
            QVERIFY(run[QStringLiteral("end_us")].isDouble());
        }
        QCOMPARE(seen.join(u' '), expectedRuns);
    }

    void verbsChooseARun_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrHas");
        QTest::addColumn<QString>("runEpoch"); // run_epoch in the JSON output, empty: not checked

        const QString twoRuns = fixture(QStringLiteral("runs/two-runs"));
        QTest::newRow("analyze: the last run, said") << QStringList{"analyze", twoRuns, "--json"} << 0
                                                     << "2 runs in this folder; using run 2 — --run to choose"
                                                     << "2";
        QTest::newRow("analyze --run 1") << QStringList{"analyze", twoRuns, "--json", "--run", "1"} << 0 << ""
                                         << "1";
        QTest::newRow("info --run=1") << QStringList{"info", twoRuns, "--json", "--run=1"} << 0 << ""
                                      << "1";
        QTest::newRow("no such run") << QStringList{"analyze", twoRuns, "--json", "--run", "9"} << 2
                                     << "no run 9 in this folder (it holds run 1, run 2)"
                                     << "";
        QTest::newRow("not an epoch") << QStringList{"info", twoRuns, "--run", "x"} << 1
                                      << "--run needs a run epoch (a positive integer), not \"x\""
                                      << "";
        QTest::newRow("epoch 0 is no epoch") << QStringList{"info", twoRuns, "--run", "0"} << 1 << "not \"0\""
                                             << "";
        QTest::newRow("L3: the last rank, said")
            << QStringList{"info", fixture(QStringLiteral("runs/l3")), "--json"} << 0
            << "2 ranks in this folder; using rank 1 · d0 · run 1 — --rank to choose"
            << "1";
        QTest::newRow("L3 --rank 0") << QStringList{"analyze", fixture(QStringLiteral("runs/l3")), "--json",
                                                    "--rank", "0"}
                                     << 0 << ""
                                     << "1";
        QTest::newRow("L3: no such rank")
            << QStringList{"info", fixture(QStringLiteral("runs/l3")), "--rank", "5"} << 2
            << "no rank 5 in this folder"
            << "";
        QTest::newRow("run that captured nothing: exit 0")
            << QStringList{"info", fixture(QStringLiteral("runs/retained")), "--json"} << 0
            << "3 runs in this folder; using run 3"
            << "3";
    }
    void verbsChooseARun()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrHas);
        QFETCH(QString, runEpoch);
        const LanescopeRun r = runLanescope(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(stderrHas), r.err.constData());
        if (stderrHas.isEmpty())
            QVERIFY2(r.err.isEmpty(), r.err.constData());
        if (!runEpoch.isEmpty())
            QCOMPARE(QString::number(jsonOf(r)[QStringLiteral("run_epoch")].toInteger()), runEpoch);
    }

    // Figures are of one run: run 1's total test time is 100 µs and run 2's 40 µs, where a
    // capture-wide figure would be 1040 µs.
    void figuresAreOfOneRun_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<double>("makespanUs");
        QTest::newRow("run 1") << "1" << 100.0;
        QTest::newRow("run 2") << "2" << 40.0;
    }
    void figuresAreOfOneRun()
    {
        QFETCH(QString, run);
        QFETCH(double, makespanUs);
        const LanescopeRun r =
            runLanescope({"info", fixture(QStringLiteral("runs/two-runs")), "--json", "--run", run});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(jsonOf(r)[QStringLiteral("makespan_us")].toDouble(), makespanUs);
    }

    void nothingCapturedIsSaid()
    {
        const LanescopeRun r = runLanescope({"info", fixture(QStringLiteral("runs/nothing"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("run 3 captured nothing (verdict partial_cut_unknown: completeness unknown)"),
                 r.out.constData());
        QVERIFY(
            r.out.contains("warning: chip_swimlane_records.json: collection verdict partial_cut_unknown"));
    }

    void exportAndCompareTakeARun()
    {
        QTemporaryDir dir;
        const QString twoRuns = fixture(QStringLiteral("runs/two-runs"));
        const LanescopeRun exported =
            runLanescope({"export", twoRuns, "-o", dir.filePath("run1.png"), "--run", "1"});
        QCOMPARE(exported.exitCode, 0);
        QVERIFY(QFileInfo(dir.filePath("run1.png")).size() > 0);
        const LanescopeRun compared = runLanescope({"compare", twoRuns, twoRuns, "--json", "--run", "1"});
        QCOMPARE(compared.exitCode, 0);
        const LanescopeRun noRun = runLanescope({"compare", twoRuns, twoRuns, "--json"});
        QCOMPARE(noRun.exitCode, 0);
        QVERIFY2(noRun.err.contains("using run 2"), noRun.err.constData());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRunArgument)
#include "tst_runargument.moc"
