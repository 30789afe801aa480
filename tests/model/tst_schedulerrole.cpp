#include "model/capture/schedulerrole.h"
#include "testmain.h"

#include <algorithm>

using namespace lanescope;

namespace {

// "kind@start-end", e.g. "dummy@0-5".
PhaseRecord record(StringTable &kinds, const QString &spec)
{
    const QStringList kindAndTimes = spec.split(u'@');
    const QStringList times = kindAndTimes.value(1).split(u'-');
    PhaseRecord r;
    r.kind = std::uint16_t(kinds.intern(kindAndTimes.value(0)));
    r.startUs = times.value(0).toDouble();
    r.endUs = times.value(1).toDouble();
    return r;
}

} // namespace

class TestSchedulerRole : public QObject
{
    Q_OBJECT

private slots:
    void roleOfAThread_data()
    {
        QTest::addColumn<QStringList>("records"); // thread 0's records, in lane order
        QTest::addColumn<QList<int>>("coreToThread");
        QTest::addColumn<int>("role");
        const int S = int(SchedulerRole::Scheduler), P = int(SchedulerRole::Resolve);
        const QList<int> owns{0}, ownsNone{1}, noMap;
        // Supplement §6.2 Role: P iff has_res and not has_sched and (standalone or unassigned).
        QTest::newRow("dispatching thread") << QStringList{"dispatch@0-1", "complete@1-2"} << owns << S;
        QTest::newRow("resolve_standalone only") << QStringList{"resolve_standalone@0-1"} << owns << P;
        QTest::newRow("resolve outside any bar") << QStringList{"resolve@0-1", "async_poll@2-3"} << owns << P;
        QTest::newRow("resolve nested in a dummy") << QStringList{"dummy@0-5", "resolve@1-2"} << owns << S;
        QTest::newRow("nested, but owns no core") << QStringList{"dummy@0-5", "resolve@1-2"} << ownsNone << P;
        // The nesting test needs start order, whatever order the lane holds its records in.
        QTest::newRow("nested resolve listed first") << QStringList{"resolve@1-2", "dummy@0-5"} << owns << S;
        QTest::newRow("resolve past its dummy's end") << QStringList{"dummy@0-5", "resolve@4-6"} << owns << P;
        QTest::newRow("async_poll, no core_to_thread") << QStringList{"async_poll@0-1"} << noMap << S;
        QTest::newRow("async_poll, owns no core") << QStringList{"async_poll@0-1"} << ownsNone << P;
        QTest::newRow("a resolver that refills")
            << QStringList{"resolve_standalone@0-1", "refill@1-2"} << ownsNone << S;
        QTest::newRow("a resolver that drains") << QStringList{"resolve@0-1", "drain@2-3"} << ownsNone << S;
        QTest::newRow("neither kind") << QStringList{"fanout@0-1", "drain_prepare@1-2"} << ownsNone << S;
        QTest::newRow("no records") << QStringList{} << ownsNone << S;
    }
    void roleOfAThread()
    {
        QFETCH(QStringList, records);
        QFETCH(QList<int>, coreToThread);
        QFETCH(int, role);
        StringTable kinds;
        PhaseLane lane;
        for (const QString &spec : records)
            lane.push_back(record(kinds, spec));
        const std::vector<int> map(coreToThread.begin(), coreToThread.end());
        QCOMPARE(int(schedulerRoleOf(lane, kinds, map, 0)), role);
    }

    void nestedResolvesFollowTheLastCompleteOrDummy()
    {
        StringTable kinds;
        PhaseLane lane;
        for (const char *spec : {"complete@0-4", "resolve@1-2", "resolve@3-5", "dummy@6-9", "resolve@7-8",
                                 "dispatch@7.5-7.6", "resolve_standalone@8-8.5"})
            lane.push_back(record(kinds, QString::fromLatin1(spec)));
        std::vector<const PhaseRecord *> byStart;
        for (const PhaseRecord &r : lane)
            byStart.push_back(&r);
        std::stable_sort(byStart.begin(), byStart.end(),
                         [](const PhaseRecord *a, const PhaseRecord *b) { return a->startUs < b->startUs; });
        // complete, resolve, resolve, dummy, resolve, dispatch, resolve_standalone: a resolve ending
        // inside the last complete/dummy is nested; one running past it is not; the standalone kind
        // never is.
        QCOMPARE(nestedResolves(byStart, kinds),
                 (std::vector<bool>{false, true, false, false, true, false, false}));
        QCOMPARE(schedulerRole(byStart, nestedResolves(byStart, kinds), kinds, {0}, 0),
                 SchedulerRole::Scheduler);
    }

    void roleNames()
    {
        QCOMPARE(roleName(SchedulerRole::Scheduler), QStringLiteral("S scheduler"));
        QCOMPARE(roleName(SchedulerRole::Resolve), QStringLiteral("P resolve"));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestSchedulerRole)
#include "tst_schedulerrole.moc"
