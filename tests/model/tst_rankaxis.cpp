// An L3 output (supplement §2.9): every rank<N>/d<M>/ capture is a run of its own, and all of them
// share the host clock's axis when their placements allow it. The fixtures in
// tests/fixtures/runs/l3* are written by hand: two ranks, 1 MHz, each with a bounded
// clock_alignment whose anchor is its first dispatch; rank 1's anchor is 20 µs after rank 0's.
#include "model/capture/captureruns.h"
#include "model/io/loader.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/runs/") + name;
}

} // namespace

class TestRankAxis : public QObject
{
    Q_OBJECT

private slots:
    void ranksShareTheHostAxis()
    {
        const LoadResult loaded = loadCapture(fixture(QStringLiteral("l3")));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        QCOMPARE(loaded.runs.size(), std::size_t(2));
        QCOMPARE(loaded.runs.runs[0]->info.rankName, QStringLiteral("rank 0 · d0"));
        QCOMPARE(loaded.runs.runs[1]->info.rankName, QStringLiteral("rank 1 · d0"));
        QCOMPARE(runLabel(loaded.runs.runs[1]->info), QStringLiteral("rank 1 · d0 · run 1"));
        const auto laidOut = layOutAllRuns(loaded.runs);
        QVERIFY(laidOut);
        const Capture &all = *laidOut;
        QVERIFY(all.info.allRuns);
        QCOMPARE(all.rows.size(), std::size_t(4));
        QCOMPARE(all.runSpans.size(), std::size_t(2));
        QCOMPARE(all.runSpans[0].startUs, 0.0);
        QCOMPARE(all.runSpans[1].startUs - all.runSpans[0].startUs, 20.0);
        QCOMPARE(all.runSpans[1].name, QStringLiteral("rank 1 · d0"));
        // Each rank's lanes under its own groups, rank 0 first, with the rank's own lane names.
        QStringList groups;
        for (const Lane &lane : all.lanes)
            if (!groups.contains(lane.group))
                groups << lane.group;
        QCOMPARE(groups, (QStringList{"rank 0 · d0 · Scheduler View", "rank 0 · d0 · AICore",
                                      "rank 1 · d0 · Scheduler View", "rank 1 · d0 · AICore"}));
        for (const Lane &lane : all.lanes)
            QCOMPARE(lane.name, QStringLiteral("AIC_0"));
        QCOMPARE(
            analysisPendingText(all),
            QStringLiteral("All 2 ranks on one axis: figures are per run, pick one to see its analysis."));
        QVERIFY(all.deps.empty());
        QVERIFY(all.counters.empty());
        // The undecided cross-rank gap: the two placement bands are 4 µs wide each.
        QVERIFY2(all.info.warnings.join(u'\n').contains(QStringLiteral("smaller than 8.000 µs is undecided")),
                 qPrintable(all.info.warnings.join(u'\n')));
    }

    void ranksThatCannotShareAnAxisAreRefused_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("reason");
        QTest::newRow("two host clock domains") << "l3-two-hosts"
                                                << "rank 0 · d0 and rank 1 · d0 name different host clock "
                                                   "domains (host_clock_domain_id \"host-a\" "
                                                   "and \"host-b\")";
        QTest::newRow("a rank without placement")
            << "l3-unplaced"
            << "rank 1 · d0 has no placement of its device clock on the host clock";
    }
    void ranksThatCannotShareAnAxisAreRefused()
    {
        QFETCH(QString, output);
        QFETCH(QString, reason);
        const LoadResult loaded = loadCapture(fixture(output));
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error.toString().contains(reason), qPrintable(loaded.error.toString()));
        QVERIFY(loaded.error.toString().startsWith(fixture(output)));
    }

    // Damage in one rank: the output names that rank's file and where, or loads it as partial.
    void damagedRanks_data()
    {
        QTest::addColumn<QByteArray>("rankOne");
        QTest::addColumn<bool>("opens");
        QTest::addColumn<QString>("says");
        QTest::newRow("garbage") << QByteArray("\x01\x02 not json") << false
                                 << "rank1/d0/chip_swimlane_records.json";
        QTest::newRow("empty") << QByteArray() << false << "rank1/d0/chip_swimlane_records.json";
        QTest::newRow("truncated after its alignment")
            << QByteArray(R"({"chip_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "num_cores": 1,
 "core_types": ["aic"], "host_clock_domain_id": "host-a", "clock_alignment": {"status": "bounded",
 "device_anchor_cycles": 1000, "host_anchor_ns": 5000020000, "host_anchor_min_ns": 5000019000,
 "host_anchor_max_ns": 5000023000}}, "aicore_tasks": [[0, 1, 1, 1005, 1055, 2, 1], [0, 2)")
            << true << "truncated";
    }
    void damagedRanks()
    {
        QFETCH(QByteArray, rankOne);
        QFETCH(bool, opens);
        QFETCH(QString, says);
        QTemporaryDir tmp;
        const QDir out(tmp.path());
        for (const char *rank : {"rank0/d0", "rank1/d0"})
            QVERIFY(out.mkpath(QString::fromLatin1(rank)));
        QVERIFY(QFile::copy(fixture(QStringLiteral("l3/rank0/d0/chip_swimlane_records.json")),
                            out.filePath(QStringLiteral("rank0/d0/chip_swimlane_records.json"))));
        QFile one(out.filePath(QStringLiteral("rank1/d0/chip_swimlane_records.json")));
        QVERIFY(one.open(QIODevice::WriteOnly));
        one.write(rankOne);
        one.close();
        const LoadResult loaded = loadCapture(tmp.path());
        QCOMPARE(loaded.ok(), opens);
        if (!opens) {
            QVERIFY2(loaded.error.toString().contains(says), qPrintable(loaded.error.toString()));
            return;
        }
        const auto rank = loaded.runs.runs.back();
        QVERIFY(rank->info.partial);
        QVERIFY2(rank->info.warnings.join(u'\n').contains(says), qPrintable(rank->info.warnings.join(u'\n')));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRankAxis)
#include "tst_rankaxis.moc"
