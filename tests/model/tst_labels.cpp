#include "model/capture/labels.h"

#include <QTest>

using namespace lanescope;

namespace {

constexpr quint64 task(quint64 ring, quint64 local)
{
    return (ring << 32) | local;
}

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
        QTest::newRow("t0") << task(0, 0) << "t0";
        QTest::newRow("t5") << task(0, 5) << "t5";
        QTest::newRow("r2t10") << task(2, 10) << "r2t10";
        QTest::newRow("max local") << task(0, 0xFFFFFFFF) << "t4294967295";
        QTest::newRow("ring 255") << task(0xFF, 3) << "r255t3";
        QTest::newRow("ring uses low 8 bits") << task(0x1FF, 3) << "r255t3";
        QTest::newRow("ring 256 shows as ring 0") << task(0x100, 7) << "t7";
        QTest::newRow("all bits") << ~quint64(0) << "r255t4294967295";
    }

    void taskDisplayId()
    {
        QFETCH(quint64, taskId);
        QFETCH(QString, expected);
        QCOMPARE(lanescope::taskDisplayId(taskId), expected);
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

        QTest::newRow("unresolved") << task(0, 5) << -1 << 0 << 1 << "task(t5)";
        QTest::newRow("unresolved ring 2") << task(2, 10) << -1 << 0 << 1 << "task(r2t10)";
        QTest::newRow("named") << task(1, 3) << 3 << 1 << 1 << "QK(r1t3)";
        QTest::newRow("generated a") << task(0, 0) << 0 << 1 << 1 << "func_0_a(t0)";
        QTest::newRow("generated aa") << task(0, 4) << 26 << 1 << 1 << "func_26_aa(t4)";
        QTest::newRow("spmd by block_num") << task(2, 10) << 10 << 4 << 1 << "v_proj_spmd(r2t10)";
        QTest::newRow("spmd already in name") << task(0, 0) << 11 << 4 << 4 << "SPMD_WRITE_AIV(t0)";
        QTest::newRow("spmd lower case in name") << task(0, 1) << 12 << 2 << 2 << "attn_Spmd_tile(t1)";
        QTest::newRow("spmd by rows, generated") << task(0, 9) << 2 << 0 << 3 << "func_2_c_spmd(t9)";
        QTest::newRow("spmd unresolved") << task(0, 7) << -1 << 0 << 2 << "task_spmd(t7)";
        QTest::newRow("block_num 1 overrides rows") << task(0, 8) << 3 << 1 << 3 << "QK(t8)";
        QTest::newRow("suffix before the first paren") << task(0, 2) << 13 << 8 << 1 << "mm_spmd(bf16)(t2)";
        QTest::newRow("spmd inside parens does not count")
            << task(0, 3) << 14 << 8 << 1 << "mv_spmd(spmd)(t3)";
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
        QCOMPARE(dummyLabel(task(0, 4)), QStringLiteral("dummy(t4)"));
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

QTEST_GUILESS_MAIN(TestLabels)
#include "tst_labels.moc"
