#include "model/capture/lanebuilder.h"
#include "model/capture/slicelabel.h"
#include "model/capture/workercores.h"
#include "model/io/records/recordsreader.h"
#include "testmain.h"

using namespace lanescope;

namespace {

TaskRow row(std::uint64_t task, int core, double recv, double start, double end, double disp, double fin,
            int func)
{
    TaskRow r;
    r.taskId = task;
    r.coreId = core;
    r.coreType = core == 0 ? CoreType::Aic : CoreType::Aiv;
    r.receiveUs = recv;
    r.startUs = start;
    r.endUs = end;
    r.dispatchUs = disp;
    r.finishUs = fin;
    r.funcId = func;
    r.flags = TaskRow::HasReceive | (disp > 0 || fin > 0 ? TaskRow::HasAicpu : 0);
    return r;
}

PhaseRecord phase(Capture &c, const char *kind, double start, double end, std::uint32_t n = 1)
{
    PhaseRecord p;
    p.kind = std::uint16_t(c.phaseKinds.intern(QString::fromLatin1(kind)));
    p.startUs = start;
    p.endUs = end;
    p.tasksProcessed = n;
    p.flags = PhaseRecord::HasTasksProcessed;
    return p;
}

PhaseRecord withTask(PhaseRecord p, std::uint64_t task)
{
    p.taskId = task;
    p.flags |= PhaseRecord::HasTaskId;
    return p;
}

// A level-4 capture: 2 cores (AIC_0, AIV_1), one scheduler thread, one orchestrator.
Capture levelFour()
{
    Capture c;
    c.info.level = 4;
    c.info.coreTypes = {CoreType::Aic, CoreType::Aiv};
    c.info.coreToThread = {0, 0};
    c.rows = {row(1, 0, 1.0, 1.5, 5.0, 0.5, 6.0, 0), row(2, 1, 2.0, 2.2, 4.0, 1.8, 4.5, 1),
              row(3, 1, 3.0, 3.1, 7.0, 2.9, 7.5, 1)}; // rows 1 and 2 overlap on core 1: dual issue
    c.names.names = {{0, QStringLiteral("qk")}};
    PhaseLane sched;
    sched.push_back(phase(c, "dispatch", 0.4, 0.6, 2));
    sched.push_back(phase(c, "drain", 0.7, 0.9));
    sched.push_back(phase(c, "drain_prepare", 0.72, 0.8));
    sched.push_back(phase(c, "complete", 4.6, 5.0, 1));
    sched.push_back(phase(c, "resolve", 4.7, 4.8, 3));
    sched.push_back(withTask(phase(c, "dummy_task", 5.1, 5.1), 7));
    sched.push_back(withTask(phase(c, "predicated_skip", 5.2, 5.3), 8));
    c.schedulerThreads = {sched, {}, {}, {}};
    PhaseLane orch;
    orch.push_back(withTask(phase(c, "orch_submit", 0.0, 0.3), 9)); // alloc: no rows, no marker
    orch.push_back(withTask(phase(c, "orch_submit", 0.3, 0.4), 1));
    orch.push_back(withTask(phase(c, "orch_submit", 0.4, 0.45), 7)); // dummy: has a dummy_task marker
    c.orchestratorLanes = {orch};
    return c;
}

const Lane *findLane(const Capture &c, const QString &group, const QString &name)
{
    for (const Lane &l : c.lanes)
        if (l.group == group && l.name == name)
            return &l;
    return nullptr;
}

Capture readFixture(const QString &name)
{
    Capture c;
    ReadError error;
    auto source = ByteSource::open(QStringLiteral(LANESCOPE_FIXTURES "/records/") + name, &error);
    if (!source || !readRecords(*source, c, &error))
        qFatal("cannot read fixture %s", qPrintable(name));
    buildLanes(c);
    return c;
}

QStringList labelsOf(const Capture &c, const Lane &lane)
{
    QStringList labels;
    for (const Slice &s : lane.slices)
        labels << sliceLabel(c, lane, s);
    return labels;
}

SchedulerStream stream(const char *producer, std::optional<std::int64_t> schedulerId,
                       std::optional<std::int64_t> workerId)
{
    SchedulerStream s;
    s.producer = QString::fromLatin1(producer);
    s.schedulerId = schedulerId;
    s.workerId = workerId;
    return s;
}

} // namespace

class TestLaneBuilder : public QObject
{
    Q_OBJECT

private slots:
    void groupsInDisplayOrder()
    {
        Capture c = levelFour();
        buildLanes(c);
        QStringList order;
        for (const Lane &l : c.lanes)
            order << l.group + QLatin1Char('/') + l.name;
        QCOMPARE(order, QStringList({"Orchestrator/Orch_0", "AICPU Scheduler/Sched_0",
                                     "AICPU Scheduler/Sched_0 resolve", "Scheduler View/AIC_0",
                                     "Scheduler View/AIV_1", "AICore/AIC_0", "AICore/AIV_1", "AICore/AICPU_0",
                                     "AICore/AICPU_1"}));
    }

    // Core lanes come in ascending core id, ids a damaged file writes (negative, far beyond any
    // real core) included, each with its own rows and its Scheduler View bars.
    void coreLanesAscendByCoreId()
    {
        Capture c;
        c.info.level = 4;
        c.rows = {row(1, 70000, 1, 1, 2, 0.5, 3, -1), row(2, 3, 1, 1, 2, 0, 0, -1),
                  row(3, -5, 1, 1, 2, 0.5, 3, -1), row(4, 3, 2, 2, 3, 1.5, 4, -1),
                  row(5, 65535, 1, 1, 2, 0.5, 3, -1)};
        buildLanes(c);
        QStringList workers, views;
        for (const Lane &l : c.lanes) {
            const QString entry = QStringLiteral("%1:%2").arg(l.laneSource).arg(l.slices.size());
            if (l.kind == LaneKind::Worker)
                workers << entry;
            else if (l.kind == LaneKind::SchedulerView)
                views << entry;
        }
        QCOMPARE(workers, QStringList({"-5:1", "3:2", "65535:1", "70000:1"}));
        QCOMPARE(views, QStringList({"-5:1", "3:1", "65535:1", "70000:1"})); // row 2 has no AICPU times
    }

    void workerBarsStartAtReceiveAndUseSubLanes()
    {
        Capture c = levelFour();
        buildLanes(c);
        const Lane *aiv = findLane(c, groups::aicore, "AIV_1");
        QVERIFY(aiv);
        QCOMPARE(aiv->slices.size(), std::size_t(2));
        QCOMPARE(aiv->slices[0].startUs, 2.0); // receive, not start (§7.3)
        QCOMPARE(aiv->slices[0].endUs, 4.0);
        QCOMPARE(int(aiv->slices[0].depth), 0);
        QCOMPARE(int(aiv->slices[1].depth), 1); // overlaps the first: pipelined dual issue
        QCOMPARE(int(aiv->maxDepth), 1);
        const Lane *view = findLane(c, groups::schedulerView, "AIC_0");
        QVERIFY(view);
        QCOMPARE(view->slices[0].startUs, 0.5); // dispatch
        QCOMPARE(view->slices[0].endUs, 6.0);   // finish
    }

    void schedulerPhasesNestAndMarkersMove()
    {
        Capture c = levelFour();
        buildLanes(c);
        const Lane *sched = findLane(c, groups::scheduler, "Sched_0");
        QVERIFY(sched);
        QCOMPARE(sched->slices.size(), std::size_t(4)); // dispatch, drain, drain_prepare, complete
        QCOMPARE(int(sched->slices[2].depth), 1);       // drain_prepare nests in drain
        QCOMPARE(sliceLabel(c, *sched, sched->slices[0]), QStringLiteral("dispatch(2)"));
        const Lane *resolve = findLane(c, groups::scheduler, "Sched_0 resolve");
        QVERIFY(resolve);
        QCOMPARE(resolve->slices.size(), std::size_t(1));
        const Lane *markers = findLane(c, groups::aicore, "AICPU_0");
        QVERIFY(markers);
        QCOMPARE(markers->slices.size(), std::size_t(2));
        QCOMPARE(markers->slices[0].endUs - markers->slices[0].startUs, 0.02); // zero-length marker widened
        QCOMPARE(sliceLabel(c, *markers, markers->slices[0]), QStringLiteral("dummy(r0t7)"));
        QCOMPARE(sliceLabel(c, *markers, markers->slices[1]), QStringLiteral("task(r0t8)"));
    }

    void aicoreSchedulerStreamsHaveTheirOwnGroup()
    {
        // Supplement §7: only AICore producers -> "AICore Scheduler"; Scheduler_<worker_id>, falling
        // back to scheduler_id; no resolve sub-lane; legacy ready_claim not drawn.
        const Capture c = readFixture("aicore_scheduler_streams.json");
        QCOMPARE(schedulerGroupOf(c), groups::aicoreScheduler);
        const Lane *withWorker = findLane(c, groups::aicoreScheduler, "Scheduler_4");
        const Lane *withoutWorker = findLane(c, groups::aicoreScheduler, "Scheduler_0");
        QVERIFY(withWorker && withoutWorker);
        QCOMPARE(labelsOf(c, *withWorker), (QStringList{"bootstrap", "StateProbe(t23)", "Dispatch(t23)",
                                                        "idle", "Completion(t23)", "mystery_step"}));
        QCOMPARE(labelsOf(c, *withoutWorker), (QStringList{"Worksteal(t24)", "Resolve(t24)"}));
        for (const Lane &l : c.lanes) {
            QVERIFY2(l.group != groups::scheduler, qPrintable(l.name));
            QVERIFY2(!l.name.endsWith(QLatin1String("resolve")), qPrintable(l.name));
        }
    }

    void a5CoreLanesSayTheirIdIsAWorkerId_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<QString>("lane");
        QTest::addColumn<QString>("detail");
        // a5_worker_ids.json (supplement §7 "Worker View"): rows on cores 1, 3 and 5 are workers. The
        // stream of worker 3 ran on physical core 17 and the stream of worker 5 on physical core 3; the
        // stream with scheduler_id 1 and physical core 1 names no worker, so nothing is known of
        // worker 1's physical core. Neither scheduler_id nor physical_core_id picks a lane's stream.
        for (const QString &group : {groups::aicore, groups::schedulerView}) {
            QTest::addRow("%s AIV_1", qPrintable(group)) << group << "AIV_1"
                                                         << "worker 1 · physical core unknown";
            QTest::addRow("%s AIC_3", qPrintable(group)) << group << "AIC_3"
                                                         << "worker 3 · physical core 17";
            QTest::addRow("%s AIV_5", qPrintable(group)) << group << "AIV_5"
                                                         << "worker 5 · physical core 3";
        }
        QTest::newRow("stream of worker 3") << groups::aicoreScheduler << "Scheduler_3"
                                            << "worker 3 · physical core 17 · scheduler 0";
        QTest::newRow("stream without a worker id") << groups::aicoreScheduler << "Scheduler_1"
                                                    << "scheduler 1 · physical core 1 · no worker_id";
        QTest::newRow("stream of worker 5") << groups::aicoreScheduler << "Scheduler_5"
                                            << "worker 5 · physical core 3 · scheduler 3";
    }
    void a5CoreLanesSayTheirIdIsAWorkerId()
    {
        QFETCH(QString, group);
        QFETCH(QString, lane);
        QFETCH(QString, detail);
        const Capture c = readFixture("a5_worker_ids.json");
        QVERIFY(coreIdsAreWorkerIds(c));
        const Lane *l = findLane(c, group, lane);
        QVERIFY2(l, qPrintable(lane));
        QCOMPARE(l->detail, detail);
    }

    void workerStreamsMatchOnWorkerIdOnly()
    {
        const Capture c = readFixture("a5_worker_ids.json");
        // Slot 2 is an empty gap of the placement, whose worker id is made up from its slot.
        QVERIFY(c.schedulerStreams.size() == 4 && c.schedulerStreams[2].gap);
        QCOMPARE(streamOfWorker(c, 3), &c.schedulerStreams[0]);
        QCOMPARE(streamOfWorker(c, 5), &c.schedulerStreams[3]);
        QCOMPARE(streamOfWorker(c, 1), nullptr); // scheduler_id 1 and physical core 1 are no worker id
        QCOMPARE(streamOfWorker(c, 2), nullptr);
        QCOMPARE(streamOfWorker(c, 17), nullptr); // a physical core id
    }

    void aicpuCoreLanesHaveNoWorkerDetail()
    {
        // AICPU schedulers: core ids are the cores', even when the streams carry worker ids.
        const Capture c = readFixture("resolution_thread_queue.json");
        QVERIFY(!coreIdsAreWorkerIds(c));
        QVERIFY(findLane(c, groups::aicore, "AIC_0"));
        for (const Lane &l : c.lanes)
            QVERIFY2(l.detail.isEmpty(), qPrintable(l.name + QLatin1String(": ") + l.detail));
    }

    void schedulerGroup_data()
    {
        QTest::addColumn<QStringList>("producers");
        QTest::addColumn<QString>("group");
        QTest::newRow("aicore only") << QStringList{"aicore", "aicore"} << groups::aicoreScheduler;
        QTest::newRow("aicore and unnamed") << QStringList{"aicore", ""} << groups::aicoreScheduler;
        QTest::newRow("aicpu only") << QStringList{"aicpu"} << groups::scheduler;
        QTest::newRow("mixed") << QStringList{"aicore", "aicpu"} << groups::scheduler;
        QTest::newRow("unnamed only") << QStringList{""} << groups::scheduler;
        QTest::newRow("no streams") << QStringList{} << groups::scheduler;
    }
    void schedulerGroup()
    {
        QFETCH(QStringList, producers);
        QFETCH(QString, group);
        Capture c;
        c.info.level = 3;
        for (const QString &p : producers) {
            c.schedulerStreams.push_back(stream(qPrintable(p), 0, std::nullopt));
            c.schedulerThreads.push_back({phase(c, "dispatch", 0, 1)});
        }
        QCOMPARE(schedulerGroupOf(c), group);
        buildLanes(c);
        for (const Lane &l : c.lanes)
            QCOMPARE(l.group, group);
    }

    void mixedProducersStayInTheAicpuGroup()
    {
        Capture c;
        c.info.level = 3;
        c.schedulerStreams = {stream("aicore", 0, 7), stream("aicpu", 1, std::nullopt)};
        c.schedulerThreads = {{withTask(phase(c, "complete", 0, 1), 5), phase(c, "resolve", 0.2, 0.3)},
                              {phase(c, "complete", 0, 1, 2), phase(c, "resolve", 0.2, 0.3, 4)}};
        buildLanes(c);
        const Lane *aicore = findLane(c, groups::scheduler, "Scheduler_7");
        QVERIFY(aicore);
        QCOMPARE(labelsOf(c, *aicore), (QStringList{"Completion(r0t5)", "Resolve"}));
        const Lane *aicpu = findLane(c, groups::scheduler, "Sched_1");
        const Lane *resolve = findLane(c, groups::scheduler, "Sched_1 resolve");
        QVERIFY(aicpu && resolve);
        QCOMPARE(labelsOf(c, *aicpu), (QStringList{"complete(2)"}));
        QCOMPARE(labelsOf(c, *resolve), (QStringList{"resolve(4)"}));
    }

    void lifecycleLanesPerAicpuThread()
    {
        const Capture c = readFixture("aicpu_lifecycle.json");
        const Lane *leader = findLane(c, groups::lifecycle, "AICPU Thread 0");
        const Lane *follower = findLane(c, groups::lifecycle, "AICPU Thread 3");
        const Lane *byIndex = findLane(c, groups::lifecycle, "AICPU Thread 2");
        QVERIFY(leader && follower && byIndex);
        QCOMPARE(leader->kind, LaneKind::AicpuLifecycle);
        QCOMPARE(labelsOf(c, *leader),
                 (QStringList{"handshake_partition", "topology_config", "context_publish", "bootstrap_wait",
                              "register_release", "exit_signal", "exit_wait"}));
        QCOMPARE(labelsOf(c, *follower),
                 (QStringList{"handshake_partition", "register_release", "exit_signal"}));
        QVERIFY(follower->slices[1].flags & Slice::Instant); // end == start
        QCOMPARE(leader->slices[6].startUs, 0.52);
        QCOMPARE(leader->slices[6].endUs, 0.6);
        QCOMPARE(c.phaseKinds.at(leader->slices[3].label), QStringLiteral("bootstrap_wait"));
        // The lifecycle group comes last, its lanes ordered by thread.
        QCOMPARE(c.lanes.back().name, QStringLiteral("AICPU Thread 3"));
        QCOMPARE(c.lanes[c.lanes.size() - 2].name, QStringLiteral("AICPU Thread 2"));
    }

    void hbgTaskIdFormats_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("layout");
        QTest::addColumn<QStringList>("labels");
        // Supplement §8: the ids decide the layout of a host_build_graph capture.
        QTest::newRow("old IN_GRAPH") << "hbg_old_in_graph_ids.json" << int(TaskIdFormat::HbgInGraph)
                                      << QStringList{"task(t5)", "task(g3t17)"};
        QTest::newRow("new SUB_TASK") << "hbg_new_sub_task_ids.json" << int(TaskIdFormat::HbgSubTask)
                                      << QStringList{"task(t12)", "task(g4t2)", "task(p6)"};
        QTest::newRow("TMR ring 0") << "level3_bootstrap_idle.json" << int(TaskIdFormat::RingLocal)
                                    << QStringList{"task(r0t5)"};
    }
    void hbgTaskIdFormats()
    {
        QFETCH(QString, file);
        QFETCH(int, layout);
        QFETCH(QStringList, labels);
        const Capture c = readFixture(file);
        QCOMPARE(int(c.info.taskIdFormat), layout);
        const Lane *core = findLane(c, groups::aicore, "AIV_0");
        QVERIFY(core);
        QCOMPARE(labelsOf(c, *core), labels);
    }

    void allocBarsFromRuntimeEvidenceWithoutDeps()
    {
        Capture c = levelFour();
        buildLanes(c);
        // Orchestrator lane o is drawn as AICPU_<thread count + o>; only task 9 is an alloc.
        const Lane *allocs = findLane(c, groups::aicore, "AICPU_1");
        QVERIFY(allocs);
        QCOMPARE(allocs->slices.size(), std::size_t(1));
        QCOMPARE(sliceLabel(c, *allocs, allocs->slices[0]), QStringLiteral("alloc(r0t9)"));
        const Lane *orch = findLane(c, groups::orchestrator, "Orch_0");
        QCOMPARE(sliceLabel(c, *orch, orch->slices[1]), QStringLiteral("submit(r0t1)"));
    }

    void allocBarsFromDepsWhenPresent()
    {
        Capture c = levelFour();
        // deps.json lists task 9 as a real task: then it is not an alloc, whatever the runtime shows.
        std::vector<DepNode> nodes;
        for (std::uint64_t id : {1, 2, 3, 7, 8, 9})
            nodes.push_back(DepNode{id, {0, -1, -1}, 1, DepNode::InTasks | DepNode::HasKernelIds});
        c.deps.build(nodes, {{9, 1}, {42, 1}}); // 42: referenced only by an edge => alloc
        PhaseLane &orch = c.orchestratorLanes[0];
        orch.push_back(withTask(phase(c, "orch_submit", 0.5, 0.55), 42));
        buildLanes(c);
        const Lane *allocs = findLane(c, groups::aicore, "AICPU_1");
        QVERIFY(allocs);
        QCOMPARE(allocs->slices.size(), std::size_t(1));
        QCOMPARE(sliceLabel(c, *allocs, allocs->slices[0]), QStringLiteral("alloc(r0t42)"));
    }

    void v1DepsCannotNameAllocs()
    {
        // A v1 deps.json has edge pairs only: every node looks "absent from tasks[]", so the
        // runtime evidence must decide (task 9 has no rows and no marker => alloc; task 1 has rows).
        Capture c = levelFour();
        c.deps.build({}, {{9, 1}, {1, 2}});
        QVERIFY(!c.deps.hasTaskList());
        buildLanes(c);
        const Lane *allocs = findLane(c, groups::aicore, "AICPU_1");
        QVERIFY(allocs);
        QCOMPARE(allocs->slices.size(), std::size_t(1));
        QCOMPARE(sliceLabel(c, *allocs, allocs->slices[0]), QStringLiteral("alloc(r0t9)"));
    }

    void levelOneHasOnlyAicore()
    {
        Capture c;
        c.info.level = 1;
        c.info.coreTypes = {CoreType::Aic};
        TaskRow r = row(5, 0, 1, 2, 3, 0, 0, -1);
        r.flags = TaskRow::HasReceive;
        c.rows = {r};
        buildLanes(c);
        QCOMPARE(c.lanes.size(), std::size_t(1));
        QCOMPARE(c.lanes[0].group, groups::aicore);
        QCOMPARE(sliceLabel(c, c.lanes[0], c.lanes[0].slices[0]), QStringLiteral("task(r0t5)"));
        QVERIFY(c.counters.empty());
    }

    void barsAreColouredByFunction_data()
    {
        QTest::addColumn<int>("func");
        QTest::addColumn<uint>("key");
        QTest::newRow("no function") << -1 << 0u;
        QTest::newRow("function 0") << 0 << 1u;
        QTest::newRow("function 41") << 41 << 42u;
        QTest::newRow("the last a slice keeps") << int(Slice::kLabelLimit) - 2 << Slice::kLabelLimit - 1;
        // Past it, keys fold onto the others, never onto "no function".
        QTest::newRow("one past") << int(Slice::kLabelLimit) - 1 << 1u;
        QTest::newRow("far past") << int(Slice::kLabelLimit) + 40 << 42u;
    }
    void barsAreColouredByFunction()
    {
        QFETCH(int, func);
        QFETCH(uint, key);
        Capture c;
        c.info.coreTypes = {CoreType::Aic};
        c.rows.push_back(row(7, 0, 1, 2, 3, 0.5, 4, func));
        buildLanes(c);
        const Lane *aic = findLane(c, groups::aicore, "AIC_0");
        const Lane *view = findLane(c, groups::schedulerView, "AIC_0");
        QVERIFY(aic && view);
        QCOMPARE(std::uint32_t(aic->slices[0].label), key);
        QCOMPARE(std::uint32_t(view->slices[0].label), key);
    }

    void readyQueueCounter()
    {
        Capture c = levelFour();
        PhaseRecord &d = c.schedulerThreads[0][0];
        d.flags |= PhaseRecord::HasSharedDepth;
        d.sharedAtEnd[0] = 3;
        d.sharedAtEnd[2] = 1;
        buildLanes(c);
        QCOMPARE(c.counters.size(), std::size_t(3));
        QCOMPARE(c.counters[0].series, QStringLiteral("AIC"));
        QCOMPARE(c.counters[0].timesUs, std::vector<double>{0.6}); // sampled at the record's end (§7.4)
        QCOMPARE(c.counters[0].values, std::vector<double>{3});
        QCOMPARE(c.counters[2].values, std::vector<double>{1});
    }

    void resolutionThreadsFeedTheQueueCounter_data()
    {
        QTest::addColumn<int>("sample");
        QTest::addColumn<double>("timeUs");
        QTest::addColumn<double>("aic");
        QTest::addColumn<double>("aiv");
        QTest::addColumn<double>("mix");
        // resolution_thread_queue.json (1 GHz, base 1000 cycles). Thread 0 schedules (cores map to it)
        // and thread 2 owns core 1 with its only resolve nested in a dummy: both are S, so their
        // resolve/async_poll/dummy depths stay out. Thread 1 owns no core and resolves on its own: P.
        // Left out as well: thread 0's last dispatch (no metrics) and thread 1's last two resolves
        // (a two-entry shared_at_end, no metrics). Samples are shared_at_end at each record's end.
        QTest::newRow("S dispatch") << 0 << 0.2 << 2.0 << 1.0 << 0.0;
        QTest::newRow("S dispatch again") << 1 << 0.5 << 1.0 << 1.0 << 0.0;
        QTest::newRow("S complete") << 2 << 2.3 << 3.0 << 0.0 << 1.0;
        QTest::newRow("P resolve_standalone") << 3 << 2.35 << 4.0 << 0.0 << 1.0;
        QTest::newRow("P async_poll") << 4 << 2.7 << 4.0 << 0.0 << 0.0;
        QTest::newRow("P resolve") << 5 << 2.9 << 2.0 << 0.0 << 0.0;
        QTest::newRow("P dummy") << 6 << 3.4 << 1.0 << 0.0 << 0.0;
    }
    void resolutionThreadsFeedTheQueueCounter()
    {
        QFETCH(int, sample);
        QFETCH(double, timeUs);
        QFETCH(double, aic);
        QFETCH(double, aiv);
        QFETCH(double, mix);
        // Supplement §7 "Queue counter": complete/dispatch records, and resolution-thread
        // resolve/async_poll/dummy records, with valid depths.
        const Capture c = readFixture("resolution_thread_queue.json");
        QCOMPARE(c.counters.size(), std::size_t(3));
        const double values[3] = {aic, aiv, mix};
        for (int k = 0; k < 3; ++k) {
            const CounterTrack &q = c.counters[std::size_t(k)];
            QCOMPARE(q.name, QStringLiteral("Shared ready queue"));
            QCOMPARE(q.group, groups::scheduler);
            QCOMPARE(q.timesUs.size(), std::size_t(7));
            QCOMPARE(q.values.size(), std::size_t(7));
            QCOMPARE(q.timesUs[std::size_t(sample)], timeUs);
            QCOMPARE(q.values[std::size_t(sample)], values[k]);
        }
    }

    void resolveOnASchedulerThreadStaysOffTheCounter()
    {
        // levelFour's one thread schedules: its nested resolve's depths are zero-filled upstream.
        Capture c = levelFour();
        for (PhaseRecord &r : c.schedulerThreads[0]) {
            r.flags |= PhaseRecord::HasSharedDepth;
            r.sharedAtEnd[0] = c.phaseKinds.at(r.kind) == QLatin1String("resolve") ? 9 : 1;
        }
        buildLanes(c);
        QCOMPARE(c.counters.size(), std::size_t(3));
        QCOMPARE(c.counters[0].timesUs, (std::vector<double>{0.6, 5.0})); // dispatch, complete
        QCOMPARE(c.counters[0].values, (std::vector<double>{1, 1}));
    }

    void hostLogLanesOnTheirOwnAxis()
    {
        Capture c;
        HostSpan run;
        run.pid = 10;
        run.tid = 11;
        run.name = QStringLiteral("chip.run");
        run.tsNs = 1'000'000;
        run.durNs = 5'000;
        HostSpan dev = run;
        dev.deviceClock = true;
        dev.depth = 2;
        dev.tsNs = 77;
        dev.name = QStringLiteral("chip.run.runner_run.device_wall");
        c.hostLog.spans = {run, dev};
        buildHostLogLanes(c);
        QCOMPARE(c.lanes.size(), std::size_t(2));
        for (const Lane &l : c.lanes) {
            QCOMPARE(l.group, groups::host);
            QVERIFY(!l.clockAligned);
            QCOMPARE(l.slices[0].startUs, 0.0);
        }
        QCOMPARE(c.lanes[0].slices[0].endUs, 5.0);
        QCOMPARE(sliceLabel(c, c.lanes[1], c.lanes[1].slices[0]),
                 QStringLiteral("chip.run.runner_run.device_wall"));
    }

    // Host lanes are named for people: the main thread (tid = pid), other threads by tid, the
    // clk=dev phases as the converter names them; the pid leads only when the log holds several.
    void hostLaneNames_data()
    {
        QTest::addColumn<QList<qint64>>("pids");
        QTest::addColumn<QList<qint64>>("tids");
        QTest::addColumn<QList<bool>>("deviceClock");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("one process") << QList<qint64>{10, 10, 10} << QList<qint64>{10, 12, 10}
                                     << QList<bool>{false, false, true}
                                     << QStringList{"Main thread", "Device phases", "Thread 12"};
        QTest::newRow("two processes")
            << QList<qint64>{10, 20} << QList<qint64>{10, 21} << QList<bool>{false, false}
            << QStringList{"pid 10 · Main thread", "pid 20 · Thread 21"};
    }
    void hostLaneNames()
    {
        QFETCH(QList<qint64>, pids);
        QFETCH(QList<qint64>, tids);
        QFETCH(QList<bool>, deviceClock);
        QFETCH(QStringList, names);
        Capture c;
        for (qsizetype i = 0; i < pids.size(); ++i) {
            HostSpan s;
            s.pid = pids[i];
            s.tid = tids[i];
            s.deviceClock = deviceClock[i];
            s.name = QStringLiteral("chip.run");
            s.durNs = 1000;
            c.hostLog.spans.push_back(s);
        }
        buildHostLogLanes(c);
        QStringList got;
        for (const Lane &l : c.lanes) {
            got << l.name;
            QVERIFY2(l.detail.contains(QStringLiteral("pid ")),
                     qPrintable(l.detail)); // the ids stay findable
        }
        QCOMPARE(got, names);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestLaneBuilder)
#include "tst_lanebuilder.moc"
