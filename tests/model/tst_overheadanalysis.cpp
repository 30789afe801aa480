#include "analysiscapture.h"
#include "model/analysis/overheadanalysis.h"
#include "testmain.h"

#include <algorithm>

using namespace lanescope;

namespace {

// The scenarios of the table below. Times in µs; one core per engine unless said otherwise.
Capture scenario(const QString &name)
{
    // Upstream anchor: producer [0,5], consumer ready at 5 but dispatched at 8, one AIC core.
    if (name == QLatin1String("anchor: ready at 5, dispatched at 8"))
        return captureOf({row(1, 0, AIC, 0, 0, 5, 5), row(2, 0, AIC, 8, 8, 10, 10)}, {{1, 2}});
    // Upstream anchor: the producer's own predecessor (task 1) has no rows, so the producer is
    // ready when dispatched. An AIV root stretches the window back to 0.
    if (name == QLatin1String("anchor: predecessor outside the perf set"))
        return captureOf({row(2, 0, AIC, 3, 4, 6, 6), row(3, 1, AIV, 0, 0, 10, 10)}, {{1, 2}}, {1});
    // Upstream anchor: a MIX consumer waits on both engines.
    if (name == QLatin1String("anchor: MIX consumer"))
        return captureOf(
            {row(1, 0, AIC, 0, 0, 5, 5), row(2, 0, AIC, 8, 8, 10, 10), row(2, 1, AIV, 8, 8, 10, 10)},
            {{1, 2}});
    // The consumer waits [2,3) while one of two AIC cores is free.
    if (name == QLatin1String("one of two cores idle"))
        return captureOf(
            {row(1, 0, AIC, 0, 0, 4, 4), row(2, 1, AIC, 0, 0, 2, 2), row(3, 1, AIC, 3, 3.5, 6, 6)}, {{2, 3}});
    // The consumer waits [2,5) but the only AIC core runs A until 6: no idle, no overhead.
    if (name == QLatin1String("waiting on a busy engine"))
        return captureOf({row(1, 0, AIC, 0, 0, 6, 6), row(2, 1, AIV, 0, 0, 2, 2), row(3, 0, AIC, 5, 6, 8, 8)},
                         {{2, 3}});
    // AIC in overhead [5,8) while the AIV core runs all along: has, but not all.
    if (name == QLatin1String("other engine busy"))
        return captureOf(
            {row(1, 0, AIC, 0, 0, 5, 5), row(2, 0, AIC, 8, 8, 10, 10), row(3, 1, AIV, 0, 0, 10, 10)},
            {{1, 2}});
    // As above, plus an AIV consumer waiting [5,8) on its busy core: then not every waiting engine
    // has an idle core and `has` is off although AIC is in overhead (see the invariant note).
    if (name == QLatin1String("waiting on both, one busy"))
        return captureOf({row(1, 0, AIC, 0, 0, 5, 5), row(2, 0, AIC, 8, 8, 10, 10),
                          row(3, 1, AIV, 0, 0, 10, 10), row(4, 1, AIV, 8, 10, 12, 12)},
                         {{1, 2}, {1, 4}});
    // A dependency cycle and a self-edge must not matter to Part 1 (ready is a max over ends).
    if (name == QLatin1String("self edge ignored"))
        return captureOf({row(1, 0, AIC, 0, 0, 5, 5), row(2, 0, AIC, 8, 8, 10, 10)}, {{1, 2}, {2, 2}});
    return {};
}

} // namespace

class TestOverheadAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void partOneByHand_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("makespan");
        QTest::addColumn<double>("aicUs");
        QTest::addColumn<double>("aivUs"); // -1: engine not present
        QTest::addColumn<double>("allUs");
        QTest::addColumn<double>("hasUs");
        QTest::addColumn<QString>("verdict");
        auto add = [](const char *name, double m, double aic, double aiv, double all, double has,
                      const char *verdict) {
            QTest::newRow(name) << QString::fromLatin1(name) << m << aic << aiv << all << has
                                << QString::fromLatin1(verdict);
        };
        add("anchor: ready at 5, dispatched at 8", 10, 3, -1, 3, 3, "SCHEDULER-BOUND");
        add("anchor: predecessor outside the perf set", 10, 0, 0, 0, 0, "COMPUTE/DEPENDENCY-BOUND");
        add("anchor: MIX consumer", 10, 3, 3, 3, 3, "SCHEDULER-BOUND");
        add("one of two cores idle", 6, 1, -1, 1, 1, "PARTIALLY SCHEDULER-LIMITED");
        add("waiting on a busy engine", 8, 0, 0, 0, 0, "COMPUTE/DEPENDENCY-BOUND");
        add("other engine busy", 10, 3, 0, 0, 3, "SCHEDULER-BOUND");
        add("waiting on both, one busy", 12, 3, 0, 0, 0, "COMPUTE/DEPENDENCY-BOUND");
        add("self edge ignored", 10, 3, -1, 3, 3, "SCHEDULER-BOUND");
    }
    void partOneByHand()
    {
        QFETCH(QString, name);
        QFETCH(double, makespan);
        QFETCH(double, aicUs);
        QFETCH(double, aivUs);
        QFETCH(double, allUs);
        QFETCH(double, hasUs);
        QFETCH(QString, verdict);
        const Capture c = scenario(name);
        const OverheadFigures f = overheadFigures(buildAnalysisInput(c, std::nullopt));
        QCOMPARE(f.makespanUs, makespan);
        QVERIFY(f.engines[0].present);
        QCOMPARE(f.engines[0].overheadUs, aicUs);
        QCOMPARE(f.engines[0].pct, aicUs / makespan * 100.0);
        QCOMPARE(f.engines[1].present, aivUs >= 0);
        if (aivUs >= 0)
            QCOMPARE(f.engines[1].overheadUs, aivUs);
        QCOMPARE(f.allUs, allUs);
        QCOMPARE(f.hasUs, hasUs);
        QCOMPARE(f.verdict, verdict);
    }

    void verdictThresholds_data()
    {
        QTest::addColumn<double>("hasPct");
        QTest::addColumn<QString>("verdict");
        QTest::newRow("25") << 25.0 << "SCHEDULER-BOUND";
        QTest::newRow("24.9") << 24.9 << "PARTIALLY SCHEDULER-LIMITED";
        QTest::newRow("8") << 8.0 << "PARTIALLY SCHEDULER-LIMITED";
        QTest::newRow("7.99") << 7.99 << "COMPUTE/DEPENDENCY-BOUND";
        QTest::newRow("0") << 0.0 << "COMPUTE/DEPENDENCY-BOUND";
    }
    void verdictThresholds()
    {
        QFETCH(double, hasPct);
        QFETCH(QString, verdict);
        QCOMPARE(overheadVerdict(hasPct), verdict);
    }

    void waitingIntervalsAreMerged()
    {
        // MIX consumer: waiting [5,8) on both engines, as one interval each.
        const Capture c = scenario("anchor: MIX consumer");
        const OverheadFigures f = overheadFigures(buildAnalysisInput(c, std::nullopt));
        for (const auto &w : f.waitingIntervals) {
            QCOMPARE(w.size(), std::size_t(1));
            QCOMPARE(w[0].first, 5.0);
            QCOMPARE(w[0].second, 8.0);
        }
    }

    void counterTracksChangeOnlyAtBreakpoints()
    {
        // Anchor 1 with an AIV root [0,10]: breakpoints 0, 5, 8, 10 (window end).
        const Capture c = scenario("other engine busy");
        const std::vector<CounterTrack> tracks = overheadCounterTracks(buildAnalysisInput(c, std::nullopt));
        QStringList names;
        for (const CounterTrack &t : tracks)
            names << t.name;
        // The converter's tracks in its order (oh_aic_idle … oh_has_overhead), named for people.
        QCOMPARE(names, QStringList({"AIC idle cores", "AIC ready tasks waiting",
                                     "AIC overhead (idle with ready work)", "AIV idle cores",
                                     "AIV ready tasks waiting", "AIV overhead (idle with ready work)",
                                     "Overhead (every engine)", "Overhead (engines with ready work)"}));
        auto points = [&](int i) {
            QStringList p;
            for (std::size_t k = 0; k < tracks[std::size_t(i)].timesUs.size(); ++k)
                p << QStringLiteral("%1=%2")
                         .arg(tracks[std::size_t(i)].timesUs[k])
                         .arg(tracks[std::size_t(i)].values[k]);
            return p.join(u' ');
        };
        QCOMPARE(points(0), QStringLiteral("0=0 5=1 8=0 10=0")); // AIC idle: busy, free, busy
        QCOMPARE(points(1), QStringLiteral("0=0 5=1 8=0 10=0")); // AIC ready
        QCOMPARE(points(2), QStringLiteral("0=0 5=1 8=0 10=0")); // AIC overhead
        QCOMPARE(points(3), QStringLiteral("0=0 10=0"));         // AIV never idle
        QCOMPARE(points(4), QStringLiteral("0=0 10=0"));
        QCOMPARE(points(6), QStringLiteral("0=0 10=0"));         // all: AIV never in overhead
        QCOMPARE(points(7), QStringLiteral("0=0 5=1 8=0 10=0")); // has
    }

    void invariantsHoldPointwise()
    {
        // all(t) implies every present engine's overhead(t) and has(t), on every segment.
        for (const char *name : {"anchor: MIX consumer", "other engine busy", "waiting on both, one busy",
                                 "one of two cores idle"}) {
            const Capture c = scenario(QString::fromLatin1(name));
            const AnalysisInput in = buildAnalysisInput(c, std::nullopt);
            double covered = 0;
            sweepOverhead(in, [&](double a, double b, const OverheadState &s) {
                QVERIFY(b > a);
                covered += b - a;
                if (s.all) {
                    QVERIFY(s.has);
                    for (int e = 0; e < kEngineCount; ++e)
                        if (in.cores[std::size_t(e)] > 0)
                            QVERIFY(s.overhead[std::size_t(e)]);
                }
            });
            QCOMPARE(covered, in.makespanUs());
        }
    }

    void noRowsNoSegments()
    {
        const Capture c = captureOf({}, {});
        const OverheadFigures f = overheadFigures(buildAnalysisInput(c, std::nullopt));
        QCOMPARE(f.makespanUs, 0.0);
        QCOMPARE(f.hasPct, 0.0);
        QVERIFY(!f.engines[0].present);
        QVERIFY(overheadCounterTracks(buildAnalysisInput(c, std::nullopt)).back().timesUs.empty());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestOverheadAnalysis)
#include "tst_overheadanalysis.moc"
