#include "model/io/records/recordsreader.h"
#include "testmain.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <zstd.h>

using namespace lanescope;

namespace {

QByteArray fixture(const QString &name)
{
    QFile f(QStringLiteral(LANESCOPE_FIXTURES "/records/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return f.readAll();
}

struct Result
{
    bool ok = false;
    Capture capture;
    ReadError error;
};

Result readBytes(const QByteArray &data, const QString &name = QStringLiteral("chip_swimlane_records.json"))
{
    auto source = ByteSource::fromMemory(data, name);
    Result r;
    r.ok = readRecords(*source, r.capture, &r.error);
    return r;
}

int countWarnings(const Capture &c, const QString &needle)
{
    int n = 0;
    for (const auto &w : c.info.warnings)
        n += w.contains(needle) ? 1 : 0;
    return n;
}

QString kindOf(const Capture &c, const PhaseRecord &p)
{
    return c.phaseKinds.at(p.kind);
}

// A minimal valid level-1 file around the given aicore_tasks body (1 MHz: 1 cycle = 1 µs).
QByteArray level1With(const QByteArray &rows)
{
    return "{\"chip_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000000, \"num_cores\": 2, "
           "\"core_types\": [\"aic\", \"aiv\"]}, \"aicore_tasks\": [" +
           rows + "], \"aicpu_tasks\": []}";
}

QByteArray level2With(const QByteArray &aicore, const QByteArray &aicpu)
{
    return "{\"chip_swimlane_level\": 2, \"metadata\": {\"clock_freq_hz\": 1000000, \"num_cores\": 2, "
           "\"core_types\": [\"aic\", \"aiv\"]}, \"aicore_tasks\": [" +
           aicore + "], \"aicpu_tasks\": [" + aicpu + "]}";
}

void compareRow(const TaskRow &r, quint64 taskId, int core, double receive, double start, double end,
                double dispatch, double finish, int flags)
{
    QCOMPARE(r.taskId, taskId);
    QCOMPARE(r.coreId, core);
    QCOMPARE(r.receiveUs, receive);
    QCOMPARE(r.startUs, start);
    QCOMPARE(r.endUs, end);
    QCOMPARE(r.dispatchUs, dispatch);
    QCOMPARE(r.finishUs, finish);
    QCOMPARE(int(r.flags), flags);
}

constexpr int kAicpu = TaskRow::HasAicpu;
constexpr int kMissing = TaskRow::AicpuMissing;
constexpr int kReceive = TaskRow::HasReceive;
constexpr int kDuplicate = TaskRow::DuplicateKey;

} // namespace

class TestRecordsReader : public QObject
{
    Q_OBJECT

private slots:
    // Each scheduler stream that lost records is named with its loss (supplement §1).
    void streamLossesAreNamed_data()
    {
        QTest::addColumn<QByteArray>("captures");
        QTest::addColumn<QString>("warning");
        QTest::newRow("one dropped, one truncated")
            << QByteArray(
                   R"({"capture": {"committed": 1, "dropped": 3, "truncated": true}, "scheduler_id": 0},
                             {"capture": {"committed": 1, "dropped": 0, "truncated": true}, "scheduler_id": 1})")
            << "report 3 dropped records and truncation (stream 0 dropped 3, truncated; stream 1 truncated)";
        QTest::newRow("only a drop")
            << QByteArray(
                   R"({"capture": {"committed": 1, "dropped": 2, "truncated": false}, "scheduler_id": 1})")
            << "report 2 dropped records (stream 1 dropped 2)";
    }
    void streamLossesAreNamed()
    {
        QFETCH(QByteArray, captures);
        QFETCH(QString, warning);
        QByteArray streams = captures;
        streams.replace(
            R"("scheduler_id")",
            R"("producer": "aicpu", "records": [{"start_cycles": 100, "end_cycles": 110, "run_epoch": 1, "loop_iter": 1, "kind": "dispatch", "tasks_processed": 1, "task_id": null}], "scheduler_id")");
        const QByteArray file =
            R"({"chip_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000, "num_cores": 1, "core_types": ["aic"]},
 "aicore_tasks": [[0, 1, 1, 105, 150, 2, 1]], "scheduler_tasks": {"producer": "aicpu", "records": [[0, 1, 101, 155, 1]]},
 "scheduler_records": {"streams": [)" +
            streams + "]}}";
        const auto r = readBytes(file);
        QVERIFY(r.ok);
        QVERIFY(r.capture.info.partial);
        QVERIFY2(r.capture.info.warnings.join(u'\n').contains(warning),
                 qPrintable(r.capture.info.warnings.join(u'\n')));
    }

    void layoutAndLevel_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("levelKey");
        QTest::addColumn<int>("level");
        QTest::addColumn<qint64>("clock");
        const int raw = int(RecordsLayout::RawStreams), obj = int(RecordsLayout::PerTaskObjects);
        QTest::newRow("level 1, 6 columns")
            << "level1_receive.json" << raw << "chip_swimlane_level" << 1 << qint64(1000000000);
        QTest::newRow("level 2, l2_swimlane_level, 5 columns")
            << "level2_l2swimlane_v2.json" << raw << "l2_swimlane_level" << 2 << qint64(50000000);
        QTest::newRow("level 3 phases")
            << "level3_phases.json" << raw << "chip_swimlane_level" << 3 << qint64(1000000000);
        QTest::newRow("level 4 TMR") << "level4_tmr_metadata_last.json" << raw << "chip_swimlane_level" << 4
                                     << qint64(50000000);
        QTest::newRow("level 4 HBG composite")
            << "level4_hbg_composite.json" << raw << "chip_swimlane_level" << 4 << qint64(1000000);
        QTest::newRow("level 4 HBG calibrated")
            << "level4_hbg_calibrated.json" << raw << "chip_swimlane_level" << 4 << qint64(1000000000);
        QTest::newRow("newer 7-column streams")
            << "newer_epoch_streams.json" << raw << "chip_swimlane_level" << 3 << qint64(1000000000);
        QTest::newRow("bootstrap and idle kinds")
            << "level3_bootstrap_idle.json" << raw << "chip_swimlane_level" << 3 << qint64(1000000000);
        QTest::newRow("objects, version 2")
            << "objects_version2_fanout.json" << obj << "version" << 4 << qint64(-1);
        QTest::newRow("objects, l2_perf_level")
            << "objects_l2perf.json" << obj << "l2_perf_level" << 2 << qint64(-1);
        QTest::newRow("objects, no level key") << "objects_nolevel.json" << obj << "" << 1 << qint64(-1);
    }
    void layoutAndLevel()
    {
        QFETCH(QString, file);
        QFETCH(int, layout);
        QFETCH(QString, levelKey);
        QFETCH(int, level);
        QFETCH(qint64, clock);
        const auto r = readBytes(fixture(file), file);
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(int(r.capture.info.layout), layout);
        QCOMPARE(r.capture.info.levelKey, levelKey);
        QCOMPARE(r.capture.info.level.value_or(-1), level);
        QCOMPARE(r.capture.info.clockFreqHz.value_or(-1), clock);
        QCOMPARE(r.capture.info.format, CaptureFormat::ChipSwimlaneRecords);
    }

    void levelOneHasReceiveButNoAicpu()
    {
        // base = min(receive 900, 1950, 3000; end 1500, 2600, 3100) = 900; 1 GHz: µs = (c - 900) / 1000.
        const auto r = readBytes(fixture("level1_receive.json"));
        QVERIFY(r.ok);
        const auto &rows = r.capture.rows;
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(r.capture.info.baseCycles, quint64(900));
        compareRow(rows[0], 3, 0, 1.05, 1.1, 1.7, 0, 0, kReceive);
        compareRow(rows[1], 5, 1, 0.0, 0.1, 0.6, 0, 0, kReceive); // task 5 keeps file order: core 1 first
        compareRow(rows[2], 5, 0, 2.1, 2.1, 2.2, 0, 0, kReceive);
        QCOMPARE(rows[0].coreType, CoreType::Aic);
        QCOMPARE(rows[1].coreType, CoreType::Aiv);
        QCOMPARE(rows[2].regTaskId, 1u);
        QCOMPARE(r.capture.info.numCores, 2);
        QVERIFY(r.capture.info.coreToThread.empty());
        QVERIFY(!r.capture.info.partial);
        QVERIFY2(r.capture.info.warnings.isEmpty(), qPrintable(r.capture.info.warnings.join('\n')));
        QVERIFY(r.capture.schedulerThreads.empty());
        QVERIFY(r.capture.orchestratorLanes.empty());
        QVERIFY(!r.capture.info.hostOrchestrated);
    }

    void levelTwoJoinKeepsAndDropsAsSpecified()
    {
        // base = 100 (an AICPU row that is dropped still counts, §3.2); 50 MHz: µs = (c - 100) * 0.02.
        const auto r =
            readBytes(fixture("level2_l2swimlane_v2.json"), QStringLiteral("l2_swimlane_records.json"));
        QVERIFY(r.ok);
        const auto &rows = r.capture.rows;
        QCOMPARE(rows.size(), std::size_t(4));
        QCOMPARE(r.capture.info.baseCycles, quint64(100));
        compareRow(rows[0], 1, 0, 2.0, 2.0, 4.0, 1.0, 4.4, kAicpu);
        compareRow(rows[1], 2, 0, 6.0, 6.0, 7.0, 5.6, 7.4, kAicpu);
        compareRow(rows[2], 3, 1, 3.0, 3.0, 8.0, 1.2, 8.4, kAicpu);
        compareRow(rows[3], 4, 1, 10.0, 10.0, 12.0, 0, 0, kMissing);
        // Propagation (receive - dispatch) and local setup of the 5-column era.
        QCOMPARE(rows[2].receiveUs - rows[2].dispatchUs, 1.8);
        QCOMPARE(rows[2].localSetupUs(), 0.0);
        QVERIFY(r.capture.info.partial);
        QCOMPARE(countWarnings(r.capture,
                               "l2_swimlane_records.json: dropped 2 AICPU rows without an AICore partner"),
                 1);
        QCOMPARE(countWarnings(r.capture, "core 3: 2"), 1);
        QCOMPARE(countWarnings(r.capture, "1 AICore rows have no AICPU record"), 1);
        QCOMPARE(countWarnings(r.capture, "skip about 4 records on 1 cores (most on core 1: 4)"), 1);
    }

    void levelThreePhasesAndKinds()
    {
        // base = 990 (dispatch phase start); 1 GHz.
        const auto r = readBytes(fixture("level3_phases.json"));
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QCOMPARE(c.info.baseCycles, quint64(990));
        QCOMPARE(c.info.coreToThread, (std::vector<int>{1, 0}));
        QCOMPARE(c.rows.size(), std::size_t(3));
        compareRow(c.rows[0], 10, 0, 0.07, 0.11, 0.21, 0.01, 0.26, kAicpu | kReceive);
        compareRow(c.rows[1], 11, 1, 0.13, 0.16, 0.41, 0.02, 0.46, kAicpu | kReceive);
        compareRow(c.rows[2], 12, 5, 0.3, 0.31, 0.36, 0.03, 0.41, kAicpu | kReceive);
        QCOMPARE(c.rows[2].coreType, CoreType::Aiv); // core 5 is outside core_types
        QCOMPARE(countWarnings(c, "1 rows run on core ids outside metadata.core_types (up to core 5)"), 1);

        QCOMPARE(c.schedulerThreads.size(), std::size_t(4));
        QCOMPARE(c.schedulerThreads[0].size(), std::size_t(4));
        QCOMPARE(c.schedulerThreads[1].size(), std::size_t(2));
        QVERIFY(c.schedulerThreads[2].empty() && c.schedulerThreads[3].empty());
        const auto &d = c.schedulerThreads[0][0];
        QCOMPARE(kindOf(c, d), QStringLiteral("dispatch"));
        QCOMPARE(d.startUs, 0.0);
        QCOMPARE(d.endUs, 0.04);
        QCOMPARE(d.loopIter, 7u);
        QCOMPARE(d.tasksProcessed, 3u);
        QCOMPARE(d.popHit, 2u);
        QCOMPARE(d.popMiss, 5u);
        QCOMPARE(d.sharedAtStart[1], std::int32_t(3));
        QCOMPARE(int(d.flags),
                 PhaseRecord::HasPopCounts | PhaseRecord::HasSharedDepth | PhaseRecord::HasTasksProcessed);
        QCOMPARE(kindOf(c, c.schedulerThreads[0][1]), QStringLiteral("scan"));
        QCOMPARE(kindOf(c, c.schedulerThreads[0][2]), QStringLiteral("warp_drive"));
        QCOMPARE(kindOf(c, c.schedulerThreads[0][3]), QStringLiteral("unknown")); // no kind field
        const auto &complete = c.schedulerThreads[1][0];
        QCOMPARE(kindOf(c, complete), QStringLiteral("complete"));
        QCOMPARE(complete.startUs, 0.26);
        QCOMPARE(complete.endUs, 0.47);
        QVERIFY(!(complete.flags & PhaseRecord::HasSharedDepth)); // shared_at_end has 2 entries
        QCOMPARE(countWarnings(c, "unknown phase kind \"warp_drive\""), 1);
        QCOMPARE(countWarnings(c, "unknown phase kind"), 1);
        QVERIFY(!c.info.partial);
    }

    void bootstrapAndMeasuredIdleAreKnownKinds()
    {
        // Supplement §7: bootstrap and idle are real records now; an unknown kind is still kept by name.
        const auto r = readBytes(fixture("level3_bootstrap_idle.json"));
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QCOMPARE(c.schedulerThreads.size(), std::size_t(1));
        const auto &lane = c.schedulerThreads[0];
        QCOMPARE(lane.size(), std::size_t(6));
        const QStringList expected{"bootstrap", "dispatch", "idle", "state_probe", "complete", "teleport"};
        for (std::size_t i = 0; i < lane.size(); ++i)
            QCOMPARE(kindOf(c, lane[i]), expected[qsizetype(i)]);
        QCOMPARE(lane[0].startUs, 0.0);
        QCOMPARE(lane[0].endUs, 0.04);
        QCOMPARE(lane[2].startUs, 0.06);
        QCOMPARE(lane[2].endUs, 0.24);
        QCOMPARE(countWarnings(c, "unknown phase kind \"teleport\""), 1);
        QCOMPARE(countWarnings(c, "unknown phase kind"), 1);
    }

    void aicoreProducerStreamsKeepTheirIdentity()
    {
        // Supplement §7: streams sit at their scheduler_id; id 1 had no stream and is an empty slot
        // that inherits the only producer. base = 100 cycles at 1 GHz.
        const auto r = readBytes(fixture("aicore_scheduler_streams.json"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        const auto &c = r.capture;
        QCOMPARE(c.schedulerThreads.size(), std::size_t(3));
        QCOMPARE(c.schedulerStreams.size(), std::size_t(3));
        QCOMPARE(c.schedulerThreads[0].size(), std::size_t(2));
        QVERIFY(c.schedulerThreads[1].empty());
        QCOMPARE(c.schedulerThreads[2].size(), std::size_t(7));

        const SchedulerStream &first = c.schedulerStreams[0];
        QCOMPARE(first.producer, QStringLiteral("aicore"));
        QCOMPARE(first.schedulerId.value_or(-1), 0);
        QVERIFY(!first.workerId);
        QCOMPARE(first.coreType, QStringLiteral("aic"));
        QCOMPARE(first.physicalCoreId.value_or(-1), 3);
        QVERIFY(!first.gap);
        const SchedulerStream &gap = c.schedulerStreams[1];
        QVERIFY(gap.gap);
        QCOMPARE(gap.producer, QStringLiteral("aicore"));
        QCOMPARE(gap.workerId.value_or(-1), 1);
        const SchedulerStream &third = c.schedulerStreams[2];
        QCOMPARE(third.platform, QStringLiteral("a5"));
        QCOMPARE(third.workerId.value_or(-1), 4);
        QCOMPARE(third.physicalCoreId.value_or(-1), 17);
        QCOMPARE(third.coreType, QStringLiteral("aiv"));

        const auto &lane = c.schedulerThreads[2];
        QCOMPARE(kindOf(c, lane[0]), QStringLiteral("bootstrap"));
        QVERIFY(!lane[0].hasTaskId());
        QCOMPARE(lane[0].startUs, 0.0);
        QCOMPARE(lane[0].endUs, 0.02);
        QCOMPARE(kindOf(c, lane[1]), QStringLiteral("state_probe"));
        QCOMPARE(lane[1].taskId, quint64(23));
        QCOMPARE(kindOf(c, lane[3]), QStringLiteral("idle"));
        QCOMPARE(kindOf(c, lane[5]), QStringLiteral("ready_claim")); // legacy: kept
        QCOMPARE(countWarnings(c, "unknown phase kind \"mystery_step\""), 1);
        QCOMPARE(countWarnings(c, "unknown phase kind"), 1);
        QCOMPARE(countWarnings(c, "placed in file order"), 0);
    }

    void streamPlacementFallsBackToFileOrder_data()
    {
        QTest::addColumn<QByteArray>("ids");
        QTest::addColumn<QList<int>>("lengths"); // records per slot, in slot order
        QTest::addColumn<bool>("fileOrder");
        // Three streams of 1, 2 and 3 records carrying these scheduler_id members.
        QTest::newRow("by id with a gap") << QByteArray("3|1|0") << QList<int>{3, 2, 0, 1} << false;
        QTest::newRow("repeated id") << QByteArray("1|1|0") << QList<int>{1, 2, 3} << true;
        QTest::newRow("missing id") << QByteArray("2||0") << QList<int>{1, 2, 3} << true;
        QTest::newRow("negative id") << QByteArray("2|-1|0") << QList<int>{1, 2, 3} << true;
        QTest::newRow("id 256") << QByteArray("256|1|0") << QList<int>{1, 2, 3} << true;
        QTest::newRow("id 255") << QByteArray("255|1|0") << QList<int>{} << false;
    }
    void streamPlacementFallsBackToFileOrder()
    {
        QFETCH(QByteArray, ids);
        QFETCH(QList<int>, lengths);
        QFETCH(bool, fileOrder);
        const QList<QByteArray> id = ids.split('|');
        QByteArray streams;
        for (int s = 0; s < 3; ++s) {
            QByteArray records;
            for (int i = 0; i <= s; ++i)
                records += QByteArray(i ? ", " : "") +
                           "{\"kind\": \"dispatch\", \"start_cycles\": 10, \"end_cycles\": 11}";
            streams += QByteArray(s ? ", " : "") + "{\"producer\": \"aicpu\", " +
                       (id[s].isEmpty() ? QByteArray() : "\"scheduler_id\": " + id[s] + ", ") +
                       "\"records\": [" + records + "]}";
        }
        const QByteArray data =
            "{\"chip_swimlane_level\": 3, \"metadata\": {\"clock_freq_hz\": 1000000}, "
            "\"aicore_tasks\": [[0, 2, 0, 10, 20, 0]], \"scheduler_tasks\": {\"records\": []}, "
            "\"scheduler_records\": {\"streams\": [" +
            streams + "]}}";
        const auto r = readBytes(data);
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QCOMPARE(countWarnings(c, "placed in file order"), fileOrder ? 1 : 0);
        if (lengths.isEmpty()) {
            QCOMPARE(c.schedulerThreads.size(), std::size_t(256));
            QCOMPARE(c.schedulerThreads[255].size(), std::size_t(1));
            return;
        }
        QCOMPARE(c.schedulerThreads.size(), std::size_t(lengths.size()));
        for (qsizetype i = 0; i < lengths.size(); ++i)
            QCOMPARE(c.schedulerThreads[std::size_t(i)].size(), std::size_t(lengths[i]));
        for (const SchedulerStream &s : c.schedulerStreams)
            QCOMPARE(s.producer, QStringLiteral("aicpu")); // gaps inherit the single producer
    }

    void aicpuLifecycleStages()
    {
        // base = 1000 (the handshake starts first); 1 GHz, so µs = (cycles - 1000) / 1000.
        const auto r = readBytes(fixture("aicpu_lifecycle.json"));
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QCOMPARE(c.info.baseCycles, quint64(1000));
        QCOMPARE(c.aicpuLifecycle.size(), std::size_t(3));
        auto stages = [](const AicpuLifecycle &l) {
            QStringList names;
            for (const LifecycleSlice &s : l.slices)
                names << QStringLiteral("%1 %2-%3")
                             .arg(lifecycleStageName(s.stage))
                             .arg(s.startUs)
                             .arg(s.endUs);
            return names;
        };
        const AicpuLifecycle &leader = c.aicpuLifecycle[0];
        QCOMPARE(leader.thread, 0);
        QVERIFY(!leader.threadFromIndex);
        QCOMPARE(stages(leader),
                 (QStringList{"handshake_partition 0-0.01", "topology_config 0.01-0.03",
                              "context_publish 0.03-0.04", "bootstrap_wait 0.04-0.1",
                              "register_release 0.5-0.51", "exit_signal 0.51-0.52", "exit_wait 0.52-0.6"}));
        // No topology (leader only), an unfinished publish and an end before its start are not drawn;
        // end == start is.
        const AicpuLifecycle &follower = c.aicpuLifecycle[1];
        QCOMPARE(follower.thread, 3);
        QCOMPARE(stages(follower), (QStringList{"handshake_partition 0-0.005", "register_release 0.5-0.5",
                                                "exit_signal 0.51-0.512"}));
        // Keys spelled after the slice name (inferred shape); no thread id: the record index.
        const AicpuLifecycle &generic = c.aicpuLifecycle[2];
        QCOMPARE(generic.thread, 2);
        QVERIFY(generic.threadFromIndex);
        QCOMPARE(stages(generic), (QStringList{"handshake_partition 0.001-0.009"}));
        QCOMPARE(countWarnings(c, "skipped 1 malformed phase records"), 1);
        QCOMPARE(countWarnings(c, "top-level keys not read"), 0);
    }

    void runEpochIsKeptOnPhaseRecords_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("orchestrator"); // false: scheduler thread 0
        QTest::addColumn<int>("record");
        QTest::addColumn<bool>("has");
        QTest::addColumn<uint>("epoch");
        // Supplement §4.1: stream records and AICPU orchestrator phases carry run_epoch; host arrays never.
        QTest::newRow("stream record, epoch 3") << "level4_run_epochs.json" << false << 0 << true << 3u;
        QTest::newRow("stream record keeps a foreign epoch")
            << "level4_run_epochs.json" << false << 1 << true << 4u;
        QTest::newRow("orchestrator, epoch 3") << "level4_run_epochs.json" << true << 0 << true << 3u;
        QTest::newRow("orchestrator, epoch 0 is an epoch")
            << "level4_run_epochs.json" << true << 1 << true << 0u;
        QTest::newRow("orchestrator without the key") << "level4_run_epochs.json" << true << 2 << false << 0u;
        QTest::newRow("legacy per-thread phases") << "level3_phases.json" << false << 0 << false << 0u;
        QTest::newRow("host orchestrator ignores it")
            << "level4_hbg_host_epoch.json" << true << 0 << false << 0u;
    }
    void runEpochIsKeptOnPhaseRecords()
    {
        QFETCH(QString, file);
        QFETCH(bool, orchestrator);
        QFETCH(int, record);
        QFETCH(bool, has);
        QFETCH(uint, epoch);
        const auto r = readBytes(fixture(file), file);
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        const auto &lanes = orchestrator ? r.capture.orchestratorLanes : r.capture.schedulerThreads;
        QVERIFY(!lanes.empty() && lanes[0].size() > std::size_t(record));
        const PhaseRecord &p = lanes[0][std::size_t(record)];
        QCOMPARE(p.hasRunEpoch(), has);
        QCOMPARE(p.runEpoch, epoch);
    }

    void levelFourIdsAndBaseBeyondDoublePrecision()
    {
        // base = 10000000000000010 (> 2^53, from the first orchestrator record); 50 MHz: µs = Δ * 0.02.
        const auto r = readBytes(fixture("level4_tmr_metadata_last.json"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        const auto &c = r.capture;
        QCOMPARE(c.info.baseCycles, quint64(10000000000000010ull));
        QCOMPARE(c.rows.size(), std::size_t(4));
        compareRow(c.rows[0], 4294967296ull, 0, 1.6, 1.8, 3.8, 0.8, 4.4, kAicpu | kReceive);
        compareRow(c.rows[1], 4294967297ull, 1, 1.8, 2.2, 4.2, 1.0, 4.6, kAicpu | kReceive);
        compareRow(c.rows[2], 9007199254740993ull, 0, 4.7, 4.8, 5.8, 4.0, 6.2, kAicpu | kReceive);
        compareRow(c.rows[3], 18446744073709551614ull, 2, 2.4, 2.4, 3.4, 1.2, 3.6, kAicpu | kReceive);
        QCOMPARE(c.rows[0].ringId(), 1u);
        QCOMPARE(c.rows[0].localId(), 0u);
        QCOMPARE(c.rows[0].coreType, CoreType::Aic);
        QCOMPARE(c.info.coreToThread, (std::vector<int>{0, 0, -1}));
        QCOMPARE(c.info.numCores, 3);

        QCOMPARE(c.schedulerThreads.size(), std::size_t(4));
        QCOMPARE(c.schedulerThreads[0][0].startUs, 0.6);
        QCOMPARE(c.schedulerThreads[0][0].endUs, 1.3);
        const auto &dummy = c.schedulerThreads[1][0];
        QCOMPARE(kindOf(c, dummy), QStringLiteral("dummy_task"));
        QVERIFY(dummy.hasTaskId());
        QCOMPARE(dummy.taskId, quint64(8589934592ull));
        QCOMPARE(dummy.startUs, 1.4);
        QCOMPARE(dummy.endUs, 1.4);

        QCOMPARE(c.orchestratorLanes.size(), std::size_t(1));
        const auto &orch = c.orchestratorLanes[0];
        QCOMPARE(orch.size(), std::size_t(2));
        QCOMPARE(kindOf(c, orch[0]), QStringLiteral("orch_submit"));
        QCOMPARE(orch[0].startUs, 0.0);
        QCOMPARE(orch[0].endUs, 0.4);
        QCOMPARE(orch[0].taskId, quint64(4294967296ull));
        QCOMPARE(orch[1].submitIdx, 1u);
        QVERIFY(!orch[1].hasTaskId()); // task_id -1
        QCOMPARE(orch[1].endUs, 0.5);
        QVERIFY2(c.info.warnings.isEmpty(), qPrintable(c.info.warnings.join('\n')));
    }

    void hostOrchestratedCausalComposite()
    {
        // origin 1000 ns; host record 1000..3000 ns -> 0..2 µs; device base 80 at 1 MHz laid out from 2 µs.
        const auto r = readBytes(fixture("level4_hbg_composite.json"));
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QVERIFY(c.info.hostOrchestrated);
        QVERIFY(!c.info.hostClockAligned);
        compareRow(c.rows[0], 7, 0, 22.0, 22.0, 32.0, 12.0, 42.0, kAicpu | kReceive);
        QCOMPARE(c.schedulerThreads[0][0].startUs, 2.0);
        QCOMPARE(c.schedulerThreads[0][0].endUs, 7.0);
        QCOMPARE(c.orchestratorLanes.size(), std::size_t(1));
        QCOMPARE(c.orchestratorLanes[0][0].startUs, 0.0);
        QCOMPARE(c.orchestratorLanes[0][0].endUs, 2.0);
        QCOMPARE(kindOf(c, c.orchestratorLanes[0][0]), QStringLiteral("orch_submit"));
        QCOMPARE(c.hostUploads.size(), std::size_t(1));
        QCOMPARE(c.hostUploads[0].startUs, 0.2);
        QCOMPARE(c.hostUploads[0].endUs, 0.7);
        QCOMPARE(c.hostUploads[0].bytes, quint64(4096));
        QCOMPARE(c.phaseKinds.at(c.hostUploads[0].kind), QStringLiteral("graph_upload"));
        QCOMPARE(countWarnings(c, "not aligned (missing_clock_anchors)"), 1);
        QVERIFY(!c.info.partial);
    }

    void hostOrchestratedCalibrated()
    {
        // Anchors: pre idx 0 (mid 1000, the errored idx 2 is skipped), post idx 1 (mid 5100) at 1 GHz:
        // host_ns(c) = 1000 + (c - 100) + trunc(100 * (c - 100) / 4000); µs = (host_ns - 1000) / 1000.
        const auto r = readBytes(fixture("level4_hbg_calibrated.json"));
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QVERIFY(c.info.hostOrchestrated);
        QVERIFY(c.info.hostClockAligned);
        compareRow(c.rows[0], 7, 0, 1.947, 2.05, 2.152, 1.845, 2.255, kAicpu | kReceive);
        QCOMPARE(c.schedulerThreads[0][0].startUs, 1.742);
        QCOMPARE(c.schedulerThreads[0][0].endUs, 1.793);
        QCOMPARE(c.orchestratorLanes[0][0].startUs, 0.0);
        QCOMPARE(c.orchestratorLanes[0][0].endUs, 0.5);
        QVERIFY2(c.info.warnings.isEmpty(), qPrintable(c.info.warnings.join('\n')));
    }

    void hostCaptureIncompleteIsPartial()
    {
        QByteArray data = fixture("level4_hbg_composite.json");
        data.replace("\"status\": \"complete\", \"expected_records\": 1",
                     "\"status\": \"dropped\", \"expected_records\": 3");
        const auto r = readBytes(data);
        QVERIFY(r.ok);
        QVERIFY(r.capture.info.partial);
        QCOMPARE(countWarnings(r.capture,
                               "host orchestrator capture is incomplete (status dropped, 1 of 3 expected"),
                 1);
    }

    void newerUpstreamStreams()
    {
        // 7-column rows join on (run_epoch, core, reg): the same (core 0, reg 7) in epochs 1 and 2 is not a
        // duplicate.
        const auto r = readBytes(fixture("newer_epoch_streams.json"));
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QCOMPARE(c.info.runtime, QStringLiteral("host_build_graph"));
        QCOMPARE(c.rows.size(), std::size_t(2));
        // base = 90: the lifecycle handshake start is the earliest device time (supplement §2.8).
        QCOMPARE(c.info.baseCycles, quint64(90));
        compareRow(c.rows[0], 7, 0, 0.02, 0.03, 0.09, 0.025, 0.095, kAicpu | kReceive);
        compareRow(c.rows[1], 7, 0, 0.22, 0.23, 0.29, 0.225, 0.295, kAicpu | kReceive);
        QCOMPARE(c.rows[0].runEpoch, 1u);
        QCOMPARE(c.rows[1].runEpoch, 2u);
        QCOMPARE(c.schedulerThreads.size(), std::size_t(3)); // placed by scheduler_id 2
        QVERIFY(c.schedulerThreads[0].empty());
        const auto &lane = c.schedulerThreads[2];
        QCOMPARE(lane.size(), std::size_t(2));
        QCOMPARE(kindOf(c, lane[0]), QStringLiteral("ready_claim"));
        QCOMPARE(lane[0].taskId, quint64(7));
        QCOMPARE(lane[0].popHit, 4u); // from metrics[record_index 0]
        QCOMPARE(lane[0].popMiss, 1u);
        QCOMPARE(lane[0].startUs, 0.01);
        QCOMPARE(lane[1].endUs, 0.029);
        QCOMPARE(kindOf(c, lane[1]), QStringLiteral("idle"));
        QVERIFY(!lane[1].hasTaskId()); // task_id null
        QCOMPARE(countWarnings(c, "top-level keys not read"), 0);
        // Thread 1 only started its handshake: nothing ended, so nothing is drawn.
        QCOMPARE(c.aicpuLifecycle.size(), std::size_t(1));
        QCOMPARE(c.aicpuLifecycle[0].thread, 1);
        QVERIFY(c.aicpuLifecycle[0].slices.empty());
        QCOMPARE(countWarnings(c, "unknown phase kind"), 0);
        QCOMPARE(countWarnings(c, "duplicate"), 0);
    }

    void objectLayoutWithFanout()
    {
        const auto r = readBytes(fixture("objects_version2_fanout.json"),
                                 QStringLiteral("perf_swimlane_20250101_120000.json"));
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QCOMPARE(c.info.baseCycles, quint64(0));
        QCOMPARE(c.rows.size(), std::size_t(3));
        compareRow(c.rows[0], 0, 0, 1.0, 1.0, 3.0, 0.5, 3.25, kAicpu);
        compareRow(c.rows[1], 1, 1, 3.5, 3.5, 5.0, 0, 0, kMissing);
        compareRow(c.rows[2], 2, 1, 5.5, 5.5, 7.25, 5.0, 7.5, kAicpu);
        QCOMPARE(c.rows[0].funcId, 0);
        QCOMPARE(c.rows[1].funcId, -1);
        QCOMPARE(c.rows[2].funcId, 1);
        QCOMPARE(c.rows[0].coreType, CoreType::Aic);
        QCOMPARE(c.info.coreTypes, (std::vector<CoreType>{CoreType::Aic, CoreType::Aiv}));
        QCOMPARE(c.info.numCores, 2);
        QCOMPARE(c.info.coreToThread, (std::vector<int>{0, 0})); // top-level key of that era
        QCOMPARE(c.schedulerThreads.size(), std::size_t(1));
        QCOMPARE(kindOf(c, c.schedulerThreads[0][1]), QStringLiteral("idle"));
        QCOMPARE(c.schedulerThreads[0][1].endUs, 4.0);
        QCOMPARE(kindOf(c, c.orchestratorLanes[0][0]), QStringLiteral("orch_alloc"));
        QCOMPARE(kindOf(c, c.orchestratorLanes[0][1]), QStringLiteral("orch_fanin"));
        QCOMPARE(c.orchestratorLanes[0][1].startUs, 0.25);

        QCOMPARE(c.deps.nodes().size(), std::size_t(3));
        QCOMPARE(c.deps.edges().size(), std::size_t(3)); // 0->1, 0->2, 1->2
        const auto [b, e] = c.deps.successors(std::uint32_t(c.deps.indexOf(0)));
        QCOMPARE(int(e - b), 2);
        QCOMPARE(countWarnings(c, "perf_swimlane_20250101_120000.json: dependencies from runtime fanout "
                                  "lists (incomplete by design)"),
                 1);
        QCOMPARE(countWarnings(c, "level 4 inferred"), 1);
    }

    void objectLayoutLevelKeyAndBadObjects()
    {
        const auto r = readBytes(fixture("objects_l2perf.json"));
        QVERIFY(r.ok);
        const auto &c = r.capture;
        QCOMPARE(c.rows.size(), std::size_t(2));
        // dispatch 0.0 with finish > 0 is AICPU timing at the earliest event, not "unset".
        compareRow(c.rows[0], 5, 0, 2.0, 2.0, 2.5, 1.9, 2.6, kAicpu);
        compareRow(c.rows[1], 4294967296ull, 0, 0.02, 0.02, 1.5, 0.0, 1.75, kAicpu);
        QCOMPARE(c.rows[1].funcId, 3);
        QVERIFY(c.deps.empty());
        QCOMPARE(countWarnings(c, "skipped 2 malformed task objects"), 1);
        QCOMPARE(countWarnings(c, "fanout"), 0);
    }

    void objectLayoutWithoutLevel()
    {
        const auto r = readBytes(fixture("objects_nolevel.json"));
        QVERIFY(r.ok);
        QCOMPARE(r.capture.info.level.value_or(0), 1);
        QCOMPARE(r.capture.rows.size(), std::size_t(1));
        QCOMPARE(r.capture.rows[0].funcId, 2);
        QCOMPARE(r.capture.deps.nodes().size(), std::size_t(1));
        QCOMPARE(countWarnings(r.capture, "no capture level in the file"), 1);
    }

    void errorsNameFileAndOffset_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QByteArray>("marker"); // error offset = position of this text (empty: offset 0)
        QTest::addColumn<QString>("message");
        const QByteArray meta = "\"metadata\": {\"clock_freq_hz\": 1000000, \"core_types\": [\"aiv\"]}";
        QTest::newRow("level 7") << QByteArray("{\"chip_swimlane_level\": 7, " + meta +
                                               ", \"aicore_tasks\": []}")
                                 << QByteArray("7,")
                                 << "chip_swimlane_level is 7; a capture level must be 1..4";
        QTest::newRow("level 0 legacy key") << QByteArray("{\"l2_perf_level\": 0, \"tasks\": []}")
                                            << QByteArray("0,") << "l2_perf_level is 0";
        QTest::newRow("level not a number")
            << QByteArray("{\"chip_swimlane_level\": \"high\", " + meta + ", \"aicore_tasks\": []}")
            << QByteArray("\"high\"") << "chip_swimlane_level is not an integer";
        QTest::newRow("clock 0")
            << QByteArray(
                   "{\"chip_swimlane_level\": 2, \"metadata\": {\"clock_freq_hz\": 0}, \"aicore_tasks\": []}")
            << QByteArray("0}") << "clock_freq_hz is 0: the file cannot be placed in time";
        QTest::newRow("clock negative") << QByteArray("{\"chip_swimlane_level\": 2, \"metadata\": "
                                                      "{\"clock_freq_hz\": -5}, \"aicore_tasks\": []}")
                                        << QByteArray("-5") << "clock_freq_hz is -5";
        QTest::newRow("clock missing")
            << QByteArray(
                   "{\"chip_swimlane_level\": 2, \"metadata\": {\"num_cores\": 1}, \"aicore_tasks\": []}")
            << QByteArray("{\"num_cores\"") << "clock_freq_hz is missing";
        QTest::newRow("no level") << QByteArray("{" + meta + ", \"aicore_tasks\": []}") << QByteArray()
                                  << "chip_swimlane_level is missing";
        QTest::newRow("empty") << QByteArray() << QByteArray() << "the file is empty";
        QTest::newRow("array") << QByteArray("[1, 2]") << QByteArray() << "not a JSON object";
        QTest::newRow("unrelated object")
            << QByteArray("{\"traceEvents\": []}") << QByteArray() << "neither aicore_tasks nor tasks";
        QTest::newRow("syntax before level")
            << QByteArray("{\"aicore_tasks\": [[0, 1, 2, 3, 4, 5]] \"x\": 1}") << QByteArray("\"x\"")
            << "before chip_swimlane_level was read";
        QTest::newRow("both orchestrators")
            << QByteArray("{\"chip_swimlane_level\": 4, " + meta +
                          ", \"aicore_tasks\": [], "
                          "\"aicpu_orchestrator_phases\": [[{\"submit_idx\": 0, \"task_id\": 1, "
                          "\"start_cycles\": 5, \"end_cycles\": 6}]], "
                          "\"host_orchestrator_phases\": [[{\"submit_idx\": 0, \"task_id\": 1, "
                          "\"start_host_ns\": 5, \"end_host_ns\": 6}]]}")
            << QByteArray("[[{\"submit_idx\": 0, \"task_id\": 1, \"start_host_ns\"")
            << "both AICPU and host orchestrator records";
    }
    void errorsNameFileAndOffset()
    {
        QFETCH(QByteArray, data);
        QFETCH(QByteArray, marker);
        QFETCH(QString, message);
        const auto r = readBytes(data, QStringLiteral("/captures/run1/chip_swimlane_records.json"));
        QVERIFY(!r.ok);
        QCOMPARE(r.error.file, QStringLiteral("/captures/run1/chip_swimlane_records.json"));
        QVERIFY2(r.error.message.contains(message), qPrintable(r.error.message));
        const qint64 expected = marker.isEmpty() ? 0 : data.indexOf(marker);
        QCOMPARE(r.error.byteOffset, expected);
        QVERIFY(r.error.toString().startsWith(
            QStringLiteral("/captures/run1/chip_swimlane_records.json: byte %1: ").arg(expected)));
    }

    // The device keeps ready-queue depths in 16 bits (inferred from the store the reader once
    // used): a deeper queue is damage or a newer producer, so it is said, not clipped or wrapped.
    void readyQueueDepthsStayExact_data()
    {
        QTest::addColumn<QByteArray>("depths"); // the dispatch record's shared_at_end
        QTest::addColumn<int>("aic");           // sharedAtEnd[0] as read; -1 = the triple was not kept
        QTest::addColumn<QString>("warning");   // empty: none about depths
        QTest::newRow("in range") << QByteArray("[32767, 1, 0]") << 32767 << QString();
        QTest::newRow("deeper than 16 bits")
            << QByteArray("[40000, 1, 0]") << 40000 << "1 ready-queue depth(s) outside 0–32767";
        QTest::newRow("negative") << QByteArray("[-5, 1, 0]") << -5
                                  << "1 ready-queue depth(s) outside 0–32767";
        QTest::newRow("beyond 32 bits")
            << QByteArray("[5000000000, 1, 0]") << -1 << "1 ready-queue depth(s) outside 0–32767";
    }
    void readyQueueDepthsStayExact()
    {
        QFETCH(QByteArray, depths);
        QFETCH(int, aic);
        QFETCH(QString, warning);
        const QByteArray data =
            "{\"chip_swimlane_level\": 3, \"metadata\": {\"clock_freq_hz\": 1000000000, \"num_cores\": 1, "
            "\"core_types\": [\"aiv\"]}, \"aicore_tasks\": [[0, 10, 0, 1100, 1200, 40]], "
            "\"aicpu_tasks\": [[0, 0, 1000, 1250]], \"aicpu_scheduler_phases\": [[{\"kind\": \"dispatch\", "
            "\"start_cycles\": 990, \"end_cycles\": 1030, \"shared_at_start\": [0, 0, 0], "
            "\"shared_at_end\": " +
            depths + "}]]}";
        const auto r = readBytes(data, QStringLiteral("deep.json"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        const PhaseRecord &d = r.capture.schedulerThreads.at(0).at(0);
        if (aic != -1) {
            QVERIFY(d.flags & PhaseRecord::HasSharedDepth);
            QCOMPARE(d.sharedAtEnd[0], std::int32_t(aic));
            QCOMPARE(d.sharedAtEnd[1], std::int32_t(1));
        } else {
            QVERIFY(!(d.flags & PhaseRecord::HasSharedDepth));
        }
        if (warning.isEmpty()) {
            QCOMPARE(countWarnings(r.capture, "ready-queue depth"), 0);
        } else {
            // Named by file and position, with the value itself.
            const qsizetype at = data.indexOf(depths);
            QCOMPARE(countWarnings(r.capture, QStringLiteral("deep.json: ") + warning), 1);
            QCOMPARE(
                countWarnings(r.capture, QStringLiteral("first %1 at byte %2")
                                             .arg(QString::fromLatin1(depths.mid(1, depths.indexOf(',') - 1)))
                                             .arg(at + 1)),
                1);
        }
    }

    void truncationKeepsCompleteRows_data()
    {
        QTest::addColumn<QByteArray>("cutBefore"); // the file ends right before this text
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("withAicpu");
        QTest::addColumn<int>("schedulerRecords");
        // level3_phases.json has metadata first, so every cut after it is usable.
        QTest::newRow("inside aicore_tasks, between rows") << QByteArray("[1, 11, 0") << 1 << 0 << 0;
        QTest::newRow("inside a number of row 2") << QByteArray("50, 1400, 30]") << 1 << 0 << 0;
        QTest::newRow("after aicore, inside aicpu row 2") << QByteArray("1010, 1450") << 3 << 1 << 0;
        QTest::newRow("inside the second phase record")
            << QByteArray("1040, \"loop_iter\": 7, \"tasks_processed\": 0, \"shared_at_start\"") << 3 << 3
            << 1;
        QTest::newRow("inside the second scheduler thread")
            << QByteArray("1460, \"loop_iter\"") << 3 << 3 << 4;
    }
    void truncationKeepsCompleteRows()
    {
        QFETCH(QByteArray, cutBefore);
        QFETCH(int, rows);
        QFETCH(int, withAicpu);
        QFETCH(int, schedulerRecords);
        const QByteArray full = fixture("level3_phases.json");
        const auto cut = full.indexOf(cutBefore);
        QVERIFY(cut > 0);
        const auto r = readBytes(full.left(cut));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QVERIFY(r.capture.info.partial);
        QCOMPARE(int(r.capture.rows.size()), rows);
        int aicpu = 0;
        for (const auto &row : r.capture.rows)
            aicpu += row.hasAicpu() ? 1 : 0;
        QCOMPARE(aicpu, withAicpu);
        int sched = 0;
        for (const auto &lane : r.capture.schedulerThreads)
            sched += int(lane.size());
        QCOMPARE(sched, schedulerRecords);
        QCOMPARE(countWarnings(
                     r.capture,
                     QStringLiteral("chip_swimlane_records.json: truncated at byte %1; kept %2 AICore rows")
                         .arg(cut)
                         .arg(rows)),
                 1);
    }

    void truncationBeforeMetadataIsAnError()
    {
        const QByteArray full = fixture("level4_tmr_metadata_last.json");
        const auto cut = full.indexOf("\"metadata\"");
        const auto r = readBytes(full.left(cut));
        QVERIFY(!r.ok);
        QCOMPARE(r.error.byteOffset, qint64(cut));
        QVERIFY2(r.error.message.contains(
                     QStringLiteral("truncated at byte %1 before chip_swimlane_level").arg(cut)),
                 qPrintable(r.error.message));
        const QByteArray metaFirst = fixture("level1_receive.json");
        const auto r2 = readBytes(metaFirst.left(metaFirst.indexOf("\"clock_freq_hz\"")));
        QVERIFY(!r2.ok);
        QVERIFY(r2.error.message.contains(QStringLiteral("before metadata.clock_freq_hz was read")));
    }

    void everyPrefixIsHandled_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("level3") << "level3_phases.json";
        QTest::newRow("level4 metadata last") << "level4_tmr_metadata_last.json";
        QTest::newRow("hbg calibrated") << "level4_hbg_calibrated.json";
        QTest::newRow("newer streams") << "newer_epoch_streams.json";
        QTest::newRow("lifecycle") << "aicpu_lifecycle.json";
        QTest::newRow("objects") << "objects_version2_fanout.json";
    }
    void everyPrefixIsHandled()
    {
        QFETCH(QString, file);
        const QByteArray full = fixture(file);
        std::size_t previousRows = 0;
        for (qsizetype n = 0; n < full.size(); ++n) {
            const auto r = readBytes(full.left(n));
            if (r.ok) {
                // Only the full object (here: without its trailing newline) is complete.
                QVERIFY2(r.capture.info.partial || n >= full.trimmed().size(),
                         qPrintable(QStringLiteral("prefix %1").arg(n)));
                QVERIFY(r.capture.rows.size() >= previousRows ||
                        file.startsWith(QLatin1String("level4_tmr")));
                previousRows = r.capture.rows.size();
            } else {
                QVERIFY(!r.error.message.isEmpty());
                QVERIFY(r.error.byteOffset >= 0 && r.error.byteOffset <= n);
            }
        }
        QVERIFY(readBytes(full).ok);
    }

    void corruptedBytesNeverCrash()
    {
        const QByteArray base = fixture("level4_hbg_calibrated.json") + fixture("level3_phases.json");
        QRandomGenerator rng(20250101);
        const char alphabet[] = "{}[],:\"-0123456789e.nt \\x";
        for (int i = 0; i < 600; ++i) {
            QByteArray data = base;
            const int flips = 1 + int(rng.bounded(4));
            for (int f = 0; f < flips; ++f)
                data[qsizetype(rng.bounded(quint32(data.size())))] =
                    alphabet[rng.bounded(quint32(sizeof(alphabet) - 1))];
            const auto r = readBytes(data);
            QVERIFY(r.ok || !r.error.message.isEmpty());
        }
    }

    void malformedRowsAreSkippedAndCounted()
    {
        QByteArray wide = "[0, 9, 9";
        for (int i = 0; i < 100000; ++i)
            wide += ", 1";
        wide += "]";
        const QByteArray rows =
            "[0, 1, 0, 10, 20, 0], \"row\", [0, 2, 1, 30], " + wide +
            ", [0, 3, 2, 40, \"50\", 0], [-1, 4, 3, 50, 60, 0], [0, 5, [1], 60, 70, 0], null, "
            "[1, 6, 0, 70, 80, 0], [0, 7, 1, 9.0e1, 1.0e2, 0]";
        const auto r = readBytes(level1With(rows));
        QVERIFY(r.ok);
        QCOMPARE(r.capture.rows.size(), std::size_t(3)); // tasks 1, 6 and 7 (integral floats are integers)
        QCOMPARE(r.capture.rows[2].taskId, quint64(7));
        QCOMPARE(r.capture.rows[2].startUs, 80.0); // base 10
        QCOMPARE(countWarnings(r.capture, "skipped 7 malformed aicore_tasks rows (first at byte"), 1);
        QVERIFY(!r.capture.info.partial);
    }

    void hostileSizesAreBounded()
    {
        QByteArray lanes;
        for (int i = 0; i < 5000; ++i)
            lanes += i ? ", []" : "[]";
        const QByteArray data =
            "{\"chip_swimlane_level\": 3, \"metadata\": {\"clock_freq_hz\": 1000000}, "
            "\"aicore_tasks\": [[1099511627776, 1, 0, 10, 20, 0], [0, 2, 0, 10, 20, 0]], \"aicpu_tasks\": "
            "[], "
            "\"aicpu_scheduler_phases\": [" +
            lanes +
            "], "
            "\"scheduler_records\": {\"streams\": [{\"scheduler_id\": 1000000000, \"records\": "
            "[{\"kind\": \"dispatch\", \"start_cycles\": 10, \"end_cycles\": 11}]}]}}";
        const auto r = readBytes(data);
        QVERIFY(r.ok);
        QCOMPARE(r.capture.schedulerThreads.size(), std::size_t(4096));
        QCOMPARE(countWarnings(r.capture, "skipped 904 malformed phase records"), 1);
        QCOMPARE(countWarnings(r.capture, "skipped 1 malformed aicore_tasks rows"), 1); // core id 2^40
        // An id of 10^9 cannot be a position: the stream keeps its file order (slot 0) instead.
        QCOMPARE(countWarnings(r.capture, "placed in file order"), 1);
        QCOMPARE(r.capture.schedulerThreads[0].size(), std::size_t(1));
        QCOMPARE(r.capture.rows.size(), std::size_t(1));
    }

    void hugeNumberStopsReadingButKeepsEarlierRows()
    {
        const auto data = level1With("[0, 1, 0, 10, 20, 0], [0, 2, 1, 1e30, 40, 0], [0, 3, 2, 50, 60, 0]");
        const auto r = readBytes(data);
        QVERIFY(r.ok);
        QVERIFY(r.capture.info.partial);
        QCOMPARE(r.capture.rows.size(), std::size_t(1));
        QCOMPARE(
            countWarnings(r.capture,
                          QStringLiteral("unreadable (expected an integer) at byte %1; kept 1 AICore rows")
                              .arg(data.indexOf("1e30"))),
            1);
    }

    void duplicateKeysAreKeptAndFlagged()
    {
        // Two runs without run_epoch: (core 0, reg 1) twice in both streams pair up in file order.
        const auto r =
            readBytes(level2With("[0, 5, 1, 10, 20, 0], [0, 5, 1, 110, 120, 0], [1, 6, 1, 15, 25, 0]",
                                 "[0, 1, 5, 21], [0, 1, 105, 121], [1, 1, 14, 26]"));
        QVERIFY(r.ok);
        const auto &rows = r.capture.rows;
        QCOMPARE(rows.size(), std::size_t(3));
        compareRow(rows[0], 5, 0, 5.0, 5.0, 15.0, 0.0, 16.0, kAicpu | kReceive | kDuplicate);
        compareRow(rows[1], 5, 0, 105.0, 105.0, 115.0, 100.0, 116.0, kAicpu | kReceive | kDuplicate);
        compareRow(rows[2], 6, 1, 10.0, 10.0, 20.0, 9.0, 21.0, kAicpu | kReceive);
        QCOMPARE(countWarnings(
                     r.capture,
                     "duplicate join keys (core_id, reg_task_id): 1 AICore and 1 AICPU rows repeat a key"),
                 1);
    }

    void surplusDuplicateGoesToTheLastAicoreRow()
    {
        // One AICPU row for a key written twice by the AICore: the reference keeps the last row of the key.
        const auto r =
            readBytes(level2With("[0, 5, 1, 10, 20, 0], [0, 5, 1, 110, 120, 0]", "[0, 1, 105, 121]"));
        QVERIFY(r.ok);
        QCOMPARE(r.capture.rows.size(), std::size_t(2));
        compareRow(r.capture.rows[0], 5, 0, 100.0, 100.0, 110.0, 95.0, 111.0, kAicpu | kReceive | kDuplicate);
        compareRow(r.capture.rows[1], 5, 0, 0.0, 0.0, 10.0, 0, 0, kMissing | kReceive | kDuplicate);
    }

    void rowsWithinATaskFollowAicpuOrder()
    {
        // Reference order: joined rows in AICPU file order, unmatched AICore rows after them.
        const auto r =
            readBytes(level2With("[1, 9, 4, 30, 40, 0], [0, 9, 2, 10, 20, 0], [1, 9, 7, 50, 60, 0]",
                                 "[0, 2, 5, 21], [1, 4, 25, 41]"));
        QVERIFY(r.ok);
        QCOMPARE(r.capture.rows.size(), std::size_t(3));
        QCOMPARE(r.capture.rows[0].regTaskId, 2u);
        QCOMPARE(r.capture.rows[1].regTaskId, 4u);
        QCOMPARE(r.capture.rows[2].regTaskId, 7u);
        QCOMPARE(int(r.capture.rows[2].flags), kMissing | kReceive);
    }

    void rowsArePlacedInTaskOrder_data()
    {
        // AICore rows by task id in file order; each is joined by its own AICPU row, so that a row
        // placed wrongly would carry another task's times.
        QTest::addColumn<QList<int>>("tasks");
        QTest::newRow("already in order") << QList<int>{1, 2, 3, 4};
        QTest::newRow("two swapped") << QList<int>{2, 1, 3, 4};
        QTest::newRow("one cycle of three") << QList<int>{3, 1, 2, 4};
        QTest::newRow("reversed") << QList<int>{6, 5, 4, 3, 2, 1};
        QTest::newRow("two cycles") << QList<int>{2, 3, 1, 5, 6, 4};
    }
    void rowsArePlacedInTaskOrder()
    {
        QFETCH(QList<int>, tasks);
        QByteArray aicore, aicpu;
        for (qsizetype i = 0; i < tasks.size(); ++i) {
            const int t = tasks[i];
            const QByteArray sep = i ? ", " : "";
            // Task t runs from 100 t to 100 t + 10 on core 0, dispatched at 100 t - 5.
            aicore += sep + QByteArray("[0, %1, %2, %3, %4, 0]")
                                .replace("%1", QByteArray::number(t))
                                .replace("%2", QByteArray::number(i))
                                .replace("%3", QByteArray::number(100 * t))
                                .replace("%4", QByteArray::number(100 * t + 10));
            aicpu += sep + QByteArray("[0, %1, %2, %3]")
                               .replace("%1", QByteArray::number(i))
                               .replace("%2", QByteArray::number(100 * t - 5))
                               .replace("%3", QByteArray::number(100 * t + 11));
        }
        const auto r = readBytes(level2With(aicore, aicpu));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        const auto &rows = r.capture.rows;
        QCOMPARE(rows.size(), std::size_t(tasks.size()));
        const double base = 100.0 - 5.0; // the earliest dispatch, 1 MHz: 1 cycle = 1 µs
        for (std::size_t k = 0; k < rows.size(); ++k) {
            const int t = int(k) + 1;
            compareRow(rows[k], quint64(t), 0, 100.0 * t - base, 100.0 * t - base, 100.0 * t + 10 - base,
                       100.0 * t - 5 - base, 100.0 * t + 11 - base, kAicpu | kReceive);
            QCOMPARE(rows[k].regTaskId, std::uint32_t(tasks.indexOf(t)));
        }
    }

    void levelTwoWithoutAicpuRowsKeepsEverything()
    {
        const auto r = readBytes(level2With("[0, 1, 0, 10, 20, 5], [1, 2, 0, 30, 40, 5]", ""));
        QVERIFY(r.ok);
        QCOMPARE(r.capture.rows.size(), std::size_t(2));
        for (const auto &row : r.capture.rows)
            QCOMPARE(int(row.flags), kMissing | kReceive);
        QCOMPARE(countWarnings(r.capture,
                               "level 2 file has no AICPU task rows; all 2 AICore rows lack dispatch/finish"),
                 1);
    }

    void mixedWidthsAreReported()
    {
        const auto r = readBytes(level1With("[0, 1, 0, 10, 20, 0], [0, 2, 1, 30, 40, 0, 3]"));
        QVERIFY(r.ok);
        QCOMPARE(r.capture.rows.size(), std::size_t(2));
        QCOMPARE(countWarnings(r.capture, "aicore_tasks mixes 6/7-column rows"), 1);
        QCOMPARE(int(r.capture.rows[0].flags), kReceive);
    }

    void timingOdditiesAreCountedNotFixed()
    {
        const auto r = readBytes(level2With(
            "[0, 1, 0, 100, 90, 0], [0, 2, 1, 200, 210, 300], [1, 3, 0, 3700000000, 3700000010, 0]",
            "[0, 0, 95, 80], [0, 1, 150, 220], [1, 0, 3699999990, 3700000020]"));
        QVERIFY(r.ok);
        QCOMPARE(r.capture.rows.size(), std::size_t(3));
        QCOMPARE(r.capture.rows[0].endUs, 10.0); // base 80; end < start kept raw
        QCOMPARE(r.capture.rows[0].startUs, 20.0);
        QCOMPARE(r.capture.rows[1].receiveUs, 0.0); // receive_to_start 300 > start 200: unknown
        QCOMPARE(
            countWarnings(r.capture, "1 rows end before they start and 1 rows finish before their dispatch"),
            1);
        QCOMPARE(countWarnings(r.capture, "1 rows have receive_to_start >= start"), 1);
        QCOMPARE(countWarnings(r.capture, "the capture spans 1.0 hours"), 1);
    }

    void zstdInputReadsLikePlain()
    {
        const QByteArray plain = fixture("level4_tmr_metadata_last.json");
        QByteArray packed(qsizetype(ZSTD_compressBound(std::size_t(plain.size()))), Qt::Uninitialized);
        const auto n = ZSTD_compress(packed.data(), std::size_t(packed.size()), plain.constData(),
                                     std::size_t(plain.size()), 3);
        QVERIFY(!ZSTD_isError(n));
        packed.truncate(qsizetype(n));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chip_swimlane_records.json.zst"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(packed);
        f.close();
        ReadError err;
        auto source = ByteSource::open(path, &err);
        QVERIFY(source);
        Capture capture;
        QVERIFY2(readRecords(*source, capture, &err), qPrintable(err.toString()));
        const auto reference = readBytes(plain);
        QCOMPARE(capture.rows.size(), reference.capture.rows.size());
        for (std::size_t i = 0; i < capture.rows.size(); ++i) {
            QCOMPARE(capture.rows[i].taskId, reference.capture.rows[i].taskId);
            QCOMPARE(capture.rows[i].startUs, reference.capture.rows[i].startUs);
            QCOMPARE(capture.rows[i].finishUs, reference.capture.rows[i].finishUs);
        }
        QCOMPARE(capture.info.baseCycles, quint64(10000000000000010ull));

        // A truncated .zst stream ends like a truncated file: rows before the cut survive or it is an error.
        QFile cut(dir.filePath(QStringLiteral("cut.json.zst")));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(packed.left(packed.size() / 2));
        cut.close();
        auto cutSource = ByteSource::open(cut.fileName(), &err);
        QVERIFY(cutSource);
        Capture partial;
        ReadError cutErr;
        if (readRecords(*cutSource, partial, &cutErr))
            QVERIFY(partial.info.partial);
        else
            QCOMPARE(cutErr.file, cut.fileName());
    }

    void cancellationIsAnError()
    {
        std::atomic<bool> cancel{true};
        LoadControl control;
        control.cancel = &cancel;
        auto source = ByteSource::fromMemory(fixture("level1_receive.json"), QStringLiteral("x.json"));
        Capture capture;
        ReadError err;
        QVERIFY(!readRecords(*source, capture, &err, &control));
        QVERIFY(err.message.contains(QStringLiteral("cancelled")));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRecordsReader)
#include "tst_recordsreader.moc"
