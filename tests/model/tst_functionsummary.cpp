#include "model/analysis/functionsummary.h"

#include <QTest>

using namespace lanescope;

namespace {
TaskRow row(int func, double disp, double recv, double start, double end, double fin, bool aicpu = true)
{
    TaskRow r;
    r.funcId = func;
    r.dispatchUs = disp;
    r.receiveUs = recv;
    r.startUs = start;
    r.endUs = end;
    r.finishUs = fin;
    r.flags = TaskRow::HasReceive | (aicpu ? TaskRow::HasAicpu : TaskRow::AicpuMissing);
    return r;
}

// func 0 "qk": two rows; func 3 unnamed: one row; one row lost its AICPU record.
Capture capture(int level)
{
    Capture c;
    c.info.level = level;
    c.names.names = {{0, QStringLiteral("qk")}};
    c.rows = {row(0, 0, 1, 2, 6, 8), row(0, 10, 10.5, 11, 13, 14), row(3, 1, 2, 4, 9, 12),
              row(3, 0, 0, 0, 100, 0, level == 1)};
    return c;
}
} // namespace

class TestFunctionSummary : public QObject
{
    Q_OBJECT

private slots:
    void levelTwoColumnsByHand()
    {
        const FunctionSummary s = functionSummary(capture(2));
        QCOMPARE(s.functions.size(), std::size_t(2));
        QCOMPARE(s.rowsWithoutAicpu, std::size_t(1));
        const FunctionStats &qk = s.functions[0];
        QCOMPARE(qk.name, QStringLiteral("qk"));
        QCOMPARE(qk.count, std::size_t(2));
        QCOMPARE(qk.avgExecUs, 3.0);                 // (4 + 2) / 2
        QCOMPARE(*qk.avgLatencyUs, 6.0);             // (8 + 4) / 2
        QCOMPARE(*qk.execPct, 50.0);                 // 6 / 12
        QCOMPARE(*qk.avgHeadOhUs, 1.5);              // (2 + 1) / 2
        QCOMPARE(*qk.avgTailOhUs, 1.5);              // (2 + 1) / 2
        QCOMPARE(*qk.avgPropagationUs, 0.75);        // (1 + 0.5) / 2
        QCOMPARE(qk.avgLocalSetupUs, 0.75);          // (1 + 0.5) / 2
        const FunctionStats &other = s.functions[1];
        QCOMPARE(other.funcId, 3);
        QCOMPARE(other.name, QStringLiteral("func_3_d"));
        QCOMPARE(s.total.count, std::size_t(3));
        QCOMPARE(s.total.totalExecUs, 11.0);
        QCOMPARE(*s.total.totalLatencyUs, 23.0);
    }

    void levelOneHasNoAicpuColumns()
    {
        const FunctionSummary s = functionSummary(capture(1));
        QVERIFY(!s.hasAicpu);
        QCOMPARE(s.total.count, std::size_t(4));
        for (const FunctionStats &f : s.functions) {
            QVERIFY(!f.avgLatencyUs.has_value());
            QVERIFY(!f.execPct.has_value());
            QVERIFY(!f.avgHeadOhUs.has_value());
        }
    }

    void regionByStart_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<int>("rows");
        QTest::newRow("all") << -1.0 << 1000.0 << 3;
        QTest::newRow("first half") << 0.0 << 5.0 << 2;
        QTest::newRow("end is open") << 2.0 << 11.0 << 2;
        QTest::newRow("empty") << 20.0 << 30.0 << 0;
    }
    void regionByStart()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(int, rows);
        QCOMPARE(int(functionSummary(capture(4), from, to).total.count), rows);
    }
};

QTEST_GUILESS_MAIN(TestFunctionSummary)
#include "tst_functionsummary.moc"
