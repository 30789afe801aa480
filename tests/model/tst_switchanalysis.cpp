#include "analysiscapture.h"
#include "model/analysis/overheadanalysis.h"
#include "model/analysis/switchanalysis.h"
#include "testmain.h"

#include <algorithm>

using namespace lanescope;

namespace {

// AIC core 0: A [0,4] then B issued at 2 (while A ran) starting at 5: one 1 µs switch; C issued at
//   8 after B ended at 7: not a switch.
// AIC core 1: D [0,3]; E issued at 1 starts at 3 (gap 0, not counted); F issued at 4 while E ran,
//   starts at 6.5 after E's end at 6: a 0.5 µs switch.
// AIV core 2: G [0,10] alone: a core without switches, total 0.
// C depends on E, so AIC has ready work during [6,8): F's gap [6,6.5) falls inside it, B's [4,5) not.
Capture switches()
{
    return captureOf({row(1, 0, AIC, 0, 0, 4, 4), row(2, 0, AIC, 2, 5, 7, 7), row(3, 0, AIC, 8, 9, 10, 10),
                      row(4, 1, AIC, 0, 0, 3, 3), row(5, 1, AIC, 1, 3, 6, 6), row(6, 1, AIC, 4, 6.5, 8, 8),
                      row(7, 2, AIV, 0, 0, 10, 10)},
                     {{5, 3}});
}

} // namespace

class TestSwitchAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void perEngineFiguresByHand_data()
    {
        QTest::addColumn<int>("engine");
        QTest::addColumn<int>("cores");
        QTest::addColumn<double>("minUs");
        QTest::addColumn<double>("meanUs");
        QTest::addColumn<double>("maxUs");
        QTest::addColumn<int>("events");
        QTest::addColumn<double>("perEventUs");
        QTest::addColumn<double>("duringUs");
        QTest::addColumn<double>("independentUs");
        QTest::newRow("aic") << 0 << 2 << 0.5 << 0.75 << 1.0 << 2 << 0.75 << 0.5 << 1.0;
        QTest::newRow("aiv") << 1 << 1 << 0.0 << 0.0 << 0.0 << 0 << 0.0 << 0.0 << 0.0;
    }
    void perEngineFiguresByHand()
    {
        QFETCH(int, engine);
        QFETCH(int, cores);
        QFETCH(double, minUs);
        QFETCH(double, meanUs);
        QFETCH(double, maxUs);
        QFETCH(int, events);
        QFETCH(double, perEventUs);
        QFETCH(double, duringUs);
        QFETCH(double, independentUs);
        const Capture c = switches();
        const AnalysisInput in = buildAnalysisInput(c, std::nullopt);
        const OverheadFigures overhead = overheadFigures(in);
        const SwitchFigures f = switchFigures(in, &overhead.waitingIntervals);
        const EngineSwitch &s = f.engines[std::size_t(engine)];
        QVERIFY(s.present);
        QCOMPARE(s.cores, cores);
        QCOMPARE(s.minUs, minUs);
        QCOMPARE(s.meanUs, meanUs);
        QCOMPARE(s.maxUs, maxUs);
        QCOMPARE(int(s.events), events);
        QCOMPARE(s.perEventUs, perEventUs);
        QCOMPARE(*s.duringOverheadUs, duringUs);
        QCOMPARE(*s.independentUs, independentUs);
    }

    void makespanBounds()
    {
        const Capture c = switches();
        const SwitchFigures f = switchFigures(buildAnalysisInput(c, std::nullopt), nullptr);
        QCOMPARE(f.boundLowerUs, 0.0);                       // the AIV core never switches
        QCOMPARE(f.boundUpperUs, 0.5);                       // AIC min 0.5 + AIV min 0
        QCOMPARE(f.boundUpperPct, 5.0);                      // of the 10 µs window
        QVERIFY(!f.engines[0].duringOverheadUs.has_value()); // no Part 1 given: no split
    }

    void regionKeepsRowsStartingInside()
    {
        // From 4.5 on only B, C and F start: B then C is no switch (C issued after B ended), F is
        // alone on its core now, and the AIV core has no row left.
        const Capture c = switches();
        const AnalysisInput in = buildAnalysisInput(c, AnalysisRange{4.5, 100});
        QCOMPARE(in.rows.size(), std::size_t(3));
        const SwitchFigures f = switchFigures(in, nullptr);
        QCOMPARE(f.engines[0].cores, 2);
        QCOMPARE(int(f.engines[0].events), 0);
        QVERIFY(!f.engines[1].present);
    }

    void sortedByStartThenEndThenDispatch()
    {
        // Task ids against time order on one core: the switch is found after sorting.
        const Capture c = captureOf({row(1, 0, AIC, 1, 6, 8, 8), row(2, 0, AIC, 0, 0, 5, 5)}, {});
        const SwitchFigures f = switchFigures(buildAnalysisInput(c, std::nullopt), nullptr);
        QCOMPARE(f.engines[0].maxUs, 1.0);
        QCOMPARE(int(f.engines[0].events), 1);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestSwitchAnalysis)
#include "tst_switchanalysis.moc"
