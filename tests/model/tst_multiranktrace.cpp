// The multi-rank trace of a directory conversion (supplement §2.9, §2.10): groups named by rank,
// rank-namespaced flow ids that never join across ranks, and the per-rank placement metadata.
#include "testmain.h"
#include "tracetesting.h"

#include <QtTest>

using namespace lanescope;

namespace {

// The "rank N" a lane's group names, or -1.
int rankOfGroup(const Lane &lane)
{
    static const QRegularExpression re(QStringLiteral("^rank (\\d+) \u00b7 "));
    const auto m = re.match(lane.group);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// Two ranks, each with a scheduler thread and a core lane; a dispatch arrow per rank whose start
// and finish interleave in time with the other rank's, so arrows that joined across ranks would show.
QByteArray twoRankFlows(const QByteArray &id0, const QByteArray &id1, const QByteArray &rankArg0 = "0",
                        const QByteArray &rankArg1 = "1")
{
    auto flow = [](const char *ph, const QByteArray &id, int pid, int tid, int ts, const QByteArray &rank) {
        return QByteArray(R"({"name":"dispatch","cat":"flow","ph":")") + ph + R"(","id":)" + id +
               R"(,"pid":)" + QByteArray::number(pid) + R"(,"tid":)" + QByteArray::number(tid) + R"(,"ts":)" +
               QByteArray::number(ts) + R"(,"args":{"rank":)" + rank + "}}";
    };
    return R"({"traceEvents":[
        {"name":"process_name","ph":"M","pid":102,"args":{"name":"AICPU Scheduler"}},
        {"name":"process_name","ph":"M","pid":104,"args":{"name":"Worker View"}},
        {"name":"process_name","ph":"M","pid":202,"args":{"name":"AICPU Scheduler"}},
        {"name":"process_name","ph":"M","pid":204,"args":{"name":"Worker View"}},
        {"name":"d","ph":"X","pid":102,"tid":30000,"ts":10,"dur":1,"args":{"rank":0}},
        {"name":"QK","ph":"X","pid":104,"tid":10000,"ts":12,"dur":3,"args":{"rank":0}},
        {"name":"d","ph":"X","pid":202,"tid":30000,"ts":11,"dur":1,"args":{"rank":1}},
        {"name":"QK","ph":"X","pid":204,"tid":10000,"ts":13,"dur":3,"args":{"rank":1}},)" +
           flow("s", id0, 102, 30000, 10, rankArg0) + "," + flow("s", id1, 202, 30000, 11, rankArg1) + "," +
           flow("f", id0, 104, 10000, 12, rankArg0) + "," + flow("f", id1, 204, 10000, 13, rankArg1) + "]}";
}

} // namespace

class TestMultiRankTrace : public QObject
{
    Q_OBJECT

private slots:
    void groupsSayTheirRank();
    void fixtureFlowsStayInTheirRank();
    void flowIds_data();
    void flowIds();
    void groupNames_data();
    void groupNames();
    void rankValues_data();
    void rankValues();
    void placementMetadata();
};

void TestMultiRankTrace::groupsSayTheirRank()
{
    const TraceRead r = readTraceFixture(QStringLiteral("l3_swimlane_two_ranks.json"));
    QVERIFY2(r.ok, qPrintable(r.error.toString()));
    const Capture &c = *r.capture;
    QVERIFY(!c.info.partial);
    QCOMPARE(traceLaneTitles(c),
             QStringList({"node.dispatch/Thread 1", "rank 0 \u00b7 Host/Thread 4242",
                          "rank 0 \u00b7 Device phases (placed)/Thread 0",
                          "rank 0 \u00b7 Placement Bound/outer window",
                          "rank 0 \u00b7 Placement Bound/placement slack", "rank 1 \u00b7 Host/Thread 4343",
                          "rank 1 \u00b7 Device phases (placed)/Thread 0",
                          "rank 1 \u00b7 Placement Bound/outer window",
                          "rank 1 \u00b7 Placement Bound/placement slack",
                          "rank 0 \u00b7 AICPU Scheduler/Sched_0", "rank 0 \u00b7 Worker View/AIC_0",
                          "rank 1 \u00b7 AICPU Scheduler/Sched_0", "rank 1 \u00b7 Worker View/AIC_0"}));
    QCOMPARE(c.info.trace.ranks, std::vector<std::int32_t>({0, 1}));
    QCOMPARE(c.info.trace.runEpochs, std::vector<std::uint32_t>({1}));
    // Rank 1's Placement Bound events carry no args.rank: its pid 16 = 11+3·1+2 names the rank.
    QVERIFY(hasTraceWarning(
        c, QStringLiteral("1 group(s) without args.rank named by the rank of their pid (inferred")));
    // The placed device phases keep their device-phase time for the details.
    const Lane &phases = c.lanes[std::size_t(
        traceLaneIndex(c, QStringLiteral("rank 1 \u00b7 Device phases (placed)"), "Thread 0"))];
    const auto args = traceSliceArgsOf(c.traceSliceArgs, phases.slices[0].ref);
    QCOMPARE(args.size(), std::size_t(1));
    QCOMPARE(c.strings.at(args[0].key), QStringLiteral("device_ts_ns"));
}

void TestMultiRankTrace::fixtureFlowsStayInTheirRank()
{
    const TraceRead r = readTraceFixture(QStringLiteral("l3_swimlane_two_ranks.json"));
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.flows.size(), std::size_t(2));
    for (const Flow &f : c.flows) {
        const int rank = rankOfGroup(c.lanes[f.fromLane]);
        QVERIFY(rank >= 0);
        QCOMPARE(rankOfGroup(c.lanes[f.toLane]), rank);
        QCOMPARE(c.lanes[f.fromLane].name, QStringLiteral("Sched_0"));
        QCOMPARE(c.lanes[f.toLane].name, QStringLiteral("AIC_0"));
        QCOMPARE(f.toUs - f.fromUs, 2.0);
    }
    QVERIFY(!hasTraceWarning(c, QStringLiteral("flow event(s)")));
}

void TestMultiRankTrace::flowIds_data()
{
    QTest::addColumn<QByteArray>("id0");
    QTest::addColumn<QByteArray>("id1");
    QTest::addColumn<int>("arrows");
    QTest::addColumn<bool>("withinRanks");
    QTest::addColumn<QString>("warning");
    QTest::newRow("converter ids, same numeric part")
        << QByteArray(R"("r0:5")") << QByteArray(R"("r1:5")") << 2 << true << QString();
    QTest::newRow("converter ids, long tail")
        << QByteArray(R"("r0:5:a")") << QByteArray(R"("r1:5:a")") << 2 << true << QString();
    QTest::newRow("bare numbers")
        << QByteArray("5") << QByteArray("5") << 2 << true
        << QStringLiteral("4 flow event(s) of a multi-rank trace have an id not of the form r<rank>:<id>");
    QTest::newRow("bare text") << QByteArray(R"("5")") << QByteArray(R"("5")") << 2 << true
                               << QStringLiteral("4 flow event(s) of a multi-rank trace");
    QTest::newRow("no colon") << QByteArray(R"("r05")") << QByteArray(R"("r15")") << 2 << true
                              << QStringLiteral("4 flow event(s) of a multi-rank trace");
    QTest::newRow("empty tail") << QByteArray(R"("r0:")") << QByteArray(R"("r1:")") << 2 << true
                                << QStringLiteral("4 flow event(s) of a multi-rank trace");
    // An id naming rank 0 on rank 1's events: the file says it is rank 0's flow, so it joins there.
    QTest::newRow("id names the other rank")
        << QByteArray(R"("r0:5")") << QByteArray(R"("r0:5")") << 1 << false
        << QStringLiteral("2 flow event(s) have an id naming another rank than their args.rank");
}

void TestMultiRankTrace::flowIds()
{
    QFETCH(QByteArray, id0);
    QFETCH(QByteArray, id1);
    QFETCH(int, arrows);
    QFETCH(bool, withinRanks);
    QFETCH(QString, warning);
    const TraceRead r = readTraceBytes(twoRankFlows(id0, id1));
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(int(c.flows.size()), arrows);
    bool allWithin = true;
    for (const Flow &f : c.flows)
        allWithin &= rankOfGroup(c.lanes[f.fromLane]) == rankOfGroup(c.lanes[f.toLane]);
    QCOMPARE(allWithin, withinRanks);
    if (warning.isEmpty())
        QCOMPARE(c.info.warnings, QStringList());
    else
        QVERIFY2(hasTraceWarning(c, warning), qPrintable(c.info.warnings.join(QStringLiteral(" | "))));
}

void TestMultiRankTrace::groupNames_data()
{
    QTest::addColumn<QByteArray>("events");
    QTest::addColumn<QStringList>("groups");
    QTest::addColumn<QString>("warning");
    const QByteArray named = R"({"name":"process_name","ph":"M","pid":11,"args":{"name":"Host"}},)";
    QTest::newRow("rank prefix")
        << QByteArray(named + R"({"name":"a","ph":"X","pid":11,"tid":1,"ts":1,"dur":1,"args":{"rank":0}})")
        << QStringList({"rank 0 \u00b7 Host"}) << QString();
    QTest::newRow("already ranked")
        << QByteArray(R"({"name":"process_name","ph":"M","pid":11,"args":{"name":"Rank 0 Host"}},)"
                      R"({"name":"a","ph":"X","pid":11,"tid":1,"ts":1,"dur":1,"args":{"rank":0}})")
        << QStringList({"Rank 0 Host"}) << QString();
    QTest::newRow("another rank in the name")
        << QByteArray(R"({"name":"process_name","ph":"M","pid":11,"args":{"name":"rank 10 Host"}},)"
                      R"({"name":"a","ph":"X","pid":11,"tid":1,"ts":1,"dur":1,"args":{"rank":1}})")
        << QStringList({"rank 1 \u00b7 rank 10 Host"}) << QString();
    QTest::newRow("unnamed process")
        << QByteArray(R"({"name":"a","ph":"X","pid":104,"tid":1,"ts":1,"dur":1,"args":{"rank":3}})")
        << QStringList({"rank 3 \u00b7 Process 104"}) << QString();
    QTest::newRow("same name, two ranks")
        << QByteArray(named + R"({"name":"process_name","ph":"M","pid":14,"args":{"name":"Host"}},)"
                              R"({"name":"a","ph":"X","pid":11,"tid":1,"ts":1,"dur":1,"args":{"rank":0}},)"
                              R"({"name":"a","ph":"X","pid":14,"tid":1,"ts":1,"dur":1,"args":{"rank":1}})")
        << QStringList({"rank 0 \u00b7 Host", "rank 1 \u00b7 Host"}) << QString();
    QTest::newRow("several ranks in one process")
        << QByteArray(named + R"({"name":"a","ph":"X","pid":11,"tid":1,"ts":1,"dur":1,"args":{"rank":0}},)"
                              R"({"name":"b","ph":"X","pid":11,"tid":1,"ts":2,"dur":1,"args":{"rank":1}})")
        << QStringList({"Host"})
        << QStringLiteral("1 process(es) hold events of several ranks and are not named by rank: Host");
    QTest::newRow("rank from pid")
        << QByteArray(R"({"name":"process_name","ph":"M","pid":13,"args":{"name":"Placement Bound"}},)"
                      R"({"name":"a","ph":"X","pid":13,"tid":0,"ts":1,"dur":1},)"
                      R"({"name":"b","ph":"X","pid":104,"tid":1,"ts":1,"dur":1,"args":{"rank":0}})")
        << QStringList({"rank 0 \u00b7 Placement Bound", "rank 0 \u00b7 Process 104"})
        << QStringLiteral("1 group(s) without args.rank named by the rank of their pid");
    QTest::newRow("pid of a rank no event names")
        << QByteArray(R"({"name":"process_name","ph":"M","pid":13,"args":{"name":"Placement Bound"}},)"
                      R"({"name":"a","ph":"X","pid":13,"tid":0,"ts":1,"dur":1},)"
                      R"({"name":"b","ph":"X","pid":604,"tid":1,"ts":1,"dur":1,"args":{"rank":5}})")
        << QStringList({"Placement Bound", "rank 5 \u00b7 Process 604"}) << QString();
    QTest::newRow("no ranks anywhere")
        << QByteArray(named + R"({"name":"a","ph":"X","pid":11,"tid":1,"ts":1,"dur":1})")
        << QStringList({"Host"}) << QString();
}

void TestMultiRankTrace::groupNames()
{
    QFETCH(QByteArray, events);
    QFETCH(QStringList, groups);
    QFETCH(QString, warning);
    const TraceRead r = readTraceBytes("{\"traceEvents\":[" + events + "]}");
    QVERIFY2(r.ok, qPrintable(r.error.toString()));
    QStringList seen;
    for (const Lane &l : r.capture->lanes)
        if (!seen.contains(l.group))
            seen << l.group;
    QCOMPARE(seen, groups);
    if (warning.isEmpty())
        QCOMPARE(r.capture->info.warnings, QStringList());
    else
        QVERIFY2(hasTraceWarning(*r.capture, warning),
                 qPrintable(r.capture->info.warnings.join(QStringLiteral(" | "))));
}

void TestMultiRankTrace::rankValues_data()
{
    QTest::addColumn<QByteArray>("rank");
    QTest::addColumn<int>("expected"); // -1: rejected
    QTest::newRow("integer") << QByteArray("2") << 2;
    QTest::newRow("integral float") << QByteArray("2.0") << 2;
    QTest::newRow("numeric text") << QByteArray(R"("2")") << 2;
    QTest::newRow("negative") << QByteArray("-1") << -1;
    QTest::newRow("fraction") << QByteArray("0.5") << -1;
    QTest::newRow("huge") << QByteArray("1e30") << -1;
    QTest::newRow("beyond int32") << QByteArray("2147483648") << -1;
    QTest::newRow("text") << QByteArray(R"("zero")") << -1;
    QTest::newRow("null") << QByteArray("null") << -1;
    QTest::newRow("array") << QByteArray("[0]") << -1;
}

void TestMultiRankTrace::rankValues()
{
    QFETCH(QByteArray, rank);
    QFETCH(int, expected);
    const TraceRead r =
        readTraceBytes(R"({"traceEvents":[{"name":"process_name","ph":"M","pid":11,"args":{"name":"Host"}},)"
                       R"({"name":"a","ph":"X","pid":11,"tid":1,"ts":1,"dur":1,"args":{"rank":)" +
                       rank + "}}]}");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.lanes.size(), std::size_t(1));
    if (expected >= 0) {
        QCOMPARE(c.lanes[0].group, QStringLiteral("rank %1 \u00b7 Host").arg(expected));
        QCOMPARE(c.info.trace.ranks, std::vector<std::int32_t>({expected}));
        QCOMPARE(c.info.warnings, QStringList());
    } else {
        QCOMPARE(c.lanes[0].group, QStringLiteral("Host"));
        QVERIFY(c.info.trace.ranks.empty());
        QVERIFY(hasTraceWarning(
            c, QStringLiteral("1 event(s) with an args.rank that is not a non-negative integer")));
    }
}

void TestMultiRankTrace::placementMetadata()
{
    const TraceRead r = readTraceFixture(QStringLiteral("l3_swimlane_two_ranks.json"));
    QVERIFY(r.ok);
    const TraceTimeline &t = r.capture->info.trace;
    QCOMPARE(t.layout, QStringLiteral("containment_spliced_multi_rank"));
    QCOMPARE(t.crossRankUncertaintyNs, std::optional<std::int64_t>(3000));
    QCOMPARE(t.placements.size(), std::size_t(2));
    QCOMPARE(t.placements[0].rank, std::optional<std::int32_t>(0));
    QCOMPARE(t.placements[0].slackNs, std::optional<std::int64_t>(1000));
    QCOMPARE(t.placements[1].rank, std::optional<std::int32_t>(1));
    QCOMPARE(t.placements[1].slackNs, std::optional<std::int64_t>(2000));
    QCOMPARE(t.placements[1].method, QStringLiteral("span_containment_v1"));
    QVERIFY(hasTraceWarning(*r.capture, QStringLiteral("ranks are aligned only to within 3000 ns")));
    // Per-rank slacks are summed up by the cross-rank uncertainty, not repeated one by one.
    QVERIFY(!hasTraceWarning(*r.capture, QStringLiteral("may lie up to")));
    QCOMPARE(r.capture->info.warnings.size(), 2);
}

LANESCOPE_TEST_GUILESS_MAIN(TestMultiRankTrace)
#include "tst_multiranktrace.moc"
