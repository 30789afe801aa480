#include "model/capture/taskindex.h"
#include "testmain.h"

using namespace lanescope;

namespace {

constexpr quint64 kR1T0 = quint64(1) << 32;

TaskRow row(quint64 taskId, CoreType type = CoreType::Aiv)
{
    TaskRow r;
    r.taskId = taskId;
    r.coreType = type;
    return r;
}

// Task ids as they would come from the reader: sorted, several rows per task.
TaskRows sampleRows()
{
    return {row(0), row(0), row(1), row(5), row(5), row(5), row(kR1T0)};
}

using Range = QPair<qsizetype, qsizetype>;

} // namespace

class TestTaskIndex : public QObject
{
    Q_OBJECT

private slots:
    void rowsOfTask_data()
    {
        QTest::addColumn<quint64>("taskId");
        QTest::addColumn<Range>("range");
        QTest::newRow("first task") << quint64(0) << Range{0, 2};
        QTest::newRow("single row") << quint64(1) << Range{2, 3};
        QTest::newRow("three rows") << quint64(5) << Range{3, 6};
        QTest::newRow("ring 1") << kR1T0 << Range{6, 7};
        QTest::newRow("absent between") << quint64(2) << Range{3, 3};
        QTest::newRow("absent after") << kR1T0 + 1 << Range{7, 7};
    }

    void rowsOfTask()
    {
        QFETCH(quint64, taskId);
        QFETCH(Range, range);
        const auto [first, last] = lanescope::rowsOfTask(sampleRows(), taskId);
        QCOMPARE((Range{qsizetype(first), qsizetype(last)}), range);
    }

    void distinctTaskCount()
    {
        QCOMPARE(lanescope::distinctTaskCount(sampleRows()), std::size_t(4));
        QCOMPARE(lanescope::distinctTaskCount({}), std::size_t(0));
        QCOMPARE(lanescope::distinctTaskCount({row(9)}), std::size_t(1));
    }

    // Spec §4.3 decision table.
    void isSpmdTask_data()
    {
        QTest::addColumn<int>("depsEntry"); // 0 none, 1 tasks[] entry, 2 edge-only node, 3 no graph at all
        QTest::addColumn<int>("blockNum");
        QTest::addColumn<QString>("rowTypes"); // one letter per row: c = AIC, v = AIV
        QTest::addColumn<bool>("spmd");

        QTest::newRow("deps block_num 4, one row") << 1 << 4 << "v" << true;
        QTest::newRow("deps block_num 4, no rows") << 1 << 4 << "" << true;
        QTest::newRow("deps block_num 2, MIX rows") << 1 << 2 << "cv" << true;
        QTest::newRow("deps block_num 1 is authoritative") << 1 << 1 << "vvv" << false;
        QTest::newRow("no entry, three AIV rows") << 0 << 0 << "vvv" << true;
        QTest::newRow("no entry, two AIC rows") << 0 << 0 << "cc" << true;
        QTest::newRow("no entry, one row") << 0 << 0 << "v" << false;
        QTest::newRow("no entry, no rows") << 0 << 0 << "" << false;
        QTest::newRow("no entry, MIX rows") << 0 << 0 << "cvv" << false;
        QTest::newRow("edge-only node falls back to rows") << 2 << 0 << "vv" << true;
        QTest::newRow("no deps.json, two AIV rows") << 3 << 0 << "vv" << true;
        QTest::newRow("no deps.json, MIX") << 3 << 0 << "vc" << false;
    }

    void isSpmdTask()
    {
        QFETCH(int, depsEntry);
        QFETCH(int, blockNum);
        QFETCH(QString, rowTypes);
        QFETCH(bool, spmd);

        constexpr quint64 subject = 7;
        Capture capture;
        capture.rows = {row(3), row(3, CoreType::Aic)}; // an unrelated multi-row task before it
        for (const QChar c : rowTypes)
            capture.rows.push_back(row(subject, c == u'c' ? CoreType::Aic : CoreType::Aiv));
        capture.rows.push_back(row(9));

        std::vector<DepNode> nodes;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
        DepNode other;
        other.taskId = 3;
        other.flags = DepNode::InTasks;
        nodes.push_back(other);
        if (depsEntry == 1) {
            DepNode node;
            node.taskId = subject;
            node.blockNum = blockNum;
            node.flags = DepNode::InTasks | DepNode::HasKernelIds;
            nodes.push_back(node);
        } else if (depsEntry == 2) {
            edges.emplace_back(3, subject);
        }
        if (depsEntry != 3)
            capture.deps.build(nodes, edges);

        QCOMPARE(lanescope::isSpmdTask(capture, subject), spmd);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestTaskIndex)
#include "tst_taskindex.moc"
