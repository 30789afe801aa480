#include "analysiscapture.h"
#include "model/analysis/derivedtracks.h"
#include "testmain.h"

using namespace lanescope;

namespace {
// Two AIC cores; task 2 waits on task 1 while core 1 idles: overhead shows.
Capture dependentPair(int level, bool withDeps)
{
    Capture c = captureOf({row(1, 0, AIC, 0, 1, 10, 11), row(2, 1, AIC, 12, 13, 20, 21)},
                          withDeps ? std::vector<std::pair<std::uint64_t, std::uint64_t>>{{1, 2}}
                                   : std::vector<std::pair<std::uint64_t, std::uint64_t>>{},
                          {}, level);
    if (!withDeps)
        c.deps = {};
    return c;
}
} // namespace

class TestDerivedTracks : public QObject
{
    Q_OBJECT

private slots:
    void overheadTracksNeedLevelTwoAndDeps_data()
    {
        QTest::addColumn<int>("level");
        QTest::addColumn<bool>("withDeps");
        QTest::addColumn<QStringList>("expected");
        const QStringList aicTracks{QStringLiteral("AICore/AIC idle cores"),
                                    QStringLiteral("AICore/AIC ready tasks waiting"),
                                    QStringLiteral("AICore/AIC overhead (idle with ready work)"),
                                    QStringLiteral("AICore/Overhead (every engine)"),
                                    QStringLiteral("AICore/Overhead (engines with ready work)")};
        // Ring occupancy (ringtracks.h) needs dispatch times (level >= 2), not the dependency graph.
        const QStringList ringTrack{QStringLiteral("Rings/ring 0 task window")};
        QTest::newRow("level 2 with deps") << 2 << true << aicTracks + ringTrack;
        QTest::newRow("level 4 with deps") << 4 << true << aicTracks + ringTrack;
        QTest::newRow("level 1") << 1 << true << QStringList();
        QTest::newRow("no deps") << 2 << false << ringTrack;
    }

    void overheadTracksNeedLevelTwoAndDeps()
    {
        QFETCH(int, level);
        QFETCH(bool, withDeps);
        QFETCH(QStringList, expected);
        Capture c = dependentPair(level, withDeps);
        appendDerivedTracks(c);
        QCOMPARE(trackNames(c), expected);
    }

    void appendingTwiceAddsNothing()
    {
        Capture c = dependentPair(2, true);
        appendDerivedTracks(c);
        const qsizetype once = c.counters.size();
        appendDerivedTracks(c);
        QCOMPARE(qsizetype(c.counters.size()), once);
    }

    // Overhead tracks stay for as long as the capture is open: no room beyond their points. A chain
    // of tasks on three cores steps every track a number of times no growth policy lands on.
    void overheadTracksHoldExactlyTheirPoints_data()
    {
        QTest::addColumn<int>("tasks");
        QTest::newRow("11 tasks") << 11;
        QTest::newRow("37 tasks") << 37;
        QTest::newRow("300 tasks") << 300;
    }
    void overheadTracksHoldExactlyTheirPoints()
    {
        QFETCH(int, tasks);
        std::vector<TaskRow> rows;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
        for (int i = 0; i < tasks; ++i) {
            const double t = 10.0 * i + (i % 3);
            rows.push_back(row(std::uint64_t(i + 1), i % 3, AIC, t, t + 1, t + 6 + (i % 4), t + 7 + (i % 4)));
            if (i > 0)
                edges.emplace_back(std::uint64_t(i), std::uint64_t(i + 1));
        }
        Capture c = captureOf(rows, edges, {}, 2);
        appendDerivedTracks(c);
        int overhead = 0, withRoom = 0;
        for (const CounterTrack &t : c.counters) {
            if (t.kind != CounterKind::Overhead)
                continue;
            ++overhead;
            withRoom += t.timesUs.capacity() != t.timesUs.size() || t.values.capacity() != t.values.size();
        }
        QVERIFY(overhead > 0);
        QCOMPARE(withRoom, 0);
    }

    void tracksStepAtTheModelsBreakpoints()
    {
        Capture c = dependentPair(2, true);
        appendDerivedTracks(c);
        const auto it = std::find_if(c.counters.begin(), c.counters.end(), [](const CounterTrack &t) {
            return t.name == QLatin1String("AIC ready tasks waiting");
        });
        QVERIFY(it != c.counters.end());
        // Task 2 is ready once task 1 finishes (11) and waits until it is dispatched (12).
        QVERIFY(it->timesUs.size() >= 2);
        const auto at = [&](double t) {
            double v = 0;
            for (std::size_t i = 0; i < it->timesUs.size() && it->timesUs[i] <= t; ++i)
                v = it->values[i];
            return v;
        };
        QCOMPARE(at(11.5), 1.0);
        QCOMPARE(at(5), 0.0);
    }
};

LANESCOPE_TEST_MAIN(TestDerivedTracks)
#include "tst_derivedtracks.moc"
