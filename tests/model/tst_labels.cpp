#include "model/capture/labels.h"
#include "testmain.h"

using namespace lanescope;

namespace {

constexpr quint64 task(quint64 ring, quint64 local)
{
    return (ring << 32) | local;
}

// Supplement §8, new layout: (space << 62) | (parent << 32) | local.
constexpr quint64 hbgSubTask(quint64 space, quint64 parent, quint64 local)
{
    return (space << 62) | (parent << 32) | local;
}

// Supplement §8, old layout: (space << 32) | (graph << 10) | node.
constexpr quint64 hbgInGraph(quint64 space, quint64 graph, quint64 node)
{
    return (space << 32) | (graph << 10) | node;
}

constexpr quint64 kInvalid = ~quint64(0);

TaskRow row(quint64 taskId, CoreType type, int funcId, int coreId = 0)
{
    TaskRow r;
    r.taskId = taskId;
    r.coreType = type;
    r.funcId = funcId;
    r.coreId = coreId;
    return r;
}

} // namespace

class TestLabels : public QObject
{
    Q_OBJECT

private slots:
    void taskDisplayId_data()
    {
        QTest::addColumn<quint64>("taskId");
        QTest::addColumn<QString>("expected");
        // Ring 0 is spelled out like every other ring (supplement §8).
        QTest::newRow("r0t0") << task(0, 0) << "r0t0";
        QTest::newRow("r0t5") << task(0, 5) << "r0t5";
        QTest::newRow("r2t10") << task(2, 10) << "r2t10";
        QTest::newRow("max local") << task(0, 0xFFFFFFFF) << "r0t4294967295";
        QTest::newRow("ring 255") << task(0xFF, 3) << "r255t3";
        QTest::newRow("ring uses low 8 bits") << task(0x1FF, 3) << "r255t3";
        QTest::newRow("ring 256 shows as ring 0") << task(0x100, 7) << "r0t7";
        QTest::newRow("all bits") << ~quint64(0) << "r255t4294967295";
    }

    void taskDisplayId()
    {
        QFETCH(quint64, taskId);
        QFETCH(QString, expected);
        QCOMPARE(lanescope::taskDisplayId(taskId), expected);
    }

    void hbgDisplayIds_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<quint64>("taskId");
        QTest::addColumn<QString>("expected");
        const int global = int(TaskIdFormat::HbgGlobal), inGraph = int(TaskIdFormat::HbgInGraph),
                  subTask = int(TaskIdFormat::HbgSubTask);
        QTest::newRow("neutral t") << global << quint64(23) << "t23";
        QTest::newRow("neutral, id above 2^32 is not decodable") << global << task(1, 2) << "?4294967298";
        QTest::newRow("old GLOBAL") << inGraph << hbgInGraph(0, 0, 9) << "t9";
        QTest::newRow("old IN_GRAPH") << inGraph << hbgInGraph(1, 3, 17) << "g3t17";
        QTest::newRow("old IN_GRAPH node 1023") << inGraph << hbgInGraph(1, 0, 1023) << "g0t1023";
        QTest::newRow("old IN_GRAPH largest graph") << inGraph << hbgInGraph(1, 0x3FFFFF, 0) << "g4194303t0";
        QTest::newRow("old, high word 2") << inGraph << task(2, 5) << "?8589934597";
        QTest::newRow("old invalid") << inGraph << kInvalid << "?18446744073709551615";
        QTest::newRow("new GLOBAL") << subTask << hbgSubTask(0, 0, 12) << "t12";
        QTest::newRow("new SUB_TASK") << subTask << hbgSubTask(1, 4, 2) << "g4t2";
        QTest::newRow("new SUB_TASK, 20-bit parent")
            << subTask << hbgSubTask(1, 0xFFFFF, 0xFFFFFFFF) << "g1048575t4294967295";
        QTest::newRow("new PARAM") << subTask << hbgSubTask(2, 0, 6) << "p6";
        QTest::newRow("new invalid (space 3)") << subTask << kInvalid << "?18446744073709551615";
        QTest::newRow("new, reserved bits set")
            << subTask << (hbgSubTask(1, 1, 1) | (quint64(1) << 55)) << "?4647714819741319169";
        QTest::newRow("new GLOBAL with a parent") << subTask << hbgSubTask(0, 1, 1) << "?4294967297";
    }
    void hbgDisplayIds()
    {
        QFETCH(int, layout);
        QFETCH(quint64, taskId);
        QFETCH(QString, expected);
        QCOMPARE(lanescope::taskDisplayId(taskId, TaskIdFormat(layout)), expected);
    }

    void parseTaskDisplayId_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint64>("taskId");
        const int ring = int(TaskIdFormat::RingLocal), global = int(TaskIdFormat::HbgGlobal),
                  inGraph = int(TaskIdFormat::HbgInGraph), subTask = int(TaskIdFormat::HbgSubTask);
        QTest::newRow("r0t7") << ring << "r0t7" << true << task(0, 7);
        QTest::newRow("old spelling t7 is ring 0") << ring << "t7" << true << task(0, 7);
        QTest::newRow("r2t10") << ring << "r2t10" << true << task(2, 10);
        QTest::newRow("upper case") << ring << " R1T3 " << true << task(1, 3);
        QTest::newRow("decimal") << ring << "4294967297" << true << task(1, 1);
        QTest::newRow("ring 256") << ring << "r256t1" << false << quint64(0);
        QTest::newRow("local 2^32") << ring << "t4294967296" << false << quint64(0);
        QTest::newRow("trailing text") << ring << "t7x" << false << quint64(0);
        QTest::newRow("name") << ring << "embedding" << false << quint64(0);
        QTest::newRow("no ring in HBG") << global << "r1t2" << false << quint64(0);
        QTest::newRow("HBG t") << global << "t23" << true << quint64(23);
        QTest::newRow("old g3t17") << inGraph << "g3t17" << true << hbgInGraph(1, 3, 17);
        QTest::newRow("old node 1024") << inGraph << "g3t1024" << false << quint64(0);
        QTest::newRow("old t9") << inGraph << "t9" << true << quint64(9);
        QTest::newRow("new g4t2") << subTask << "g4t2" << true << hbgSubTask(1, 4, 2);
        QTest::newRow("new p6") << subTask << "P6" << true << hbgSubTask(2, 0, 6);
        QTest::newRow("new t12") << subTask << "t12" << true << quint64(12);
        QTest::newRow("new parent 2^20") << subTask << "g1048576t0" << false << quint64(0);
        QTest::newRow("p in the old layout") << inGraph << "p6" << false << quint64(0);
    }
    void parseTaskDisplayId()
    {
        QFETCH(int, layout);
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(quint64, taskId);
        const auto parsed = lanescope::parseTaskDisplayId(text, TaskIdFormat(layout));
        QCOMPARE(parsed.has_value(), valid);
        if (valid)
            QCOMPARE(quint64(*parsed), taskId);
    }

    void displayIdsReadBack_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<quint64>("taskId");
        QTest::newRow("ring") << int(TaskIdFormat::RingLocal) << task(3, 99);
        QTest::newRow("ring 0") << int(TaskIdFormat::RingLocal) << task(0, 0);
        QTest::newRow("old in graph") << int(TaskIdFormat::HbgInGraph) << hbgInGraph(1, 77, 5);
        QTest::newRow("new sub task") << int(TaskIdFormat::HbgSubTask) << hbgSubTask(1, 9, 123);
        QTest::newRow("new param") << int(TaskIdFormat::HbgSubTask) << hbgSubTask(2, 0, 4);
    }
    void displayIdsReadBack()
    {
        QFETCH(int, layout);
        QFETCH(quint64, taskId);
        const auto l = TaskIdFormat(layout);
        QCOMPARE(lanescope::parseTaskDisplayId(lanescope::taskDisplayId(taskId, l), l).value_or(0), taskId);
    }

    void layoutDetection_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QList<quint64>>("ids");
        QTest::addColumn<int>("layout");
        QTest::addColumn<bool>("fitsNeither");
        const QString hbg = QStringLiteral("host_build_graph");
        // Supplement §8 "Telling them apart", in its order.
        QTest::newRow("TMR ids are ring/local") << "tensormap_and_ringbuffer" << QList<quint64>{task(1, 2)}
                                                << int(TaskIdFormat::RingLocal) << false;
        QTest::newRow("no runtime") << "" << QList<quint64>{hbgSubTask(1, 1, 1)}
                                    << int(TaskIdFormat::RingLocal) << false;
        QTest::newRow("new: SUB_TASK id")
            << hbg << QList<quint64>{5, hbgSubTask(1, 2, 3)} << int(TaskIdFormat::HbgSubTask) << false;
        QTest::newRow("new: PARAM id")
            << hbg << QList<quint64>{hbgSubTask(2, 0, 3)} << int(TaskIdFormat::HbgSubTask) << false;
        QTest::newRow("new wins over an old-looking id")
            << hbg << QList<quint64>{hbgInGraph(1, 1, 1), hbgSubTask(1, 2, 3)}
            << int(TaskIdFormat::HbgSubTask) << false;
        QTest::newRow("old: high word 1")
            << hbg << QList<quint64>{4, hbgInGraph(1, 3, 17)} << int(TaskIdFormat::HbgInGraph) << false;
        QTest::newRow("neutral: all below 2^32")
            << hbg << QList<quint64>{0, 23, 0xFFFFFFFF} << int(TaskIdFormat::HbgGlobal) << false;
        QTest::newRow("invalid ids are ignored")
            << hbg << QList<quint64>{23, kInvalid} << int(TaskIdFormat::HbgGlobal) << false;
        QTest::newRow("no ids") << hbg << QList<quint64>{} << int(TaskIdFormat::HbgGlobal) << false;
        QTest::newRow("corrupt in both")
            << hbg << QList<quint64>{task(2, 1)} << int(TaskIdFormat::HbgSubTask) << true;
    }
    void layoutDetection()
    {
        QFETCH(QString, runtime);
        QFETCH(QList<quint64>, ids);
        QFETCH(int, layout);
        QFETCH(bool, fitsNeither);
        bool neither = !fitsNeither;
        const std::vector<std::uint64_t> v(ids.begin(), ids.end());
        QCOMPARE(int(taskIdFormatFor(runtime, v, &neither)), layout);
        QCOMPARE(neither, fitsNeither);
    }

    void taskLabelsFollowTheCaptureLayout()
    {
        Capture capture;
        capture.info.taskIdFormat = TaskIdFormat::HbgInGraph;
        capture.names.names = {{3, "QK"}};
        capture.rows.push_back(row(hbgInGraph(1, 2, 5), CoreType::Aiv, 3));
        QCOMPARE(lanescope::taskLabel(capture, capture.rows.front()), QStringLiteral("QK(g2t5)"));
    }

    void functionName_data()
    {
        QTest::addColumn<int>("funcId");
        QTest::addColumn<QString>("expected");
        QTest::newRow("0") << 0 << "func_0_a";
        QTest::newRow("1") << 1 << "func_1_b";
        QTest::newRow("25") << 25 << "func_25_z";
        QTest::newRow("26") << 26 << "func_26_aa";
        QTest::newRow("27") << 27 << "func_27_ab";
        QTest::newRow("51") << 51 << "func_51_az";
        QTest::newRow("52") << 52 << "func_52_ba";
        QTest::newRow("701") << 701 << "func_701_zz";
        QTest::newRow("702") << 702 << "func_702_aaa";
        QTest::newRow("unresolved") << -1 << "func_-1_";
        QTest::newRow("other negative") << -5 << "func_-5_";
        QTest::newRow("named") << 3 << "QK";
        QTest::newRow("empty name falls back") << 4 << "func_4_e";
    }

    void functionName()
    {
        QFETCH(int, funcId);
        QFETCH(QString, expected);
        NameMap names;
        names.names = {{3, QStringLiteral("QK")}, {4, QString()}};
        QCOMPARE(lanescope::functionName(funcId, names), expected);
    }

    void taskLabel_data()
    {
        QTest::addColumn<quint64>("taskId");
        QTest::addColumn<int>("funcId");
        QTest::addColumn<int>("blockNum"); // 0: no deps.json entry
        QTest::addColumn<int>("rowCount"); // rows of the task, all AIV
        QTest::addColumn<QString>("expected");

        QTest::newRow("unresolved") << task(0, 5) << -1 << 0 << 1 << "task(r0t5)";
        QTest::newRow("unresolved ring 2") << task(2, 10) << -1 << 0 << 1 << "task(r2t10)";
        QTest::newRow("named") << task(1, 3) << 3 << 1 << 1 << "QK(r1t3)";
        QTest::newRow("generated a") << task(0, 0) << 0 << 1 << 1 << "func_0_a(r0t0)";
        QTest::newRow("generated aa") << task(0, 4) << 26 << 1 << 1 << "func_26_aa(r0t4)";
        QTest::newRow("spmd by block_num") << task(2, 10) << 10 << 4 << 1 << "v_proj_spmd(r2t10)";
        QTest::newRow("spmd already in name") << task(0, 0) << 11 << 4 << 4 << "SPMD_WRITE_AIV(r0t0)";
        QTest::newRow("spmd lower case in name") << task(0, 1) << 12 << 2 << 2 << "attn_Spmd_tile(r0t1)";
        QTest::newRow("spmd by rows, generated") << task(0, 9) << 2 << 0 << 3 << "func_2_c_spmd(r0t9)";
        QTest::newRow("spmd unresolved") << task(0, 7) << -1 << 0 << 2 << "task_spmd(r0t7)";
        QTest::newRow("block_num 1 overrides rows") << task(0, 8) << 3 << 1 << 3 << "QK(r0t8)";
        QTest::newRow("suffix before the first paren") << task(0, 2) << 13 << 8 << 1 << "mm_spmd(bf16)(r0t2)";
        QTest::newRow("spmd inside parens does not count")
            << task(0, 3) << 14 << 8 << 1 << "mv_spmd(spmd)(r0t3)";
    }

    void taskLabel()
    {
        QFETCH(quint64, taskId);
        QFETCH(int, funcId);
        QFETCH(int, blockNum);
        QFETCH(int, rowCount);
        QFETCH(QString, expected);

        Capture capture;
        capture.names.names = {
            {3, "QK"},        {10, "v_proj"},  {11, "SPMD_WRITE_AIV"}, {12, "attn_Spmd_tile"},
            {13, "mm(bf16)"}, {14, "mv(spmd)"}};
        for (int i = 0; i < rowCount; ++i)
            capture.rows.push_back(row(taskId, CoreType::Aiv, funcId, i));
        if (blockNum > 0) {
            DepNode node;
            node.taskId = taskId;
            node.blockNum = blockNum;
            node.flags = DepNode::InTasks;
            capture.deps.build({node}, {});
        }
        QCOMPARE(lanescope::taskLabel(capture, capture.rows.front()), expected);
    }

    void otherLabels()
    {
        QCOMPARE(dummyLabel(task(0, 4)), QStringLiteral("dummy(r0t4)"));
        QCOMPARE(dummyLabel(task(0, 4), TaskIdFormat::HbgGlobal), QStringLiteral("dummy(t4)"));
        QCOMPARE(allocLabel(hbgSubTask(1, 7, 2), TaskIdFormat::HbgSubTask), QStringLiteral("alloc(g7t2)"));
        QCOMPARE(dummyLabel(task(3, 12)), QStringLiteral("dummy(r3t12)"));
        QCOMPARE(allocLabel(task(1, 0)), QStringLiteral("alloc(r1t0)"));
        QCOMPARE(schedulerPhaseLabel(QStringLiteral("complete"), 3), QStringLiteral("complete(3)"));
        QCOMPARE(schedulerPhaseLabel(QStringLiteral("dispatch"), 0), QStringLiteral("dispatch(0)"));
        QCOMPARE(schedulerPhaseLabel(QStringLiteral("dispatch"), 4294967295u),
                 QStringLiteral("dispatch(4294967295)"));
    }

    void orchestratorLabels_data()
    {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<bool>("hasTaskId");
        QTest::addColumn<QString>("expected");
        QTest::newRow("submit with task") << QString() << true << "submit(r1t2)";
        QTest::newRow("submit without task") << QString() << false << "submit(17)";
        QTest::newRow("legacy fanin") << "orch_fanin" << true << "fanin(r1t2)";
        QTest::newRow("legacy scope end") << "orch_scope_end" << false << "scope_end(17)";
        QTest::newRow("no prefix") << "other" << true << "other(r1t2)";
    }

    void orchestratorLabels()
    {
        QFETCH(QString, phase);
        QFETCH(bool, hasTaskId);
        QFETCH(QString, expected);
        PhaseRecord record;
        record.submitIdx = 17;
        record.taskId = task(1, 2);
        record.flags = hasTaskId ? PhaseRecord::HasTaskId : 0;
        QCOMPARE(phase.isEmpty() ? orchestratorLabel(record) : orchestratorLabel(phase, record), expected);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestLabels)
#include "tst_labels.moc"
