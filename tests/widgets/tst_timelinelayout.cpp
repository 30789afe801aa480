#include "widgets/timeline/timelinelayout.h"

#include <QTest>

using namespace lanescope;

namespace {

Lane lane(const QString &group, const QString &name, std::uint8_t maxDepth = 0)
{
    Lane l;
    l.group = group;
    l.name = name;
    l.maxDepth = maxDepth;
    return l;
}

CounterTrack counter(const QString &group, const QString &name)
{
    CounterTrack c;
    c.group = group;
    c.name = name;
    return c;
}

// Scheduler: Sched_0 (two levels), Sched_1; AICore: AIC_0; counters: queue (Scheduler), loose (Other).
Capture layoutCapture()
{
    Capture c;
    c.lanes = {lane(QStringLiteral("Scheduler"), QStringLiteral("Sched_0"), 1),
               lane(QStringLiteral("Scheduler"), QStringLiteral("Sched_1")),
               lane(QStringLiteral("AICore"), QStringLiteral("AIC_0"))};
    c.counters = {counter(QStringLiteral("Scheduler"), QStringLiteral("queue")),
                  counter(QStringLiteral("Other"), QStringLiteral("loose"))};
    return c;
}

using Kind = TimelineRow::Kind;

} // namespace

class TestTimelineLayout : public QObject
{
    Q_OBJECT

private slots:
    void stacksHeadingsLanesAndCounters()
    {
        const TimelineLayout layout(layoutCapture(), TimelineMetrics{});
        const auto &rows = layout.rows();
        // heading 24 | Sched_0 2*18+4 = 40 | Sched_1 22 | queue 40 | heading 24 | AIC_0 22 | heading 24 |
        // loose 40
        const std::vector<std::tuple<Kind, int, int, int>> expected{
            {Kind::GroupHeading, -1, 0, 24},   {Kind::Lane, 0, 24, 40},           {Kind::Lane, 1, 64, 22},
            {Kind::Counter, 0, 86, 40},        {Kind::GroupHeading, -1, 126, 24}, {Kind::Lane, 2, 150, 22},
            {Kind::GroupHeading, -1, 172, 24}, {Kind::Counter, 1, 196, 40}};
        QCOMPARE(rows.size(), expected.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto &[kind, index, y, height] = expected[i];
            QCOMPARE(rows[i].kind, kind);
            QCOMPARE(rows[i].index, index);
            QCOMPARE(rows[i].y, y);
            QCOMPARE(rows[i].height, height);
        }
        QCOMPARE(layout.contentHeight(), 236);
        QCOMPARE(rows[0].memberCount, 3); // two lanes and a counter
        QCOMPARE(rows[3].ordinal, 2);
    }

    void findsRowsAndLevels_data()
    {
        QTest::addColumn<double>("y");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("depth");
        QTest::newRow("heading") << 5.0 << 0 << -1;
        QTest::newRow("Sched_0 top padding") << 25.0 << 1 << -1;
        QTest::newRow("Sched_0 level 0") << 30.0 << 1 << 0;
        QTest::newRow("Sched_0 level 1") << 50.0 << 1 << 1;
        QTest::newRow("Sched_0 bottom padding") << 62.5 << 1 << -1;
        QTest::newRow("Sched_1") << 70.0 << 2 << 0;
        QTest::newRow("counter") << 100.0 << 3 << -1;
        QTest::newRow("below everything") << 300.0 << -1 << -1;
        QTest::newRow("above everything") << -1.0 << -1 << -1;
    }
    void findsRowsAndLevels()
    {
        QFETCH(double, y);
        QFETCH(int, row);
        QFETCH(int, depth);
        const TimelineLayout layout(layoutCapture(), TimelineMetrics{});
        QCOMPARE(layout.rowAt(y), row);
        if (row >= 0)
            QCOMPARE(layout.depthAt(layout.rows()[std::size_t(row)], y), depth);
    }

    void foldsCollapsedGroups()
    {
        const TimelineLayout layout(layoutCapture(), TimelineMetrics{}, {QStringLiteral("Scheduler")});
        QCOMPARE(layout.rows().size(), std::size_t(5));
        QVERIFY(layout.rows()[0].collapsed);
        QCOMPARE(layout.rowOfLane(0), -1);
        QCOMPARE(layout.rowOfLane(2), 2);
        QCOMPARE(layout.rows()[2].y, 48);
        QCOMPARE(layout.contentHeight(), 24 + 24 + 22 + 24 + 40);
    }
};

QTEST_MAIN(TestTimelineLayout)
#include "tst_timelinelayout.moc"
