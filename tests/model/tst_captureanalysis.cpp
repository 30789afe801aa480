#include "analysiscapture.h"
#include "capturegenerator.h"
#include "generatedcapture.h"
#include "model/analysis/derivedtracks.h"
#include "model/io/loader.h"
#include "model/techniques/captureanalysis.h"
#include "testmain.h"

#include <QTemporaryDir>

using namespace lanescope;

namespace {

const std::vector<AnalysisStage> kStages = {AnalysisStage::Report, AnalysisStage::Landmarks,
                                            AnalysisStage::Metrics, AnalysisStage::Symptoms};

} // namespace

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
        appendDerivedTracks(withRings, std::make_shared<const RingOccupancy>(rings));
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
        appendDerivedTracks(withRings, std::make_shared<const RingOccupancy>(a.rings));
        QCOMPARE(int(withRings.counters.size()), tracks);
    }

    // Nobody cancels: every stage's cancel point is passed in order, and the analysis is the one
    // computed without a control.
    void uncancelledControlGivesTheWholeAnalysis()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.tasks = 300;
        const CapturePtr capture = generateAndLoad(o, dir.path());
        QVERIFY(capture);
        std::atomic<bool> cancel{false};
        std::vector<AnalysisStage> seen;
        AnalysisControl control;
        control.cancel = &cancel;
        control.checkpoint = [&](AnalysisStage stage) { seen.push_back(stage); };
        const std::optional<CaptureAnalysis> a =
            analyzeCapture(*capture, computeRingOccupancy(*capture), control);
        QVERIFY(a);
        QVERIFY(seen == kStages);
        const CaptureAnalysis expected = analyzeCapture(*capture);
        QCOMPARE(a->report.rows, expected.report.rows);
        QCOMPARE(a->metrics.values.size(), expected.metrics.values.size());
        for (const auto &[id, value] : expected.metrics.values)
            QCOMPARE(a->metrics.values.at(id).value, value.value);
        QCOMPARE(a->suggestions.size(), expected.suggestions.size());
    }

    // Cancelled by the time a stage's cancel point comes: that stage and the later ones do not
    // run, and nothing is returned.
    void cancelledAnalysisStopsAtACancelPoint_data()
    {
        QTest::addColumn<int>("at");
        QTest::newRow("the report") << 0;
        QTest::newRow("the landmarks") << 1;
        QTest::newRow("the metrics") << 2;
        QTest::newRow("the suggestions") << 3;
    }
    void cancelledAnalysisStopsAtACancelPoint()
    {
        QFETCH(int, at);
        QTemporaryDir dir;
        GeneratorOptions o;
        o.tasks = 300;
        const CapturePtr capture = generateAndLoad(o, dir.path());
        QVERIFY(capture);
        std::atomic<bool> cancel{false};
        std::vector<AnalysisStage> seen;
        AnalysisControl control;
        control.cancel = &cancel;
        control.checkpoint = [&](AnalysisStage stage) {
            seen.push_back(stage);
            if (stage == kStages[std::size_t(at)])
                cancel = true; // as if set while the stage before ran
        };
        QVERIFY(!analyzeCapture(*capture, computeRingOccupancy(*capture), control));
        QVERIFY(seen == std::vector<AnalysisStage>(kStages.begin(), kStages.begin() + at + 1));
    }

    // The long stages look at the flag between their own steps too: cancelled from the start,
    // the report and the metrics compute nothing.
    void longStagesLookAtTheFlagInside()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.tasks = 300;
        const CapturePtr capture = generateAndLoad(o, dir.path());
        QVERIFY(capture);
        const std::atomic<bool> cancelled{true};
        const AnalysisReport report = analyze(*capture, std::nullopt, CancelCheck(&cancelled));
        QCOMPARE(report.rows, std::size_t(0));
        QVERIFY(!report.totalTestTimeUs && !report.overhead && !report.observedPath);
        QVERIFY(report.functions.functions.empty());
        QVERIFY(computeMetrics(*capture, std::nullopt, CancelCheck(&cancelled)).values.empty());
        // The same capture uncancelled has all of them.
        const AnalysisReport whole = analyze(*capture);
        QVERIFY(whole.rows > 0 && whole.totalTestTimeUs && whole.observedPath);
        QVERIFY(!computeMetrics(*capture).values.empty());
    }
};

LANESCOPE_TEST_MAIN(TestCaptureAnalysis)
#include "tst_captureanalysis.moc"
