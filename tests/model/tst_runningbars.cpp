#include "model/analysis/runningbars.h"
#include "testmain.h"

#include <QRandomGenerator>
#include <cmath>

using namespace lanescope;

namespace {

using Bars = QList<QPair<double, double>>; // (start, end)

std::vector<TaskRow> rowsOf(const Bars &bars)
{
    std::vector<TaskRow> rows;
    for (const auto &[start, end] : bars) {
        TaskRow r;
        r.startUs = start;
        r.endUs = end;
        rows.push_back(r);
    }
    return rows;
}

std::vector<const TaskRow *> pointers(const std::vector<TaskRow> &rows)
{
    std::vector<const TaskRow *> out;
    for (const TaskRow &r : rows)
        out.push_back(&r);
    return out;
}

// The definition: some bar starts before `to` and ends after `from`.
bool scan(const std::vector<TaskRow> &rows, double from, double to)
{
    return std::any_of(rows.begin(), rows.end(),
                       [&](const TaskRow &r) { return r.startUs < to && r.endUs > from; });
}

} // namespace

class TestRunningBars : public QObject
{
    Q_OBJECT

private slots:
    void anyWithin_data()
    {
        QTest::addColumn<Bars>("bars");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<bool>("expected");

        const Bars two{{0, 10}, {20, 30}};
        QTest::newRow("gap between bars") << two << 10.0 << 20.0 << false;
        QTest::newRow("gap reaching into the second") << two << 10.0 << 20.5 << true;
        QTest::newRow("gap reaching back into the first") << two << 9.5 << 20.0 << true;
        QTest::newRow("inside a bar") << two << 2.0 << 3.0 << true;
        QTest::newRow("after every bar") << two << 30.0 << 40.0 << false;
        QTest::newRow("before every bar") << two << -5.0 << 0.0 << false;
        QTest::newRow("no bars") << Bars{} << 0.0 << 1.0 << false;
        QTest::newRow("a long bar ending early in the list still covers")
            << Bars{{0, 100}, {1, 2}, {3, 4}} << 50.0 << 60.0 << true;
        QTest::newRow("zero-length bar inside the gap")
            << Bars{{0, 10}, {15, 15}, {20, 30}} << 10.0 << 20.0 << true;
        QTest::newRow("zero-length bar on the gap's edge")
            << Bars{{0, 10}, {10, 10}} << 10.0 << 20.0 << false;
        QTest::newRow("bar ending before it starts, inside the gap")
            << Bars{{0, 10}, {16, 14}, {20, 30}} << 10.0 << 20.0 << true;
        QTest::newRow("NaN never runs") << Bars{{NAN, 100}, {0, NAN}, {0, 10}} << 10.0 << 20.0 << false;
        QTest::newRow("infinite bar covers everything") << Bars{{-INFINITY, INFINITY}} << 5.0 << 6.0 << true;
    }

    void anyWithin()
    {
        QFETCH(Bars, bars);
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(bool, expected);
        const std::vector<TaskRow> rows = rowsOf(bars);
        QCOMPARE(scan(rows, from, to), expected); // the table states the definition
        QCOMPARE(RunningBars(pointers(rows)).anyWithin(from, to), expected);
    }

    void agreesWithAScan()
    {
        QRandomGenerator random(20261205);
        for (int round = 0; round < 50; ++round) {
            Bars bars;
            const int n = random.bounded(1, 200);
            for (int i = 0; i < n; ++i) {
                const double start = random.bounded(1000);
                bars.append({start, start + random.bounded(-5, 40)});
            }
            const std::vector<TaskRow> rows = rowsOf(bars);
            const RunningBars running(pointers(rows));
            for (int q = 0; q < 200; ++q) {
                const double from = random.bounded(1100) - 50;
                const double to = from + random.bounded(60);
                QCOMPARE(running.anyWithin(from, to), scan(rows, from, to));
            }
        }
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRunningBars)
#include "tst_runningbars.moc"
