// Scope stats of several runs in one file (upstream supplement §4.3, §9.3, §9.4): the per-run view,
// and begin/end pairing that never crosses run_epoch.
#include "model/capture/scopestats.h"
#include "model/io/companions/scopestatsreader.h"
#include "model/io/json/bytesource.h"
#include "model/techniques/ringpressure.h"
#include "readertesting.h"
#include "testmain.h"

#include <optional>

using namespace lanescope;

namespace {

ReaderRun<ScopeStats> readFixture(const char *name)
{
    return runReaderOnFile<ScopeStats>(QStringLiteral(LANESCOPE_FIXTURES "/scopestats/") +
                                           QLatin1String(name),
                                       [](ByteSource &s, ScopeStats &v, QStringList &w, ReadError *e) {
                                           return readScopeStats(s, v, w, e);
                                       });
}

QList<int> linesOf(const ScopeStats &stats)
{
    QList<int> lines;
    for (const ScopeSample &s : stats.samples)
        lines << s.line;
    return lines;
}

ScopeSample sampleOf(std::optional<std::uint32_t> epoch, int line)
{
    ScopeSample s;
    s.line = line;
    s.hasRunEpoch = epoch.has_value();
    s.runEpoch = epoch.value_or(0);
    return s;
}

} // namespace

class TestScopeStatsRuns : public QObject
{
    Q_OBJECT

private slots:
    void epochsAreDistinctAndAscending()
    {
        ScopeStats stats;
        stats.samples = {sampleOf(7, 2), sampleOf(std::nullopt, 3), sampleOf(2, 4), sampleOf(7, 5),
                         sampleOf(0, 6)};
        QCOMPARE(scopeStatsEpochs(stats), (std::vector<std::uint32_t>{0, 2, 7}));
        stats.samples = {sampleOf(std::nullopt, 2)};
        QCOMPARE(scopeStatsEpochs(stats), std::vector<std::uint32_t>{});
    }

    void runFilter_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("epoch"); // -1: the samples without run_epoch
        QTest::addColumn<QList<int>>("lines");
        QTest::newRow("run 1") << "v7_two_epochs.jsonl" << 1 << QList<int>{2, 3, 4};
        QTest::newRow("run 2") << "v7_two_epochs.jsonl" << 2 << QList<int>{5, 6, 7};
        QTest::newRow("a run not in the file") << "v7_two_epochs.jsonl" << 3 << QList<int>{};
        QTest::newRow("no run_epoch in a file that has epochs")
            << "v7_two_epochs.jsonl" << -1 << QList<int>{};
        // A file without any run_epoch is one run of unknown identity: every request gets it all.
        QTest::newRow("v6 file, run 1") << "v6_same_data.jsonl" << 1 << QList<int>{2, 3, 4, 5, 6, 7};
        QTest::newRow("v6 file, no run_epoch") << "v6_same_data.jsonl" << -1 << QList<int>{2, 3, 4, 5, 6, 7};
    }

    void runFilter()
    {
        QFETCH(QString, fixture);
        QFETCH(int, epoch);
        QFETCH(QList<int>, lines);
        const auto r = readFixture(qPrintable(fixture));
        QVERIFY(r.ok);
        const std::optional<std::uint32_t> run =
            epoch < 0 ? std::nullopt : std::optional<std::uint32_t>(epoch);
        const ScopeStats one = scopeStatsOfRun(r.value, run);
        QCOMPARE(linesOf(one), lines);
        // Metadata and sites are the file's.
        QCOMPARE(one.format, r.value.format);
        QCOMPARE(one.total, r.value.total);
        QCOMPARE(one.taskWindowMax, r.value.taskWindowMax);
        QCOMPARE(one.sites, r.value.sites);
        QVERIFY(!one.isEmpty());
    }

    void samplesWithoutEpochAreTheirOwnRun()
    {
        ScopeStats stats;
        stats.samples = {sampleOf(1, 2), sampleOf(std::nullopt, 3), sampleOf(1, 4),
                         sampleOf(std::nullopt, 5)};
        QCOMPARE(linesOf(scopeStatsOfRun(stats, std::nullopt)), (QList<int>{3, 5}));
        QCOMPARE(linesOf(scopeStatsOfRun(stats, 1)), (QList<int>{2, 4}));
        QCOMPARE(linesOf(scopeStatsOfRun(stats, 0)), QList<int>{}); // a missing epoch is not epoch 0
    }

    // Run 1 leaves outer.py:1 (ring 1) open; run 2 begins with an end of outer.py:1. Paired over
    // the whole file, that end would close run 1's begin.
    void pairingNeverCrossesRuns()
    {
        const auto r = readFixture("v7_two_epochs.jsonl");
        QVERIFY(r.ok);
        QCOMPARE(r.warnings,
                 QStringList{QStringLiteral("v7_two_epochs.jsonl: 1 end samples have no pending begin of the "
                                            "same ring and site (first: line 5)")});
        QVERIFY(!r.error.isSet());

        // Ring 1 heap high water within run 2: 700 - 100 = 600 of 1000. Across runs the line-5
        // end (heap_end 900) would have closed run 1's begin (heap_start 0): 900.
        const RingPressure p = ringPressure(r.value);
        QCOMPARE(p.use[1][1], 0.6);
        QCOMPARE(p.use[1][0], 3.0 / 4.0); // task window: 3 - 0 of 4
        QCOMPARE(p.use[2][1], 0.3);       // run 1's inner.py:2 on ring 2: 300 of 1000

        // The same samples with no run_epoch pair across the boundary, as the reference plot does.
        ScopeStats merged = r.value;
        for (ScopeSample &s : merged.samples)
            s.hasRunEpoch = false;
        QCOMPARE(ringPressure(merged).use[1][1], 0.9);
    }

    void eachRunPairsOnItsOwn()
    {
        const auto r = readFixture("v7_two_epochs.jsonl");
        QVERIFY(r.ok);
        const RingPressure first = ringPressure(scopeStatsOfRun(r.value, 1));
        const RingPressure second = ringPressure(scopeStatsOfRun(r.value, 2));
        QCOMPARE(first.use[1][1], 0.0); // run 1's outer.py:1 never closes
        QCOMPARE(first.use[2][1], 0.3);
        QCOMPARE(second.use[1][1], 0.6);
        QCOMPARE(second.use[2][1], 0.0);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestScopeStatsRuns)
#include "tst_scopestatsruns.moc"
