// The newest converter's merged trace (supplement §2.7, §2.10, §4.3, §7): the lifecycle process,
// an AICore-producer scheduler, scheduler-duration-us, run_epoch args and the timeline metadata.
#include "testmain.h"
#include "tracetesting.h"

#include <QtTest>

using namespace lanescope;

namespace {

QList<std::uint32_t> epochs(const Capture &c, const Lane &lane)
{
    QList<std::uint32_t> out;
    for (const Slice &s : lane.slices)
        out << traceRunEpochOf(c.traceSliceArgs, c.strings, s.ref);
    return out;
}

// The kept args of a slice other than its run, which every slice of the fixture carries.
std::vector<TraceSliceArg> detailArgs(const Capture &c, std::uint32_t ref)
{
    std::vector<TraceSliceArg> out;
    for (const TraceSliceArg &a : traceSliceArgsOf(c.traceSliceArgs, ref))
        if (c.strings.at(a.key) != QLatin1String("run_epoch"))
            out.push_back(a);
    return out;
}

// One slice carrying `args`, or `args` written before "ph" when `argsFirst`.
QByteArray oneSlice(const QByteArray &args, bool argsFirst = false)
{
    const QByteArray rest = R"("name":"a","pid":1,"tid":1,"ts":1,"dur":2)";
    const QByteArray event = argsFirst ? R"({"args":)" + args + R"(,"ph":"X",)" + rest + "}"
                                       : R"({"ph":"X",)" + rest + R"(,"args":)" + args + "}";
    return "{\"traceEvents\":[" + event + "]}";
}

} // namespace

class TestNewestMergedTrace : public QObject
{
    Q_OBJECT

private slots:
    void lifecycleAndSchedulerGroups();
    void schedulerProcessNames_data();
    void schedulerProcessNames();
    void schedulerDurationKept();
    void runEpochsOfTheFixture();
    void runEpochValues_data();
    void runEpochValues();
    void runEpochOfBeginEndAndInstants();
    void placementMetadata();
    void timelineWarnings_data();
    void timelineWarnings();
};

void TestNewestMergedTrace::lifecycleAndSchedulerGroups()
{
    const TraceRead r = readTraceFixture(QStringLiteral("merged_swimlane_newest.json"));
    QVERIFY2(r.ok, qPrintable(r.error.toString()));
    const Capture &c = *r.capture;
    QVERIFY(!c.info.partial);
    QCOMPARE(c.info.traceBaseUs, 99.0);
    // pid 6 has no process_sort_index, so it sorts before the indexed processes 2, 3, 4.
    QCOMPARE(traceLaneTitles(c),
             QStringList({"AICPU Lifecycle/AICPU Thread 0", "AICPU Lifecycle/AICPU Thread 1",
                          "AICore Scheduler/Scheduler_0", "AICore Scheduler/Scheduler_1",
                          "Scheduler View/AIC_0", "Worker View/AIC_0"}));
    const Lane &leader = c.lanes[0];
    QCOMPARE(traceSliceNames(c, leader),
             QStringList({"handshake_partition", "topology_config", "context_publish", "bootstrap_wait",
                          "register_release", "exit_signal", "exit_wait"}));
    QCOMPARE(leader.laneSource, 6);
    QCOMPARE(traceSliceNames(c, c.lanes[1]),
             QStringList({"handshake_partition", "bootstrap_wait", "exit_wait"}));

    const Lane &sched = c.lanes[std::size_t(traceLaneIndex(c, "AICore Scheduler", "Scheduler_0"))];
    QCOMPARE(traceSliceNames(c, sched), QStringList({"bootstrap", "StateProbe(t0)", "Dispatch(t0)",
                                                     "Completion(t0)", "Dispatch(t0)", "Completion(t0)"}));
    QCOMPARE(sched.laneSource, 2);
    QCOMPARE(c.counters.size(), std::size_t(3));
    QCOMPARE(c.counters[0].group, QStringLiteral("AICore Scheduler"));
    QCOMPARE(c.counters[0].name, QStringLiteral("shared_ready_queue"));

    QCOMPARE(c.flows.size(), std::size_t(1));
    QCOMPARE(c.flows[0].fromLane, std::uint32_t(traceLaneIndex(c, "AICore Scheduler", "Scheduler_0")));
    QCOMPARE(c.flows[0].toLane, std::uint32_t(traceLaneIndex(c, "Worker View", "AIC_0")));
}

// pid 2 is "AICore Scheduler" when every producer is aicore, else "AICPU Scheduler" (§7): both, and
// any other name, become the group of the scheduler lanes and of the ready-queue counter.
void TestNewestMergedTrace::schedulerProcessNames_data()
{
    QTest::addColumn<QByteArray>("processName");
    QTest::newRow("aicore producer") << QByteArray("AICore Scheduler");
    QTest::newRow("aicpu producer") << QByteArray("AICPU Scheduler");
}

void TestNewestMergedTrace::schedulerProcessNames()
{
    QFETCH(QByteArray, processName);
    const QByteArray json = R"({"traceEvents":[
        {"name":"process_name","ph":"M","pid":2,"args":{"name":")" +
                            processName + R"js("}},
        {"name":"thread_name","ph":"M","pid":2,"tid":30000,"args":{"name":"Scheduler_3"}},
        {"name":"Dispatch(t1)","ph":"X","pid":2,"tid":30000,"ts":1,"dur":1,"args":{"phase":"dispatch","run_epoch":1}},
        {"name":"shared_ready_queue","ph":"C","pid":2,"tid":3999,"ts":2,"args":{"AIC":1}}]})js";
    const TraceRead r = readTraceBytes(json);
    QVERIFY(r.ok);
    QCOMPARE(traceLaneTitles(*r.capture),
             QStringList({QString::fromUtf8(processName) + QStringLiteral("/Scheduler_3")}));
    QCOMPARE(r.capture->counters.size(), std::size_t(1));
    QCOMPARE(r.capture->counters[0].group, QString::fromUtf8(processName));
}

void TestNewestMergedTrace::schedulerDurationKept()
{
    const TraceRead r = readTraceFixture(QStringLiteral("merged_swimlane_newest.json"));
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    const Lane &view = c.lanes[std::size_t(traceLaneIndex(c, "Scheduler View", "AIC_0"))];
    QCOMPARE(view.slices.size(), std::size_t(2));
    QList<double> kept;
    for (const Slice &s : view.slices) {
        const auto args = detailArgs(c, s.ref);
        QCOMPARE(args.size(), std::size_t(1));
        QCOMPARE(c.strings.at(args[0].key), QStringLiteral("scheduler-duration-us"));
        kept << args[0].value;
    }
    QCOMPARE(kept, QList<double>({5.0, 5.5}));
    // Args the details do not show (duration-us, taskId …) are not kept.
    const Lane &worker = c.lanes[std::size_t(traceLaneIndex(c, "Worker View", "AIC_0"))];
    for (const Slice &s : worker.slices)
        QVERIFY(detailArgs(c, s.ref).empty());
    // Besides those two, only the runs of the slices stamped with one (11 of the fixture's).
    const auto runs =
        std::count_if(c.traceSliceArgs.begin(), c.traceSliceArgs.end(), [&c](const TraceSliceArg &a) {
            return c.strings.at(a.key) == QLatin1String("run_epoch");
        });
    QCOMPARE(c.traceSliceArgs.size(), std::size_t(2 + runs));
    QCOMPARE(runs, 11);
}

void TestNewestMergedTrace::runEpochsOfTheFixture()
{
    const TraceRead r = readTraceFixture(QStringLiteral("merged_swimlane_newest.json"));
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.info.trace.runEpochs, std::vector<std::uint32_t>({1, 2}));
    QVERIFY(hasTraceWarning(c, QStringLiteral("trace holds events of 2 run epochs (1, 2); shown together")));
    QCOMPARE(epochs(c, c.lanes[std::size_t(traceLaneIndex(c, "Worker View", "AIC_0"))]),
             QList<std::uint32_t>({1, 2}));
    QCOMPARE(epochs(c, c.lanes[std::size_t(traceLaneIndex(c, "Scheduler View", "AIC_0"))]),
             QList<std::uint32_t>({1, 2}));
    QCOMPARE(epochs(c, c.lanes[std::size_t(traceLaneIndex(c, "AICore Scheduler", "Scheduler_0"))]),
             QList<std::uint32_t>({1, 1, 1, 1, 2, 2}));
    // Lifecycle records carry no epoch.
    QCOMPARE(epochs(c, c.lanes[0]), QList<std::uint32_t>(7, 0));
}

void TestNewestMergedTrace::runEpochValues_data()
{
    QTest::addColumn<QByteArray>("args");
    QTest::addColumn<bool>("argsFirst");
    QTest::addColumn<uint>("epoch");
    QTest::addColumn<bool>("rejected");
    QTest::newRow("integer") << QByteArray(R"({"run_epoch":3})") << false << 3u << false;
    QTest::newRow("integral float") << QByteArray(R"({"run_epoch":3.0})") << false << 3u << false;
    QTest::newRow("numeric text") << QByteArray(R"({"run_epoch":"4"})") << false << 4u << false;
    QTest::newRow("args before ph") << QByteArray(R"({"x":[1],"run_epoch":5})") << true << 5u << false;
    QTest::newRow("among other args")
        << QByteArray(R"({"phase":"dispatch","loop_iter":2,"run_epoch":6})") << false << 6u << false;
    QTest::newRow("duplicate: last wins")
        << QByteArray(R"({"run_epoch":1,"run_epoch":2})") << false << 2u << false;
    QTest::newRow("largest") << QByteArray(R"({"run_epoch":4294967295})") << false << 4294967295u << false;
    QTest::newRow("absent") << QByteArray(R"({"phase":"dispatch"})") << false << 0u << false;
    QTest::newRow("zero is no run") << QByteArray(R"({"run_epoch":0})") << false << 0u << true;
    QTest::newRow("negative") << QByteArray(R"({"run_epoch":-2})") << false << 0u << true;
    QTest::newRow("fraction") << QByteArray(R"({"run_epoch":1.5})") << false << 0u << true;
    QTest::newRow("beyond 32 bits") << QByteArray(R"({"run_epoch":4294967296})") << false << 0u << true;
    QTest::newRow("bool") << QByteArray(R"({"run_epoch":true})") << false << 0u << true;
    QTest::newRow("null") << QByteArray(R"({"run_epoch":null})") << false << 0u << true;
    QTest::newRow("text") << QByteArray(R"({"run_epoch":"first"})") << false << 0u << true;
    QTest::newRow("object") << QByteArray(R"({"run_epoch":{"v":1}})") << false << 0u << true;
}

void TestNewestMergedTrace::runEpochValues()
{
    QFETCH(QByteArray, args);
    QFETCH(bool, argsFirst);
    QFETCH(uint, epoch);
    QFETCH(bool, rejected);
    const TraceRead r = readTraceBytes(oneSlice(args, argsFirst));
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.lanes.size(), std::size_t(1));
    QCOMPARE(c.lanes[0].slices.size(), std::size_t(1));
    QCOMPARE(traceRunEpochOf(c.traceSliceArgs, c.strings, c.lanes[0].slices[0].ref), std::uint32_t(epoch));
    QCOMPARE(c.info.trace.runEpochs,
             epoch ? std::vector<std::uint32_t>{epoch} : std::vector<std::uint32_t>{});
    QCOMPARE(hasTraceWarning(
                 c, QStringLiteral("1 event(s) with an args.run_epoch that is not a positive integer")),
             rejected);
    QVERIFY(!hasTraceWarning(c, QStringLiteral("run epochs")));
}

void TestNewestMergedTrace::runEpochOfBeginEndAndInstants()
{
    const TraceRead r = readTraceBytes(R"({"traceEvents":[
        {"name":"b","ph":"B","pid":1,"tid":1,"ts":1,"args":{"run_epoch":3}},
        {"ph":"E","pid":1,"tid":1,"ts":4,"args":{"run_epoch":9}},
        {"name":"open","ph":"B","pid":1,"tid":1,"ts":5,"args":{"run_epoch":4}},
        {"name":"i","ph":"i","pid":1,"tid":2,"ts":2,"args":{"run_epoch":5}},
        {"name":"async","cat":"c","ph":"b","id":1,"pid":1,"ts":2,"args":{"run_epoch":6}},
        {"name":"async","cat":"c","ph":"e","id":1,"pid":1,"ts":3}]})");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QList<std::uint32_t> all;
    for (const Lane &l : c.lanes)
        all << epochs(c, l);
    std::sort(all.begin(), all.end());
    // The end's epoch is not the slice's: a slice belongs to the run its begin was stamped with.
    QCOMPARE(all, QList<std::uint32_t>({3, 4, 5, 6}));
    QCOMPARE(c.info.trace.runEpochs, std::vector<std::uint32_t>({3, 4, 5, 6}));
}

void TestNewestMergedTrace::placementMetadata()
{
    const TraceRead r = readTraceFixture(QStringLiteral("merged_swimlane_newest.json"));
    QVERIFY(r.ok);
    const CaptureInfo &info = r.capture->info;
    QCOMPARE(info.runtime, QStringLiteral("host_build_graph"));
    QCOMPARE(info.trace.layout, QStringLiteral("containment_spliced"));
    QCOMPARE(info.trace.traceStatus, QStringLiteral("dropped"));
    QCOMPARE(info.trace.crossDomainLatencyAvailable, std::optional<bool>(false));
    QVERIFY(!info.trace.crossRankUncertaintyNs);
    QCOMPARE(info.trace.placements.size(), std::size_t(1));
    QCOMPARE(info.trace.placements[0].method, QStringLiteral("span_containment_v1"));
    QCOMPARE(info.trace.placements[0].slackNs, std::optional<std::int64_t>(1500));
    QVERIFY(!info.trace.placements[0].rank);
    QVERIFY(info.trace.ranks.empty());
    QVERIFY(hasTraceWarning(*r.capture, QStringLiteral("cross-domain latency is not available")));
    QVERIFY(hasTraceWarning(*r.capture, QStringLiteral("trace_status \"dropped\"")));
    QVERIFY(hasTraceWarning(*r.capture, QStringLiteral("it may lie up to 1500 ns later")));
    QCOMPARE(info.warnings.size(), 4); // the three above and the run epochs
}

void TestNewestMergedTrace::timelineWarnings_data()
{
    QTest::addColumn<QByteArray>("member");
    QTest::addColumn<QStringList>("fragments");
    const QByteArray placed =
        R"("layout":"containment_spliced","trace_status":"complete","cross_domain_latency_available":true)";
    QTest::newRow("placed, complete") << QByteArray(R"("metadata":{)" + placed + "}") << QStringList();
    QTest::newRow("timeline_metadata key")
        << QByteArray(R"("timeline_metadata":{"layout":"device_relative"})")
        << QStringList({"layout device_relative"});
    QTest::newRow("causal composite")
        << QByteArray(R"("metadata":{"layout":"causal_composite","cross_domain_gap_unknown":true,)"
                      R"("cross_domain_latency_available":false,"logical_seam_us":3.5})")
        << QStringList({"layout causal_composite"});
    QTest::newRow("placed, latency unknown")
        << QByteArray(R"("metadata":{"layout":"containment_spliced","cross_domain_latency_available":false})")
        << QStringList({"cross-domain latency is not available"});
    QTest::newRow("incomplete host capture") << QByteArray(R"("metadata":{"trace_status":"incomplete"})")
                                             << QStringList({"trace_status \"incomplete\""});
    QTest::newRow("no host records") << QByteArray(R"("metadata":{"host_records_missing":true})")
                                     << QStringList({"no Host records"});
    QTest::newRow("unknown layout") << QByteArray(R"("metadata":{"layout":"spliced_v2"})")
                                    << QStringList({"unknown layout \"spliced_v2\""});
    QTest::newRow("slack") << QByteArray(R"("metadata":{)" + placed +
                                         R"(,"placement":{"method":"span_containment_v1","slack_ns":249.5}})")
                           << QStringList({"up to 250 ns later"});
    QTest::newRow("no slack") << QByteArray(R"("metadata":{)" + placed + R"(,"placement":{"slack_ns":0}})")
                              << QStringList();
    QTest::newRow("wrong types ignored")
        << QByteArray(
               R"("metadata":{"layout":7,"trace_status":[1],"cross_domain_latency_available":"no","placement":"x",)"
               R"("ranks":{"a":1},"cross_rank_uncertainty_ns":"9"})")
        << QStringList();
    QTest::newRow("other producer's metadata")
        << QByteArray(R"("metadata":{"clock-domain":"MONO","trace-config":{"a":[1,2]}})") << QStringList();
}

void TestNewestMergedTrace::timelineWarnings()
{
    QFETCH(QByteArray, member);
    QFETCH(QStringList, fragments);
    for (const bool metadataFirst : {true, false}) {
        const QByteArray events = R"("traceEvents":[{"name":"a","ph":"X","pid":1,"tid":1,"ts":1,"dur":2}])";
        const QByteArray json = "{" + (metadataFirst ? member + "," + events : events + "," + member) + "}";
        const TraceRead r = readTraceBytes(json);
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.capture->info.warnings.size(), fragments.size());
        for (const QString &f : fragments)
            QVERIFY2(hasTraceWarning(*r.capture, f),
                     qPrintable(r.capture->info.warnings.join(QStringLiteral(" | "))));
    }
}

LANESCOPE_TEST_GUILESS_MAIN(TestNewestMergedTrace)
#include "tst_newestmergedtrace.moc"
