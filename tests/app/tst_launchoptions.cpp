// The kernel launches of a DFX window on the command line (field supplement §3): `info --json`
// lists them, `--launch K` picks one on every verb, `compare --every-launch` takes them as repeated
// runs, and a file whose boundaries were dropped is described but never analysed. The files are
// hand-written from the supplement's tables.
#include "lanescoperun.h"
#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

QString field(const char *name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/field/") + QLatin1String(name);
}

QJsonObject jsonOf(const LanescopeRun &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestLaunchOptions : public QObject
{
    Q_OBJECT

private slots:
    void infoListsTheLaunches()
    {
        const LanescopeRun r = runLanescope({"info", field("three-launches"), "--json", "--no-cache"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = jsonOf(r);
        const QJsonArray launches = j.value("launches").toArray();
        QCOMPARE(launches.size(), 3);
        const double starts[] = {-2, 58, 118}, ends[] = {10.5, 72.5, 140};
        for (int i = 0; i < 3; ++i) {
            const QJsonObject l = launches[i].toObject();
            QCOMPARE(l.value("index").toInt(), i);
            QCOMPARE(l.value("start_us").toDouble(), starts[i]);
            QCOMPARE(l.value("end_us").toDouble(), ends[i]);
            QCOMPARE(l.value("rows").toInt(), 3);
            QCOMPARE(l.value("tasks").toInt(), 3);
        }
        QCOMPARE(j.value("dropped_run_boundaries").toInt(), 0);
        QCOMPARE(j.value("launch").toString(), QStringLiteral("launch 2")); // the last, by default
        QCOMPARE(j.value("runs").toArray().size(), 3);
        QVERIFY2(r.err.contains("3 launches in this folder; using launch 2 — --launch to choose"),
                 r.err.constData());
    }

    void launchPicksOneOnEveryVerb_data()
    {
        QTest::addColumn<QString>("verb");
        QTest::addColumn<int>("launch");
        QTest::newRow("info, launch 0") << QStringLiteral("info") << 0;
        QTest::newRow("info, launch 1") << QStringLiteral("info") << 1;
        QTest::newRow("analyze, launch 0") << QStringLiteral("analyze") << 0;
        QTest::newRow("analyze, launch 2") << QStringLiteral("analyze") << 2;
    }
    void launchPicksOneOnEveryVerb()
    {
        QFETCH(QString, verb);
        QFETCH(int, launch);
        const LanescopeRun r = runLanescope(
            {verb, field("three-launches"), "--json", "--no-cache", "--launch", QString::number(launch)});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(jsonOf(r).value("launch").toString(), QStringLiteral("launch %1").arg(launch));
        QVERIFY2(!r.err.contains("using"), r.err.constData()); // chosen, so nothing to say
    }

    void badLaunchesAreRefused_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("launch");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no such launch") << field("three-launches") << QStringLiteral("7") << 2
                                        << QStringLiteral("no launch 7 in this folder (it holds launch 0, "
                                                          "launch 1, launch 2)");
        QTest::newRow("not a number") << field("three-launches") << QStringLiteral("x") << 1
                                      << QStringLiteral("--launch needs a launch number");
        QTest::newRow("one launch only") << field("mid-generation") << QStringLiteral("0") << 2
                                         << QStringLiteral("holds one kernel launch");
        QTest::newRow("boundaries dropped") << field("dropped-boundary") << QStringLiteral("0") << 2
                                            << QStringLiteral("launches cannot be told apart");
    }
    void badLaunchesAreRefused()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, launch);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const LanescopeRun r = runLanescope({"info", fixture, "--no-cache", "--launch", launch});
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    // Dropped boundaries: described, flagged, warned about on every verb, and never analysed.
    void droppedBoundariesAreNotAnalysed_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("info describes it") << QStringList{"info", field("dropped-boundary"), "--json"} << 0;
        QTest::newRow("analyze refuses") << QStringList{"analyze", field("dropped-boundary"), "--json"} << 2;
        QTest::newRow("compare refuses")
            << QStringList{"compare", field("dropped-boundary"), field("three-launches"), "--json"} << 2;
        QTest::newRow("compare --every-launch refuses")
            << QStringList{"compare", field("three-launches"), field("dropped-boundary"), "--every-launch"}
            << 2;
    }
    void droppedBoundariesAreNotAnalysed()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        const LanescopeRun r = runLanescope(args + QStringList{"--no-cache"});
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains("Launch boundaries were lost (dropped_run_boundaries: 1)"),
                 r.err.constData());
        if (exitCode != 0)
            return;
        const QJsonObject j = jsonOf(r);
        QCOMPARE(j.value("dropped_run_boundaries").toInt(), 1);
        QCOMPARE(j.value("analysable").toBool(), false);
        QCOMPARE(j.value("partial").toBool(), true);
        QCOMPARE(j.value("rows").toInt(), 9); // every row is still there
        QCOMPARE(j.value("launches").toArray().size(), 0);
    }

    // The launches of one window serve as repeated runs of a side.
    void everyLaunchIsARepeatedRun()
    {
        const LanescopeRun r = runLanescope({"compare", field("three-launches"), field("three-launches"),
                                             "--every-launch", "--json", "--no-cache"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject runs = jsonOf(r).value("runs").toObject();
        QCOMPARE(runs.value("before").toInt(), 3);
        QCOMPARE(runs.value("after").toInt(), 3);
        const LanescopeRun one = runLanescope(
            {"compare", field("mid-generation"), field("three-launches"), "--every-launch", "--no-cache"});
        QCOMPARE(one.exitCode, 2);
        QVERIFY2(one.err.contains("--every-launch: this file holds one kernel launch"), one.err.constData());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestLaunchOptions)
#include "tst_launchoptions.moc"
