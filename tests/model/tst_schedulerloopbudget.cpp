#include "analysiscapture.h"
#include "model/analysis/schedulerloopbudget.h"

#include <QTest>
#include <algorithm>

using namespace lanescope;

namespace {

PhaseRecord record(Capture &c, const char *kind, double start, double end, std::uint32_t loop,
                   std::uint32_t tasksProcessed = 0, std::uint32_t hit = 0, std::uint32_t miss = 0)
{
    PhaseRecord r;
    r.kind = std::uint16_t(c.phaseKinds.intern(QString::fromLatin1(kind)));
    r.startUs = start;
    r.endUs = end;
    r.loopIter = loop;
    r.tasksProcessed = tasksProcessed;
    r.popHit = hit;
    r.popMiss = miss;
    return r;
}

// Thread 0 (cores 0): complete [0,2], release [2,3] (idle here), dispatch [3,4], complete [6,7],
//   dispatch [7,8.5]: complete 3, dispatch 2.5, idle 1 + 2 = 3, total 8.5, loops 2, finishes 3,
//   pops 4 hit / 4 miss.
// Thread 1 (core 1): async_poll [1,2] loop 5, dispatch [2,3] loop 7 with 2 hits: total 2, loops 7.
// Thread 2: only a release record, so no work and no line.
// Tasks: 1 runs on cores 0 and 1 and finishes last on core 1 (thread 1); 2 and 4 on core 0
// (thread 0); 3 on core 2, which maps to no thread.
// Graph: 1->2, 1->4, 2->4, 3->4 and the self-edge 4->4. By first row: task 1 (core 0) out 2 in 0,
// task 2 out 1 in 1, task 4 out 1 in 4 (self-edge counted), all on thread 0; task 3 unmapped.
Capture loopCapture()
{
    Capture c = captureOf({row(1, 0, AIC, 0, 0, 4, 5), row(1, 1, AIV, 0, 0, 5, 6), row(2, 0, AIC, 0, 5, 6, 3),
                           row(3, 2, AIV, 0, 0, 1, 2), row(4, 0, AIC, 0, 7, 8, 9)},
                          {{1, 2}, {1, 4}, {2, 4}, {3, 4}, {4, 4}}, {}, 3);
    c.info.coreToThread = {0, 1, -1};
    c.schedulerThreads.resize(3);
    c.schedulerThreads[0] = {record(c, "complete", 0, 2, 1, 2),    record(c, "release", 2, 3, 1),
                             record(c, "dispatch", 3, 4, 1, 0, 3, 1), record(c, "complete", 6, 7, 2, 1),
                             record(c, "dispatch", 7, 8.5, 2, 0, 1, 3)};
    c.schedulerThreads[1] = {record(c, "dispatch", 2, 3, 7, 0, 2, 0), record(c, "async_poll", 1, 2, 5)};
    c.schedulerThreads[2] = {record(c, "release", 0, 1, 1)};
    return c;
}

} // namespace

class TestSchedulerLoopBudget : public QObject
{
    Q_OBJECT

private slots:
    void perThreadByHand_data()
    {
        QTest::addColumn<int>("slot");
        QTest::addColumn<int>("thread");
        QTest::addColumn<int>("loops");
        QTest::addColumn<int>("tasks");
        QTest::addColumn<double>("total");
        QTest::addColumn<double>("idle");
        QTest::addColumn<double>("complete");
        QTest::addColumn<double>("asyncPoll");
        QTest::addColumn<double>("dispatch");
        QTest::addColumn<int>("finishes");
        QTest::addColumn<int>("fanOut");
        QTest::addColumn<int>("fanIn");
        QTest::newRow("thread 0") << 0 << 0 << 2 << 2 << 8.5 << 3.0 << 3.0 << 0.0 << 2.5 << 3 << 4 << 5;
        QTest::newRow("thread 1") << 1 << 1 << 7 << 1 << 2.0 << 0.0 << 0.0 << 1.0 << 1.0 << 0 << 0 << 0;
    }
    void perThreadByHand()
    {
        QFETCH(int, slot);
        QFETCH(int, thread);
        QFETCH(int, loops);
        QFETCH(int, tasks);
        QFETCH(double, total);
        QFETCH(double, idle);
        QFETCH(double, complete);
        QFETCH(double, asyncPoll);
        QFETCH(double, dispatch);
        QFETCH(int, finishes);
        QFETCH(int, fanOut);
        QFETCH(int, fanIn);
        const Capture c = loopCapture();
        const auto s = schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt);
        QVERIFY(s.has_value());
        QCOMPARE(s->threads.size(), std::size_t(2));
        const SchedulerThreadBudget &t = s->threads[std::size_t(slot)];
        QCOMPARE(t.thread, thread);
        QCOMPARE(int(t.loops), loops);
        QCOMPARE(int(t.tasks), tasks);
        QCOMPARE(t.totalUs, total);
        QCOMPARE(t.idleUs, idle);
        QCOMPARE(t.phaseUs[0], complete);
        QCOMPARE(t.phaseUs[1], asyncPoll);
        QCOMPARE(t.phaseUs[2], dispatch);
        QCOMPARE(int(t.finishes), finishes);
        QCOMPARE(int(t.fanOutEdges), fanOut);
        QCOMPARE(int(t.fanInEdges), fanIn);
        QCOMPARE(*t.nsPerLoop, total * 1000.0 / loops);
    }

    void summaryByHand()
    {
        const Capture c = loopCapture();
        const auto s = schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, 2.1);
        QCOMPARE(int(s->loops), 9);
        QCOMPARE(int(s->tasks), 3);
        QVERIFY(!s->tasksFromFinishes);
        QCOMPARE(s->totalUs, 10.5);
        QCOMPARE(*s->popHitRatePct, 60.0);         // 6 hits, 4 misses
        QCOMPARE(*s->avgLoopUs, 10.5 / 9);
        QCOMPARE(*s->detectionDelayLoops, 2.1 / (10.5 / 9));
        QCOMPARE(s->phases[0].totalUs, 3.0);
        QCOMPARE(s->phases[2].totalUs, 3.5);
        QCOMPARE(s->phases[2].pctOfTotal, 3.5 / 10.5 * 100.0);
        QCOMPARE(*s->phases[0].avgPerTaskUs, 1.0);
        QCOMPARE(s->dominantPhase, QStringLiteral("dispatch"));
        QVERIFY(s->fan.has_value());
        QCOMPARE(int(s->fan->outEdges), 4);
        QCOMPARE(int(s->fan->inEdges), 5);
        QCOMPARE(int(s->fan->maxOutDegree), 2);
        QCOMPARE(int(s->fan->maxInDegree), 4);
        QCOMPARE(*s->fan->avgOut, 4.0 / 3);
    }

    void rangeCountsLoopsPastTheRangeStart()
    {
        // From 2.5: thread 0 keeps dispatch [3,4], complete [6,7], dispatch [7,8.5] (idle 2); the
        // complete at 0 (loop 1) is before the range, so loops = 2 − 1. Thread 1 has nothing left.
        const Capture c = loopCapture();
        const AnalysisRange range{2.5, 100};
        const auto s = schedulerLoopBudget(c, buildAnalysisInput(c, range), range, std::nullopt);
        QCOMPARE(s->threads.size(), std::size_t(1));
        QCOMPARE(int(s->threads[0].loops), 1);
        QCOMPARE(s->threads[0].totalUs, 5.5);
        QCOMPARE(s->threads[0].idleUs, 2.0);
        QCOMPARE(int(s->threads[0].finishes), 1);
    }

    void unmappedCoresFallBackToFinishes()
    {
        Capture c = loopCapture();
        c.info.coreToThread.clear();
        const auto s = schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt);
        QVERIFY(s->tasksFromFinishes);
        QCOMPARE(int(s->threads[0].tasks), 3);
        QCOMPARE(int(s->threads[1].tasks), 0);
        QCOMPARE(int(s->fan->outEdges), 0);   // no row maps to a thread
    }

    void noWorkRecordsNoBudget()
    {
        Capture c = loopCapture();
        c.schedulerThreads.resize(1);
        c.schedulerThreads[0] = {record(c, "release", 0, 1, 1), record(c, "dummy", 1, 2, 1)};
        QVERIFY(!schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt).has_value());
    }
};

QTEST_GUILESS_MAIN(TestSchedulerLoopBudget)
#include "tst_schedulerloopbudget.moc"
