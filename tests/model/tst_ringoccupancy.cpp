// Ring occupancy (spec §8.4, chapter 05a/05b) on generated captures whose task-window curve the
// generator computes itself from the cycles it wrote, and on hand-built captures for the sample
// mapping rules.

#include "capturegenerator.h"

#include "model/analysis/ringdiagnosis.h"
#include "model/analysis/ringoccupancy.h"
#include "model/analysis/ringtracks.h"
#include "model/io/companions/scopestatsreader.h"
#include "model/io/json/bytesource.h"
#include "model/io/loader.h"
#include "testmain.h"

#include <QTemporaryDir>

#include <cmath>
#include <memory>

using namespace lanescope;

namespace {

GeneratorOptions options(WorkloadKind workload, int level = 4, int window = 16384, std::uint64_t seed = 1)
{
    GeneratorOptions o;
    o.seed = seed;
    o.level = level;
    o.workload = workload;
    o.tasks = 150;
    o.layers = 2;
    o.taskWindowMax = window;
    o.hostLog = false;
    return o;
}

GeneratorOptions atCapacity()
{
    return options(WorkloadKind::RingAtCapacity, 4, 16);
}
GeneratorOptions imbalanced()
{
    return options(WorkloadKind::RingImbalance);
}

struct Loaded
{
    GeneratedCapture generated;
    CapturePtr capture;
};

Loaded generateAndLoad(const GeneratorOptions &o, const QTemporaryDir &dir)
{
    Loaded l;
    l.generated = generateCapture(o, dir.path());
    if (!l.generated.ok())
        return l;
    LoadResult r = loadCapture(dir.path());
    l.capture = r.capture;
    return l;
}

double toUs(std::uint64_t cycles, const ExpectedValues &e)
{
    return double(std::int64_t(cycles - e.timeBaseCycles)) * 1e6 / double(e.clockFreqHz);
}

PhaseRecord submit(std::uint64_t taskId, double startUs, double endUs, std::uint16_t kind)
{
    PhaseRecord r;
    r.taskId = taskId;
    r.startUs = startUs;
    r.endUs = endUs;
    r.kind = kind;
    r.flags = PhaseRecord::HasTaskId;
    return r;
}

ScopeSample sample(int ring, bool begin, std::int64_t head, std::int64_t tail, std::uint64_t heapEnd,
                   std::uint64_t heapStart, std::int32_t site)
{
    ScopeSample s;
    s.ring = std::int8_t(ring);
    s.depth = std::int16_t(ring);
    s.begin = begin;
    s.taskWindowEnd = head;
    s.taskWindowStart = tail;
    s.heapEnd = heapEnd;
    s.heapStart = heapStart;
    s.depPoolEnd = head * 2;
    s.depPoolStart = tail * 2;
    s.hasDepPool = true;
    s.site = site;
    return s;
}

TaskRow row(std::uint64_t taskId, double dispatch, double finish)
{
    TaskRow r;
    r.taskId = taskId;
    r.dispatchUs = dispatch;
    r.receiveUs = dispatch + 0.5;
    r.startUs = dispatch + 1;
    r.endUs = finish - 0.5;
    r.finishUs = finish;
    r.flags = TaskRow::HasAicpu;
    return r;
}

// Level 4, two rings: ring 1 tasks 0..2 and ring 2 task 0, with scope samples around them.
Capture handBuilt()
{
    Capture c;
    c.info.level = 4;
    const auto kind = std::uint16_t(c.phaseKinds.intern(QStringLiteral("orch_submit")));
    const std::uint64_t r1 = std::uint64_t(1) << 32, r2 = std::uint64_t(2) << 32;
    c.orchestratorLanes.push_back({submit(r1 | 0, 10, 11, kind), submit(r1 | 1, 12, 13, kind),
                                   submit(r2 | 0, 14, 15, kind), submit(r1 | 2, 16, 17, kind)});
    // Task 1:0 retires late (40), so 1:1 (retired at 20) is only reclaimed at 40: FIFO order.
    c.rows = {row(r1 | 0, 11, 40), row(r1 | 1, 13, 20), row(r1 | 2, 17, 30), row(r2 | 0, 15, 25)};
    c.scopeStats.format = ScopeStatsFormat::Versioned;
    c.scopeStats.version = 6;
    c.scopeStats.taskWindowMax = {8, 4, 8, 8};
    c.scopeStats.heapMax = {1000, 1000, 1000, 1000};
    c.scopeStats.depPoolMax = {100, 100, 100, 100};
    c.scopeStats.hasDepPoolMax = true;
    c.scopeStats.sites = {QStringLiteral("outer.py:1"), QStringLiteral("inner.py:2")};
    c.scopeStats.samples = {
        sample(1, true, 0, 0, 0, 0, 0),      // before any submit: the first submit's start (10)
        sample(2, true, 0, 0, 0, 0, 1),      // ring 2 head 0: nothing to map, keeps 10
        sample(2, false, 1, 0, 300, 0, 1),   // ring 2 head 1 -> task 2:0 submit end 15
        sample(1, false, 2, 0, 500, 100, 0), // ring 1 head 2 -> task 1:1 end 13, but not before 15
        sample(1, true, 3, 0, 700, 100, 0),  // ring 1 head 3 -> task 1:2 end 17
    };
    return c;
}

ScopeStats readScopeFixture(const char *name)
{
    ScopeStats stats;
    QStringList warnings;
    ReadError error;
    const QString path = QStringLiteral(LANESCOPE_FIXTURES "/scopestats/") + QLatin1String(name);
    if (auto source = ByteSource::open(path, &error))
        readScopeStats(*source, stats, warnings, &error);
    return stats;
}

// handBuilt() with its scope stats taken from a file.
Capture withScopeStats(const char *fixture)
{
    Capture c = handBuilt();
    c.scopeStats = readScopeFixture(fixture);
    return c;
}

} // namespace

class TestRingOccupancy : public QObject
{
    Q_OBJECT

private slots:
    void taskWindowCurveMatchesTheGenerator_data()
    {
        QTest::addColumn<int>("workload");
        QTest::addColumn<int>("window");
        QTest::addColumn<int>("seed");
        QTest::newRow("at capacity") << int(WorkloadKind::RingAtCapacity) << 16 << 1;
        QTest::newRow("imbalanced") << int(WorkloadKind::RingImbalance) << 16384 << 1;
        QTest::newRow("random seed 4") << int(WorkloadKind::Random) << 16384 << 4;
        QTest::newRow("random, small window") << int(WorkloadKind::Random) << 8 << 7;
        QTest::newRow("decode") << int(WorkloadKind::DecodeLayer) << 16384 << 2;
    }

    void taskWindowCurveMatchesTheGenerator()
    {
        QFETCH(int, workload);
        QFETCH(int, window);
        QFETCH(int, seed);
        QTemporaryDir dir;
        const Loaded l =
            generateAndLoad(options(WorkloadKind(workload), 4, window, std::uint64_t(seed)), dir);
        QVERIFY2(l.generated.ok(), qPrintable(l.generated.error));
        QVERIFY(l.capture);
        const ExpectedValues &e = l.generated.expected;
        const RingOccupancy rings = computeRingOccupancy(*l.capture);
        for (int r = 0; r < kRingCount; ++r) {
            const auto &expected = e.ringWindow[std::size_t(r)];
            const auto &s = rings.at(r, RingResource::TaskWindow);
            QVERIFY2(s, qPrintable(QStringLiteral("ring %1").arg(r)));
            if (expected.empty()) { // a ring without tasks is known to stay empty
                QCOMPARE(rings.tasksPerRing[std::size_t(r)], std::uint64_t(0));
                QCOMPARE(s->peak, 0.0);
                continue;
            }
            QCOMPARE(s->timesUs.size(), expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i) {
                QCOMPARE(s->timesUs[i], toUs(expected[i].first, e));
                QCOMPARE(s->values[i], double(expected[i].second));
            }
            QCOMPARE(s->values.back(), 0.0); // every slot is reclaimed by the end
            QCOMPARE(s->peak, double(e.ringWindowPeak[std::size_t(r)]));
            QCOMPARE(s->capacity, std::optional<double>(window));
        }
    }

    void atCapacityPinsRingTwoAtItsWindow()
    {
        QTemporaryDir dir;
        const Loaded l = generateAndLoad(atCapacity(), dir);
        QVERIFY(l.capture);
        const RingOccupancy rings = computeRingOccupancy(*l.capture);
        const auto &ring2 = rings.at(2, RingResource::TaskWindow);
        QVERIFY(ring2);
        // The orchestrator stalls with a full window, so the estimate reaches the capacity exactly
        // and never passes it.
        QCOMPARE(ring2->peak, 16.0);
        QCOMPARE(ring2->peakFraction(), std::optional<double>(1.0));
        QCOMPARE(rings.siteName(ring2->peakSite), QStringLiteral("pressure.py:31"));
        QVERIFY(rings.at(1, RingResource::TaskWindow)->peak < 16);
        QVERIFY(rings.at(2, RingResource::Heap));
        QCOMPARE(rings.at(2, RingResource::Heap)->capacity, std::optional<double>(256.0 * 1024 * 1024));

        const RingDiagnosis d = diagnoseRings(rings);
        QVERIFY(d.atCapacity());
        QCOMPARE(d.constrainedRing, std::optional<int>(2));
        QCOMPARE(d.constrainedResource, std::optional<RingResource>(RingResource::TaskWindow));
        QVERIFY(!d.rebalance());
        QVERIFY(capacityStatement(d, rings).startsWith(
            QStringLiteral("A peak sits at capacity → that ring is the constraint (05b)")));
        QVERIFY(rebalanceStatement(d).isEmpty());
    }

    void imbalancedPutsTheLoadOnRingThree()
    {
        QTemporaryDir dir;
        const Loaded l = generateAndLoad(imbalanced(), dir);
        QVERIFY(l.capture);
        const RingOccupancy rings = computeRingOccupancy(*l.capture);
        QCOMPARE(rings.tasksPerRing[0] + rings.tasksPerRing[1] + rings.tasksPerRing[2], std::uint64_t(0));
        QVERIFY(rings.tasksPerRing[3] > 0);
        const RingDiagnosis d = diagnoseRings(rings);
        QCOMPARE(d.loadedRing, std::optional<int>(3));
        QCOMPARE(d.loadedShare, 1.0);
        QVERIFY(!d.atCapacity());
        QVERIFY(rebalanceStatement(d).startsWith(
            QStringLiteral("One ring carries the load while others idle → rebalance scopes (05a)")));
        QVERIFY(capacityStatement(d, rings).isEmpty());
    }

    void fifoReclaimIsAPrefixMaximum()
    {
        const RingOccupancy rings = computeRingOccupancy(handBuilt());
        const auto &ring1 = rings.at(1, RingResource::TaskWindow);
        QVERIFY(ring1);
        // Allocated at 10, 12, 16; retired at 40, 20, 30, so all three are reclaimed at 40.
        QCOMPARE(ring1->timesUs, (std::vector<double>{10, 12, 16, 40}));
        QCOMPARE(ring1->values, (std::vector<double>{1, 2, 3, 0}));
        QCOMPARE(ring1->capacity, std::optional<double>(4));
        QCOMPARE(ring1->peak, 3.0);
        QCOMPARE(ring1->peakUs, 16.0);
        // At 16 no ring-1 scope is open (the first closed at 15, the next opens at 17): the site of
        // the last boundary crossed stands in.
        QCOMPARE(rings.siteName(ring1->peakSite), QStringLiteral("outer.py:1"));
        const auto &ring2 = rings.at(2, RingResource::TaskWindow);
        QCOMPARE(ring2->timesUs, (std::vector<double>{14, 25}));
        QCOMPARE(ring2->values, (std::vector<double>{1, 0}));
        QCOMPARE(rings.tasksPerRing, (std::array<std::uint64_t, 4>{0, 3, 1, 0}));
    }

    void samplesAreMappedThroughTheirRingsLastTask()
    {
        const RingOccupancy rings = computeRingOccupancy(handBuilt());
        const auto &heap1 = rings.at(1, RingResource::Heap);
        QVERIFY(heap1);
        // Ring 1 samples: at 10 (before any submit), at max(13, 15) = 15, at 17; closed at the end (40).
        QCOMPARE(heap1->timesUs, (std::vector<double>{10, 15, 17, 40}));
        QCOMPARE(heap1->values, (std::vector<double>{0, 400, 600, 600}));
        QCOMPARE(heap1->peak, 600.0);
        QCOMPARE(heap1->peakUs, 17.0);
        QCOMPARE(rings.siteName(heap1->peakSite), QStringLiteral("outer.py:1"));
        QCOMPARE(heap1->capacity, std::optional<double>(1000));
        const auto &deps2 = rings.at(2, RingResource::DepPool);
        QVERIFY(deps2);
        QCOMPARE(deps2->timesUs, (std::vector<double>{10, 15, 40}));
        QCOMPARE(deps2->values, (std::vector<double>{0, 2, 2}));
        QVERIFY(!rings.at(0, RingResource::Heap)); // no sample on ring 0: unknown, not zero
        QVERIFY(!rings.at(3, RingResource::DepPool));
    }

    void unknownStaysAbsent()
    {
        Capture c = handBuilt();
        c.orchestratorLanes.clear(); // level 2-like: nothing to map samples through
        c.info.level = 2;
        RingOccupancy rings = computeRingOccupancy(c);
        QVERIFY(rings.at(1, RingResource::TaskWindow)); // from dispatch times
        QCOMPARE(rings.at(1, RingResource::TaskWindow)->timesUs.front(), 11.0);
        QVERIFY(!rings.at(1, RingResource::Heap));
        QVERIFY(!rings.at(1, RingResource::DepPool));

        c.info.level = 1; // neither submits nor dispatch: no allocation time at all
        for (TaskRow &r : c.rows)
            r.flags = 0;
        rings = computeRingOccupancy(c);
        QVERIFY(rings.isEmpty());

        Capture noStats = handBuilt();
        noStats.scopeStats = {};
        rings = computeRingOccupancy(noStats);
        QVERIFY(rings.at(1, RingResource::TaskWindow));
        QVERIFY(!rings.at(1, RingResource::TaskWindow)->capacity);
        QVERIFY(!rings.at(1, RingResource::TaskWindow)->peakFraction());
        QVERIFY(!rings.at(1, RingResource::Heap));
    }

    void tracksCarryCapacityPeakNoteAndSites()
    {
        Capture c = handBuilt();
        appendRingTracks(c);
        QStringList names;
        for (const CounterTrack &t : c.counters)
            names << t.group + u'/' + t.name;
        QCOMPARE(
            names,
            (QStringList{QStringLiteral("Rings/ring 1 task window"), QStringLiteral("Rings/ring 1 heap"),
                         QStringLiteral("Rings/ring 1 dep pool"), QStringLiteral("Rings/ring 2 task window"),
                         QStringLiteral("Rings/ring 2 heap"), QStringLiteral("Rings/ring 2 dep pool")}));
        const CounterTrack &window = c.counters.front();
        QCOMPARE(window.capacity, std::optional<double>(4));
        QCOMPARE(window.peakUs, std::optional<double>(16));
        QCOMPARE(window.note, QStringLiteral("(inferred)"));
        QCOMPARE(window.pointLabel.size(), window.values.size());
        QCOMPARE(window.pointLabels.at(window.pointLabel[2]), QStringLiteral("outer.py:1"));
        appendRingTracks(c);
        QCOMPARE(c.counters.size(), std::size_t(6));

        Capture flat = handBuilt();
        flat.scopeStats.samples[2].heapEnd = 0; // ring 2's heap never rises: no peak marker
        appendRingTracks(flat);
        QCOMPARE(flat.counters[4].name, QStringLiteral("ring 2 heap"));
        QVERIFY(!flat.counters[4].peakUs);
    }

    // The tracks draw the occupancy's own curves, kept alive by the tracks once nothing else holds it.
    void tracksViewTheOccupancy()
    {
        Capture c = handBuilt();
        auto rings = std::make_shared<const RingOccupancy>(computeRingOccupancy(c));
        const RingSeries &window = *rings->at(1, RingResource::TaskWindow);
        const double *times = window.timesUs.data();
        const double *values = window.values.data();
        const std::vector<double> expectedValues(window.values.begin(), window.values.end());
        appendRingTracks(c, rings);
        rings.reset();
        const CounterTrack &track = c.counters.front();
        QVERIFY(track.timesUs.isView() && track.values.isView());
        QCOMPARE(track.timesUs.data(), times);
        QCOMPARE(track.values.data(), values);
        QCOMPARE(std::vector<double>(track.values.begin(), track.values.end()), expectedValues);
    }

    void aFlatCurvePeaksAtItsFirstPoint()
    {
        Capture c = handBuilt();
        c.scopeStats.samples[2].heapEnd = 0; // ring 2's heap stays empty: two equal samples
        const RingOccupancy rings = computeRingOccupancy(c);
        const auto &heap2 = rings.at(2, RingResource::Heap);
        QVERIFY(heap2);
        QCOMPARE(heap2->peak, 0.0);
        QCOMPARE(heap2->peakUs, 10.0);
    }

    // The current writer's unversioned file and a version-6 file of the same samples draw the same
    // ring tracks: the format changes how the metadata is recognised, not what the samples mean.
    void unversionedFileDrawsTheTracksOfVersionSix()
    {
        Capture v6 = withScopeStats("v6_same_data.jsonl");
        Capture v7 = withScopeStats("v7_default.jsonl");
        QCOMPARE(v6.scopeStats.samples.size(), std::size_t(6));
        QCOMPARE(v7.scopeStats.samples.size(), std::size_t(6));
        appendRingTracks(v6);
        appendRingTracks(v7);
        // Heap and dep-pool tracks exist only with scope stats mapped to time: both files got there.
        QCOMPARE(v6.counters.size(), std::size_t(6));
        QCOMPARE(v7.counters.size(), v6.counters.size());
        for (std::size_t i = 0; i < v6.counters.size(); ++i) {
            const CounterTrack &a = v6.counters[i], &b = v7.counters[i];
            QCOMPARE(b.group + u'/' + b.name, a.group + u'/' + a.name);
            QCOMPARE(b.timesUs, a.timesUs);
            QCOMPARE(b.values, a.values);
            QCOMPARE(b.capacity, a.capacity);
            QCOMPARE(b.peakUs, a.peakUs);
            QCOMPARE(b.note, a.note);
            QCOMPARE(b.pointLabels, a.pointLabels);
            QCOMPARE(b.pointLabel, a.pointLabel);
        }
        // The samples' own values: ring 1 heap live amounts 0, 400, 600, 100 at 10, 15, 17, 17.
        QCOMPARE(v7.counters[1].name, QStringLiteral("ring 1 heap"));
        QCOMPARE(v7.counters[1].values, (std::vector<double>{0, 400, 100, 100}));
        QCOMPARE(v7.counters[1].capacity, std::optional<double>(1000));
    }

    // A scope left open by one run is not the open scope of the next (supplement §9.4).
    void openScopesDoNotCrossRuns_data()
    {
        QTest::addColumn<bool>("twoRuns");
        QTest::addColumn<QString>("siteAtEnd");
        // Ring 1: outer.py:1 opens at 10; inner.py:2 opens at 15 and closes at 17. The window's last
        // point (40) shows the scope open then.
        QTest::newRow("one run: outer.py:1 is still open") << false << QStringLiteral("outer.py:1");
        QTest::newRow("outer.py:1 belongs to the earlier run") << true << QStringLiteral("inner.py:2");
    }

    void openScopesDoNotCrossRuns()
    {
        QFETCH(bool, twoRuns);
        QFETCH(QString, siteAtEnd);
        Capture c = handBuilt();
        auto &samples = c.scopeStats.samples;
        samples[3] = sample(1, true, 2, 0, 500, 100, 1);  // ring 1 begin inner.py:2
        samples[4] = sample(1, false, 3, 0, 700, 100, 1); // ring 1 end inner.py:2
        for (std::size_t i = 0; i < samples.size(); ++i) {
            samples[i].hasRunEpoch = true;
            samples[i].runEpoch = twoRuns && i >= 3 ? 2 : 1;
        }
        const RingOccupancy rings = computeRingOccupancy(c);
        const auto &window = rings.at(1, RingResource::TaskWindow);
        QVERIFY(window);
        QCOMPARE(window->timesUs.back(), 40.0);
        QCOMPARE(rings.siteName(window->siteOfStep.back()), siteAtEnd);
    }

    void heapOffsetsOfOldVersionsWrap()
    {
        Capture c = handBuilt();
        c.scopeStats.version = 5;
        c.scopeStats.samples[4].heapEnd = 50; // wrapped past heap_max (1000) after 100
        const RingOccupancy rings = computeRingOccupancy(c);
        QCOMPARE(rings.at(1, RingResource::Heap)->values[2], 950.0);
    }

    // Ring tracks are known by their kind: a recorded counter in a group a trace named "Rings" is
    // not one, and does not stop the derived tracks from being added.
    void ringTracksAreKnownByKind()
    {
        Capture c = handBuilt();
        CounterTrack recorded;
        recorded.group = QString::fromLatin1(kRingsGroup);
        recorded.name = QStringLiteral("a trace's own counter");
        c.counters.push_back(recorded);
        QVERIFY(!isRingTrack(c.counters.front()));
        appendRingTracks(c);
        QVERIFY(c.counters.size() > 1);
        for (std::size_t i = 1; i < c.counters.size(); ++i) {
            QVERIFY(isRingTrack(c.counters[i]));
            QCOMPARE(c.counters[i].kind, CounterKind::RingOccupancy);
        }
    }
};

LANESCOPE_TEST_MAIN(TestRingOccupancy)
#include "tst_ringoccupancy.moc"
