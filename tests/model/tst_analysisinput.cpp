#include "analysiscapture.h"
#include "model/analysis/analysisinput.h"
#include "testmain.h"

#include <QRandomGenerator>

using namespace lanescope;

namespace {

// The order AnalysisInput::byCore promises: core id, then (start, end, dispatch), ties in row order.
std::vector<std::uint32_t> expectedOrder(const AnalysisInput &in)
{
    std::vector<std::uint32_t> order(in.rows.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const TaskRow &x = *in.rows[a], &y = *in.rows[b];
        return std::tie(x.coreId, x.startUs, x.endUs, x.dispatchUs) <
               std::tie(y.coreId, y.startUs, y.endUs, y.dispatchUs);
    });
    return order;
}

} // namespace

class TestAnalysisInput : public QObject
{
    Q_OBJECT

private slots:
    void rowsByCoreInTimeOrder_data()
    {
        QTest::addColumn<QList<int>>("cores"); // drawn from for every row
        QTest::addColumn<int>("rows");
        QTest::newRow("one core") << QList<int>{3} << 50;
        QTest::newRow("a few cores") << QList<int>{0, 1, 2, 5, 71} << 400;
        QTest::newRow("negative ids") << QList<int>{-4, -1, 0, 2} << 300;
        QTest::newRow("ids spread wider than counting serves") << QList<int>{0, 1 << 30, -(1 << 30)} << 300;
        QTest::newRow("enough rows for a second thread") << QList<int>{0, 1, 2, 3, 4, 5, 6, 7} << 150000;
        QTest::newRow("no rows") << QList<int>{0} << 0;
    }

    void rowsByCoreInTimeOrder()
    {
        QFETCH(QList<int>, cores);
        QFETCH(int, rows);
        QRandomGenerator random(7);
        std::vector<TaskRow> taskRows;
        for (int i = 0; i < rows; ++i) {
            // Coarse times, so that ties on start, end and dispatch are common.
            const double start = random.bounded(200);
            taskRows.push_back(row(std::uint64_t(i), cores[random.bounded(int(cores.size()))], AIV,
                                   start - random.bounded(3), start, start + random.bounded(4), start + 5));
        }
        Capture c; // rows by task id, as the loader leaves them; no graph is needed here
        c.info.level = 2;
        c.rows = std::move(taskRows);
        const AnalysisInput in = buildAnalysisInput(c, std::nullopt);
        QCOMPARE(in.byCore, expectedOrder(in));
        // One run per distinct core, ascending, covering byCore.
        std::uint32_t covered = 0;
        for (std::size_t r = 0; r < in.coreRuns.size(); ++r) {
            const AnalysisInput::CoreRun &run = in.coreRuns[r];
            QCOMPARE(run.first, covered);
            QVERIFY(run.last > run.first);
            if (r > 0)
                QVERIFY(in.coreRuns[r - 1].coreId < run.coreId);
            for (std::uint32_t i = run.first; i < run.last; ++i)
                QCOMPARE(in.rows[in.byCore[i]]->coreId, run.coreId);
            covered = run.last;
        }
        QCOMPARE(std::size_t(covered), in.rows.size());
    }

    // Every graph node knows its task without a search: the task of its id, or -1 for a node
    // whose task has no selected rows (no rows at all, only rows without AICPU timing, or rows
    // outside the range).
    void nodesKnowTheirTasks_data()
    {
        QTest::addColumn<bool>("ranged");
        QTest::addColumn<bool>("requireAicpu");
        QTest::newRow("whole run") << false << true;
        QTest::newRow("every row") << false << false;
        QTest::newRow("a range") << true << true;
    }

    void nodesKnowTheirTasks()
    {
        QFETCH(bool, ranged);
        QFETCH(bool, requireAicpu);
        std::vector<TaskRow> rows;
        // Tasks 1..40 with rows on two cores, every fifth without AICPU timing; 100 and 7 are
        // graph nodes only (7 sits between tasks that have rows).
        for (std::uint64_t t = 1; t <= 40; ++t) {
            if (t == 7)
                continue;
            const double start = double(t) * 10;
            TaskRow r = row(t, int(t % 2), AIV, start - 1, start, start + 5, start + 6);
            if (t % 5 == 0)
                r.flags = TaskRow::AicpuMissing;
            rows.push_back(r);
        }
        std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
        for (std::uint64_t t = 1; t < 40; ++t)
            edges.emplace_back(t, t + 1);
        const Capture c = captureOf(std::move(rows), std::move(edges), {7, 100});
        const std::optional<AnalysisRange> range =
            ranged ? std::optional<AnalysisRange>(AnalysisRange{95, 255}) : std::nullopt;
        const AnalysisInput in = buildAnalysisInput(c, range, requireAicpu);
        QCOMPARE(in.nodeTask.size(), c.deps.nodes().size());
        int withTask = 0;
        for (std::uint32_t n = 0; n < c.deps.nodes().size(); ++n) {
            QCOMPARE(in.taskOfNode(n), in.taskIndex(c.deps.nodes()[n].taskId));
            withTask += in.taskOfNode(n) >= 0 ? 1 : 0;
        }
        QCOMPARE(std::size_t(withTask), in.tasks.size());
        QVERIFY(withTask > 0 && withTask < int(c.deps.nodes().size()));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestAnalysisInput)
#include "tst_analysisinput.moc"
