#include "model/analysis/benchmarkrounds.h"
#include "model/io/companions/hostlogreader.h"
#include "model/techniques/benchmetrics.h"
#include "testmain.h"

using namespace lanescope;

namespace {

HostLog readLog(const QString &name)
{
    ReadError error;
    auto source = ByteSource::open(QStringLiteral(LANESCOPE_FIXTURES "/hostlog/") + name, &error);
    HostLog log;
    QStringList warnings;
    if (!source || !readHostLog(*source, log, warnings, &error))
        qFatal("%s: %s", qPrintable(name), qPrintable(error.toString()));
    return log;
}

using Walls = QList<double>;

} // namespace

// The L2 parse of perf-hints §C.3 on logs written by hand from the spec's line format (§C.1).
class TestBenchmarkRounds : public QObject
{
    Q_OBJECT

private slots:
    void rounds_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("warmup");
        QTest::addColumn<QString>("root");
        QTest::addColumn<Walls>("host");
        QTest::addColumn<Walls>("device");
        QTest::addColumn<int>("buckets");
        // bench_rounds.log: four launches of hid 4a2e… (one written in capitals), one of another
        // hid, a prewarm group outside the ROOT family, l3./network1. spans of another pid; inv 2
        // has two records glued on one line; inv 3 repeats device_wall with a later ts first;
        // inv 4 has no device_wall.
        QTest::newRow("warmup 1") << "bench_rounds.log" << 1 << "chip.run" << Walls{1010, 1020, 1040}
                                  << Walls{905, 900, 0} << 2;
        QTest::newRow("no warmup") << "bench_rounds.log" << 0 << "chip.run" << Walls{2000, 1010, 1020, 1040}
                                   << Walls{1500, 905, 900, 0} << 2;
        QTest::newRow("warmup past the end") << "bench_rounds.log" << 9 << "" << Walls{} << Walls{} << 2;
        // Before simpler #1877 the root is simpler_run (§C.7); bare lines without a log prefix.
        QTest::newRow("simpler_run") << "bench_rounds_simpler_run.log" << 0 << "simpler_run"
                                     << Walls{3000, 5000} << Walls{1000, 1000} << 1;
    }
    void rounds()
    {
        QFETCH(QString, file);
        QFETCH(int, warmup);
        QFETCH(QString, root);
        QFETCH(Walls, host);
        QFETCH(Walls, device);
        QFETCH(int, buckets);
        const BenchmarkRounds r = benchmarkRounds(readLog(file), warmup);
        QCOMPARE(r.root, root);
        QCOMPARE(r.hidBuckets, buckets);
        Walls gotHost, gotDevice;
        for (const BenchmarkRound &round : r.rounds) {
            gotHost << round.hostWallUs;
            gotDevice << round.deviceWallUs;
        }
        QCOMPARE(gotHost, host);
        QCOMPARE(gotDevice, device);
    }

    void invocationOrder()
    {
        const BenchmarkRounds r = benchmarkRounds(readLog(QStringLiteral("bench_rounds.log")));
        QCOMPARE(r.rounds.size(), std::size_t(4));
        for (std::size_t k = 0; k < r.rounds.size(); ++k) {
            QCOMPARE(r.rounds[k].inv, std::int64_t(k + 1));
            QCOMPARE(r.rounds[k].pid, std::int64_t(42));
            QCOMPARE(r.rounds[k].hid, QStringLiteral("4a2e809168376aac"));
        }
    }

    void emptyLog()
    {
        const BenchmarkRounds r = benchmarkRounds(HostLog{});
        QVERIFY(r.rounds.empty());
        QCOMPARE(r.hidBuckets, 0);
    }

    // M21 from the rounds: medians, minima, sample stdev and the host-side share.
    void wallSplit()
    {
        Capture c;
        c.hostLog = readLog(QStringLiteral("bench_rounds.log"));
        MetricSet set;
        setBenchMetrics(c, set);
        // host 2000, 1010, 1020, 1040 → median 1030; device 1500, 905, 900, 0 → median 902.5
        QCOMPARE(set.value(QStringLiteral("M21.rounds")).value(), 4.0);
        QCOMPARE(set.value(QStringLiteral("M21.host_median_us")).value(), 1030.0);
        QCOMPARE(set.value(QStringLiteral("M21.device_median_us")).value(), 902.5);
        QCOMPARE(set.value(QStringLiteral("M21.host_min_us")).value(), 1010.0);
        QCOMPARE(set.value(QStringLiteral("M21.device_min_us")).value(), 0.0);
        QCOMPARE(set.value(QStringLiteral("M21")).value(), (1030.0 - 902.5) / 1030.0);
        QVERIFY(qAbs(set.value(QStringLiteral("M21.host_stdev_us")).value() - 488.4926) < 1e-3);
        QCOMPARE(benchRoundValues(c, QStringLiteral("M21.host_median_us")),
                 (std::vector<double>{2000, 1010, 1020, 1040}));
        QVERIFY(benchRoundValues(c, QStringLiteral("M21.rounds")).empty());

        // One launch is the swimlane run itself: no wall split, and the reason says why.
        Capture one;
        HostSpan root;
        root.pid = 42;
        root.inv = 1;
        root.hid = QStringLiteral("4a2e809168376aac");
        root.name = QStringLiteral("chip.run");
        root.durNs = 1'010'000;
        one.hostLog.spans.push_back(root);
        QCOMPARE(benchmarkRounds(one.hostLog).rounds.size(), std::size_t(1));
        MetricSet none;
        setBenchMetrics(one, none);
        QVERIFY(!none.value(QStringLiteral("M21")));
        QVERIFY2(none.absentBecause(QStringLiteral("M21")).contains(QStringLiteral("at least two")),
                 qPrintable(none.absentBecause(QStringLiteral("M21"))));
        QVERIFY(benchRoundValues(one, QStringLiteral("M21")).empty());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestBenchmarkRounds)
#include "tst_benchmarkrounds.moc"
