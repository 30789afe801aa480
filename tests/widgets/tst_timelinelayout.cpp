#include "testmain.h"
#include "widgets/timeline/timelinelayout.h"

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

    // A group order puts each group's rows together in its order; the pinned lanes stay first.
    void honoursTheGroupOrder_data()
    {
        QTest::addColumn<QStringList>("groupOrder");
        QTest::addColumn<QList<int>>("laneOrder");
        QTest::addColumn<int>("pinned");
        QTest::addColumn<QStringList>("headings");
        QTest::addColumn<QList<int>>("lanes");
        QTest::addColumn<QList<int>>("counters");
        const QString s = QStringLiteral("Scheduler"), a = QStringLiteral("AICore"),
                      o = QStringLiteral("Other");
        QTest::newRow("own order") << QStringList{} << QList<int>{} << -1 << QStringList{s, a, o}
                                   << QList<int>{0, 1, 2} << QList<int>{0, 1};
        QTest::newRow("reversed") << QStringList{o, a, s} << QList<int>{} << -1 << QStringList{o, a, s}
                                  << QList<int>{2, 0, 1} << QList<int>{1, 0};
        // Other is not ordered: it comes after AICore, the group it follows in the capture.
        QTest::newRow("unordered group after its predecessor")
            << QStringList{a, s} << QList<int>{} << -1 << QStringList{a, o, s} << QList<int>{2, 0, 1}
            << QList<int>{1, 0};
        QTest::newRow("removed groups ignored")
            << QStringList{QStringLiteral("Gone"), a, s, o} << QList<int>{} << -1 << QStringList{a, s, o}
            << QList<int>{2, 0, 1} << QList<int>{0, 1};
        QTest::newRow("pinned first")
            << QStringList{o, s, a} << QList<int>{} << 1 << QStringList{pinnedGroupName(), o, s, a}
            << QList<int>{1, 0, 2} << QList<int>{1, 0};
        // Lanes in the order Sched_0, AIC_0, Sched_1 split the Scheduler in two without a group order.
        QTest::newRow("split group, own order")
            << QStringList{} << QList<int>{0, 2, 1} << -1 << QStringList{s, a, s, o} << QList<int>{0, 2, 1}
            << QList<int>{0, 1};
        QTest::newRow("split group joined")
            << QStringList{a, s, o} << QList<int>{0, 2, 1} << -1 << QStringList{a, s, o}
            << QList<int>{2, 0, 1} << QList<int>{0, 1};
    }

    void honoursTheGroupOrder()
    {
        QFETCH(QStringList, groupOrder);
        QFETCH(QList<int>, laneOrder);
        QFETCH(int, pinned);
        QFETCH(QStringList, headings);
        QFETCH(QList<int>, lanes);
        QFETCH(QList<int>, counters);
        LaneArrangement arrangement;
        arrangement.groupOrder = groupOrder;
        arrangement.order.assign(laneOrder.begin(), laneOrder.end());
        if (pinned >= 0)
            arrangement.pinned = {pinned};
        const TimelineLayout layout(layoutCapture(), TimelineMetrics{}, {}, arrangement);
        QStringList shownHeadings;
        QList<int> shownLanes, shownCounters;
        int y = 0;
        for (const TimelineRow &row : layout.rows()) {
            QCOMPARE(row.y, y); // stacked without gaps or overlaps
            y += row.height;
            if (row.kind == Kind::GroupHeading)
                shownHeadings << row.group;
            else
                (row.kind == Kind::Lane ? shownLanes : shownCounters) << row.index;
        }
        QCOMPARE(layout.contentHeight(), y);
        QCOMPARE(shownHeadings, headings);
        QCOMPARE(shownLanes, lanes);
        QCOMPARE(shownCounters, counters);
        for (const int lane : lanes)
            QCOMPARE(layout.rows()[std::size_t(layout.rowOfLane(lane))].index, lane);
    }
};

LANESCOPE_TEST_MAIN(TestTimelineLayout)
#include "tst_timelinelayout.moc"
