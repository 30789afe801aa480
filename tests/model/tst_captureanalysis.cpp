#include "analysiscapture.h"
#include "capturegenerator.h"
#include "model/analysis/derivedtracks.h"
#include "model/io/loader.h"
#include "model/techniques/captureanalysis.h"

#include <QTemporaryDir>
#include <QTest>

using namespace lanescope;

// What the window computes once per capture: while loading, the ring occupancy and with it the
// derived tracks; after the timeline is shown, the analysis from that same occupancy.
class TestCaptureAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void givenRingsEqualComputedOnes_data()
    {
        QTest::addColumn<int>("level");
        QTest::newRow("level 1") << 1;
        QTest::newRow("level 2") << 2;
        QTest::newRow("level 4") << 4;
    }

    void givenRingsEqualComputedOnes()
    {
        QFETCH(int, level);
        QTemporaryDir dir;
        GeneratorOptions o;
        o.level = level;
        o.tasks = 120;
        o.blockDim = 2;
        QVERIFY(generateCapture(o, dir.path()).ok());
        Capture alone = *loadCapture(dir.path()).capture;
        Capture withRings = alone;
        appendDerivedTracks(alone);
        const CaptureAnalysis expected = analyzeCapture(alone);
        RingOccupancy rings = computeRingOccupancy(withRings);
        appendDerivedTracks(withRings, rings);
        const CaptureAnalysis a = analyzeCapture(withRings, std::move(rings));

        QCOMPARE(trackNames(withRings), trackNames(alone));
        QCOMPARE(a.report.rows, expected.report.rows);
        QCOMPARE(a.report.level, level);
        for (int r = 0; r < kRingCount; ++r) {
            QCOMPARE(a.rings.tasksPerRing[std::size_t(r)], expected.rings.tasksPerRing[std::size_t(r)]);
            const auto &series = a.rings.at(r, RingResource::TaskWindow);
            QCOMPARE(bool(series), bool(expected.rings.at(r, RingResource::TaskWindow)));
            if (series)
                QCOMPARE(series->values, expected.rings.at(r, RingResource::TaskWindow)->values);
        }
        QCOMPARE(a.metrics.values.size(), expected.metrics.values.size());
        for (const auto &[id, value] : expected.metrics.values)
            QCOMPARE(a.metrics.values.at(id).value, value.value);
        QCOMPARE(a.suggestions.size(), expected.suggestions.size());
        for (std::size_t i = 0; i < a.suggestions.size(); ++i)
            QCOMPARE(a.suggestions[i].rule, expected.suggestions[i].rule);
        // Derived once: a second pass adds nothing.
        const int tracks = int(withRings.counters.size());
        appendDerivedTracks(withRings, a.rings);
        QCOMPARE(int(withRings.counters.size()), tracks);
    }
};

QTEST_MAIN(TestCaptureAnalysis)
#include "tst_captureanalysis.moc"
