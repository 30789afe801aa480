#include "analysiscapture.h"
#include "model/analysis/schedulerloopbudget.h"
#include "model/io/records/recordsreader.h"
#include "testmain.h"

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

// Supplement §6.2 (every OUTER phase is work):
// Thread 0 (cores 0): complete [0,2], release [2,3], dispatch [3,4], complete [6,7], dispatch [7,8.5]:
//   complete 3, release 1, dispatch 2.5, idle 2 + 0 = 2, total 8.5, loops 2, finishes 3, pops 4 hit / 4 miss.
// Thread 1 (core 1): async_poll [1,2] loop 5, dispatch [2,3] loop 7 with 2 hits: total 2, loops 7.
// Thread 2: a lone release [0,1]: total 1, loops 1, no tasks.
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
    c.schedulerThreads[0] = {record(c, "complete", 0, 2, 1, 2), record(c, "release", 2, 3, 1),
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
        // Supplement §6.2: release is work now, so thread 0's idle is the two 2 µs gaps only and
        // thread 2 (a lone release) has a budget.
        QTest::newRow("thread 0") << 0 << 0 << 2 << 2 << 8.5 << 2.0 << 3.0 << 0.0 << 2.5 << 3 << 4 << 5;
        QTest::newRow("thread 1") << 1 << 1 << 7 << 1 << 2.0 << 0.0 << 0.0 << 1.0 << 1.0 << 0 << 0 << 0;
        QTest::newRow("thread 2") << 2 << 2 << 1 << 0 << 1.0 << 0.0 << 0.0 << 0.0 << 0.0 << 0 << 0 << 0;
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
        const auto s =
            schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt);
        QVERIFY(s.has_value());
        QCOMPARE(s->threads.size(), std::size_t(3));
        const SchedulerThreadBudget &t = s->threads[std::size_t(slot)];
        QCOMPARE(t.thread, thread);
        QCOMPARE(int(t.loops), loops);
        QCOMPARE(int(t.tasks), tasks);
        QCOMPARE(t.totalUs, total);
        QCOMPARE(t.idleUs, idle);
        QCOMPARE(t.phaseUs[std::size_t(LoopPhase::Complete)], complete);
        QCOMPARE(t.phaseUs[std::size_t(LoopPhase::AsyncPoll)], asyncPoll);
        QCOMPARE(t.phaseUs[std::size_t(LoopPhase::Dispatch)], dispatch);
        QCOMPARE(t.role, SchedulerRole::Scheduler);
        QCOMPARE(int(t.finishes), finishes);
        QCOMPARE(int(t.fanOutEdges), fanOut);
        QCOMPARE(int(t.fanInEdges), fanIn);
        QCOMPARE(*t.nsPerLoop, total * 1000.0 / loops);
    }

    void summaryByHand()
    {
        const Capture c = loopCapture();
        const auto s = schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, 2.1);
        QCOMPARE(int(s->loops), 10);
        QCOMPARE(int(s->tasks), 3);
        QVERIFY(!s->tasksFromFinishes);
        QCOMPARE(s->totalUs, 11.5);
        QCOMPARE(*s->popHitRatePct, 60.0); // 6 hits, 4 misses
        QCOMPARE(*s->avgLoopUs, 11.5 / 10);
        QCOMPARE(*s->detectionDelayLoops, 2.1 / (11.5 / 10));
        const auto &complete = s->phases[std::size_t(LoopPhase::Complete)];
        const auto &dispatch = s->phases[std::size_t(LoopPhase::Dispatch)];
        QCOMPARE(complete.totalUs, 3.0);
        QCOMPARE(dispatch.totalUs, 3.5);
        QCOMPARE(dispatch.pctOfTotal, 3.5 / 11.5 * 100.0);
        QCOMPARE(*complete.avgPerTaskUs, 1.0);
        QCOMPARE(s->phases[std::size_t(LoopPhase::Release)].totalUs, 2.0);
        QVERIFY(s->phases[std::size_t(LoopPhase::Release)].seen);
        QVERIFY(!s->phases[std::size_t(LoopPhase::Refill)].seen);
        QVERIFY(s->schedulerSum && !s->resolveSum);
        QCOMPARE(int(s->schedulerSum->loops), 10);
        QCOMPARE(s->schedulerSum->nsPerLoop, 1000.0 * 11.5 / 10);
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
        const auto s =
            schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt);
        QVERIFY(s->tasksFromFinishes);
        QCOMPARE(int(s->threads[0].tasks), 3);
        QCOMPARE(int(s->threads[1].tasks), 0);
        QCOMPARE(int(s->fan->outEdges), 0); // no row maps to a thread
    }

    void rolesFromThePhasesAThreadRan_data()
    {
        QTest::addColumn<QStringList>("kinds"); // each record [i, i + 0.5], in this order
        QTest::addColumn<bool>("ownsCore");     // core 0 maps to this thread (else to thread 1)
        QTest::addColumn<int>("role");
        const int S = int(SchedulerRole::Scheduler), P = int(SchedulerRole::Resolve);
        // Supplement §6.2 Role: P iff has_res and not has_sched and (standalone or unassigned).
        QTest::newRow("dispatching thread") << QStringList{"dispatch", "complete"} << true << S;
        QTest::newRow("resolve_standalone only") << QStringList{"resolve_standalone"} << true << P;
        QTest::newRow("non-nested resolve only") << QStringList{"resolve", "async_poll"} << true << P;
        QTest::newRow("async_poll on a thread with cores") << QStringList{"async_poll"} << true << S;
        QTest::newRow("async_poll on a thread without cores") << QStringList{"async_poll"} << false << P;
        QTest::newRow("dummy without cores") << QStringList{"dummy"} << false << P;
        QTest::newRow("resolve and refill") << QStringList{"resolve_standalone", "refill"} << false << S;
    }
    void rolesFromThePhasesAThreadRan()
    {
        QFETCH(QStringList, kinds);
        QFETCH(bool, ownsCore);
        QFETCH(int, role);
        Capture c = captureOf({row(1, 0, AIC, 0, 0, 4, 5)}, {}, {}, 3);
        c.info.coreToThread = {ownsCore ? 0 : 1};
        c.schedulerThreads.resize(2);
        for (qsizetype i = 0; i < kinds.size(); ++i)
            c.schedulerThreads[0].push_back(record(c, qPrintable(kinds[i]), double(i), double(i) + 0.5, 1));
        const auto s =
            schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt);
        QVERIFY(s && !s->threads.empty());
        QCOMPARE(int(s->threads[0].role), role);
        QCOMPARE(s->resolveSum.has_value(), role == int(SchedulerRole::Resolve));
    }

    void rolesMatchTheQueueCounterFixture()
    {
        // resolution_thread_queue.json (see tst_lanebuilder): thread 0 schedules, thread 1 only
        // resolves and owns no core, thread 2 owns core 1 and its one resolve is nested in a dummy.
        // The ready-queue counter takes the resolution thread from the same rule.
        Capture c;
        ReadError error;
        auto source = ByteSource::open(
            QStringLiteral(LANESCOPE_FIXTURES "/records/resolution_thread_queue.json"), &error);
        QVERIFY(source && readRecords(*source, c, &error));
        const auto s =
            schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt);
        QVERIFY(s);
        QCOMPARE(s->threads.size(), std::size_t(3));
        QCOMPARE(s->threads[0].role, SchedulerRole::Scheduler);
        QCOMPARE(s->threads[1].role, SchedulerRole::Resolve);
        QCOMPARE(s->threads[2].role, SchedulerRole::Scheduler);
        QVERIFY(s->resolveSum && s->schedulerSum);
        QCOMPARE(int(s->resolveSum->loops), 6);
        QCOMPARE(int(s->schedulerSum->loops), 6); // 5 + 1
    }

    void nestedResolveIsPartOfItsComplete()
    {
        // complete [0,4] holds resolve [1,2] (nested: not work); resolve [5,7] after it is standalone
        // work and resolve_standalone [8,9] reads as resolve. Idle: 4->5, 7->8.
        Capture c = captureOf({row(1, 0, AIC, 0, 0, 4, 5)}, {}, {}, 3);
        c.info.coreToThread = {0};
        c.schedulerThreads = {{record(c, "complete", 0, 4, 1, 1), record(c, "resolve", 1, 2, 1),
                               record(c, "resolve", 5, 7, 2), record(c, "resolve_standalone", 8, 9, 3)}};
        const auto s =
            schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt);
        QVERIFY(s);
        const SchedulerThreadBudget &t = s->threads[0];
        QCOMPARE(t.phaseUs[std::size_t(LoopPhase::Complete)], 4.0);
        QCOMPARE(t.phaseUs[std::size_t(LoopPhase::Resolve)], 3.0);
        QCOMPARE(t.idleUs, 2.0);
        QCOMPARE(t.totalUs, 9.0);
        QCOMPARE(t.role, SchedulerRole::Scheduler); // it completes tasks
        QCOMPARE(s->dominantPhase, QStringLiteral("complete"));
    }

    void noWorkRecordsNoBudget()
    {
        Capture c = loopCapture();
        c.schedulerThreads.resize(1);
        c.schedulerThreads[0] = {record(c, "drain_prepare", 0, 1, 1), record(c, "scan", 1, 2, 1)};
        QVERIFY(!schedulerLoopBudget(c, buildAnalysisInput(c, std::nullopt), std::nullopt, std::nullopt)
                     .has_value());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestSchedulerLoopBudget)
#include "tst_schedulerloopbudget.moc"
