#include "analysiscapture.h"
#include "model/analysis/criticalpath.h"
#include "testmain.h"

#include <algorithm>

using namespace lanescope;

namespace {

QString describe(const ObservedCriticalPath &p)
{
    QStringList parts;
    for (const PathSegment &s : p.segments)
        parts << QStringLiteral("%1 %2-%3 t%4")
                     .arg(QString::fromLatin1(pathSegmentKindName(s.kind)))
                     .arg(s.startUs)
                     .arg(s.endUs)
                     .arg(s.taskId);
    return parts.join(QStringLiteral(", "));
}

} // namespace

class TestCriticalPath : public QObject
{
    Q_OBJECT

private slots:
    void attributionByHand_data()
    {
        QTest::addColumn<int>("scenario");
        QTest::addColumn<int>("hops");
        QTest::addColumn<double>("span");
        QTest::addColumn<double>("exec");
        QTest::addColumn<double>("sched");
        QTest::addColumn<double>("other");
        QTest::addColumn<QString>("path");
        // C (finish 10) needs A (end 4) and B (end 2): the walk takes A, a root dispatched at 0.5.
        // exec = 2 + 3; sched = (7 − 4) + A's head 0.5; the span starts at the root's dispatch
        // (supplement §6.2 Part 6): 10 − 0.5; other = 9.5 − 5 − 3.5.
        QTest::newRow("two producers") << 0 << 1 << 9.5 << 5.0 << 3.5 << 1.0 << "3 1";
        // Equal ends pick the larger task id: E (id 5) over A (id 1).
        QTest::newRow("tie on end") << 1 << 1 << 9.5 << 5.0 << 3.5 << 1.0 << "3 5";
        // Without predecessors the last-finishing task alone: exec 2, sched = its head 1, span from
        // its dispatch 0 to its finish 4.
        QTest::newRow("lone root") << 2 << 0 << 4.0 << 2.0 << 1.0 << 1.0 << "4";
        // A -> B -> A: the walk stops when it comes back, at no root.
        QTest::newRow("cycle") << 3 << 1 << 6.0 << 4.0 << 1.0 << 1.0 << "2 1";
        // A root whose head (2) is longer than its tail (0): the span starts at its dispatch, so the
        // head lies inside it and nothing counts twice.
        QTest::newRow("head inside the span") << 4 << 0 << 3.0 << 1.0 << 2.0 << 0.0 << "6";
    }
    void attributionByHand()
    {
        QFETCH(int, scenario);
        QFETCH(int, hops);
        QFETCH(double, span);
        QFETCH(double, exec);
        QFETCH(double, sched);
        QFETCH(double, other);
        QFETCH(QString, path);
        Capture c;
        switch (scenario) {
        case 0:
            c = captureOf({row(1, 0, AIC, 0.5, 1, 4, 5), row(2, 1, AIV, 0, 0, 2, 3),
                           row(3, 0, AIC, 6, 7, 9, 10), row(4, 2, AIV, 0, 0, 8, 8.5)},
                          {{1, 3}, {2, 3}});
            break;
        case 1:
            c = captureOf(
                {row(1, 0, AIC, 0.5, 1, 4, 5), row(3, 0, AIC, 6, 7, 9, 10), row(5, 1, AIV, 0.5, 1, 4, 4.5)},
                {{1, 3}, {5, 3}});
            break;
        case 2:
            c = captureOf({row(4, 0, AIC, 0, 1, 3, 4)}, {});
            break;
        case 4:
            c = captureOf({row(6, 0, AIC, 0, 2, 3, 3)}, {});
            break;
        case 3:
            // B (2) finishes last; its predecessor A (1) names B as its own predecessor.
            c = captureOf({row(1, 0, AIC, 0, 1, 3, 3), row(2, 0, AIC, 3, 4, 6, 7)}, {{1, 2}, {2, 1}});
            break;
        }
        const auto a = criticalPathAttribution(buildAnalysisInput(c, std::nullopt));
        QVERIFY(a.has_value());
        QCOMPARE(int(a->hops), hops);
        QCOMPARE(a->spanUs, span);
        QCOMPARE(a->execUs, exec);
        QCOMPARE(a->schedUs, sched);
        QCOMPARE(a->otherUs, other);
        QStringList ids;
        for (std::uint64_t id : a->taskIds)
            ids << QString::number(id);
        QCOMPARE(ids.join(u' '), path);
        QCOMPARE(a->cycleCut, scenario == 3);
        QCOMPARE(a->execUs + a->schedUs + a->otherUs - a->overlapUs, a->spanUs);
        QCOMPARE(a->overlapUs, 0.0);
    }

    void observedPathByHand_data()
    {
        QTest::addColumn<bool>("dataEdge");
        QTest::addColumn<QString>("segments");
        QTest::addColumn<QString>("tasks");
        // Core 0: A [0,2], C [5,9]; core 1: B [1,4]; B -> C in the graph.
        // With the edge, C's latest finished candidate is its data predecessor B (end 4, beats the
        // core predecessor A ending at 2); B is first on its core, so the front gap runs back to 0.
        QTest::newRow("data wait") << true
                                   << "front-gap 0-1 t2, compute 1-4 t2, data-wait 4-5 t3, compute 5-9 t3"
                                   << "2 3";
        // Without it, only the core predecessor A remains.
        QTest::newRow("core wait") << false << "compute 0-2 t1, core-wait 2-5 t3, compute 5-9 t3"
                                   << "1 3";
    }
    void observedPathByHand()
    {
        QFETCH(bool, dataEdge);
        QFETCH(QString, segments);
        QFETCH(QString, tasks);
        std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
        if (dataEdge)
            edges = {{2, 3}};
        const Capture c = captureOf(
            {row(1, 0, AIC, 0, 0, 2, 2), row(2, 1, AIV, 0, 1, 4, 4), row(3, 0, AIC, 0, 5, 9, 9)}, edges);
        const auto p = observedCriticalPath(buildAnalysisInput(c, std::nullopt));
        QVERIFY(p.has_value());
        QCOMPARE(describe(*p), segments);
        QStringList ids;
        for (std::uint64_t id : p->taskIds)
            ids << QString::number(id);
        QCOMPARE(ids.join(u' '), tasks);
        // The segments tile [t0, end] exactly.
        QCOMPARE(p->computeUs + p->dataWaitUs + p->coreWaitUs + p->frontGapUs, p->endUs - p->t0Us);
        for (std::size_t i = 1; i < p->segments.size(); ++i)
            QCOMPARE(p->segments[i].startUs, p->segments[i - 1].endUs);
    }

    void observedPathIgnoresEdgesAgainstTime()
    {
        // A -> C in the graph, but A (core 1) ends at 4, after C started at 3: the edge is not kept,
        // and C's core predecessor B is the step instead.
        const Capture c = captureOf(
            {row(1, 1, AIV, 0, 0, 4, 4), row(2, 0, AIC, 0, 0, 1, 1), row(3, 0, AIC, 0, 3, 5, 5)}, {{1, 3}});
        const auto p = observedCriticalPath(buildAnalysisInput(c, std::nullopt));
        QCOMPARE(describe(*p), QStringLiteral("compute 0-1 t2, core-wait 1-3 t3, compute 3-5 t3"));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCriticalPath)
#include "tst_criticalpath.moc"
