#include "model/analysis/functionsummary.h"
#include "model/io/records/recordsreader.h"
#include "testmain.h"

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
        // Supplement §6.1: Count and Avg Exec over every row, the latency columns over the rows with
        // scheduler timing (the fourth row lost its AICPU record).
        const FunctionSummary s = functionSummary(capture(2));
        QCOMPARE(s.functions.size(), std::size_t(2));
        QCOMPARE(s.rowsWithoutAicpu, std::size_t(1));
        QVERIFY(s.hasAicpu);
        const FunctionStats &qk = s.functions[0];
        QCOMPARE(qk.name, QStringLiteral("qk"));
        QCOMPARE(qk.count, std::size_t(2));
        QCOMPARE(qk.avgExecUs, 3.0);          // (4 + 2) / 2
        QCOMPARE(*qk.avgLatencyUs, 6.0);      // (8 + 4) / 2
        QCOMPARE(*qk.execPct, 50.0);          // 6 / 12
        QCOMPARE(*qk.avgHeadOhUs, 1.5);       // (2 + 1) / 2
        QCOMPARE(*qk.avgTailOhUs, 1.5);       // (2 + 1) / 2
        QCOMPARE(*qk.avgPropagationUs, 0.75); // (1 + 0.5) / 2
        QCOMPARE(qk.avgLocalSetupUs, 0.75);   // (1 + 0.5) / 2
        const FunctionStats &other = s.functions[1];
        QCOMPARE(other.funcId, 3);
        QCOMPARE(other.name, QStringLiteral("func_3_d"));
        QCOMPARE(other.count, std::size_t(2));
        QCOMPARE(other.validRows, std::size_t(1));
        QCOMPARE(other.avgExecUs, 52.5);     // (5 + 100) / 2: every row
        QCOMPARE(*other.avgLatencyUs, 11.0); // the valid row only
        QCOMPARE(s.total.count, std::size_t(4));
        QCOMPARE(s.total.totalExecUs, 111.0);
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

    void newestReferenceFromAHandWrittenCapture()
    {
        // level2_partial_scheduler_timing.json at 1 MHz, base 100: task 1 dispatch 0, receive 6, start 10,
        // end 50, finish 60; task 2 dispatch 15, receive 18, start 20, end 30, finish 40; task 3 receive
        // 55, start 60, end 100 and no scheduler row.
        Capture c;
        ReadError error;
        auto source = ByteSource::open(
            QStringLiteral(LANESCOPE_FIXTURES "/records/level2_partial_scheduler_timing.json"), &error);
        QVERIFY(source && readRecords(*source, c, &error));
        const FunctionSummary s = functionSummary(c);
        QCOMPARE(s.rowsWithoutAicpu, std::size_t(1));
        const FunctionStats &t = s.total;
        QCOMPARE(t.count, std::size_t(3));
        QCOMPARE(t.validRows, std::size_t(2));
        QCOMPARE(t.totalExecUs, 90.0);
        QCOMPARE(t.avgExecUs, 30.0);
        QCOMPARE(*t.totalLatencyUs, 85.0);
        QCOMPARE(*t.avgLatencyUs, 42.5); // 85 / 2, not 85 / 3
        QCOMPARE(*t.execPct, 50.0 / 85.0 * 100.0);
        QCOMPARE(*t.avgHeadOhUs, 7.5);
        QCOMPARE(*t.avgTailOhUs, 10.0);
        QCOMPARE(*t.avgPropagationUs, 4.5);
        QCOMPARE(t.avgLocalSetupUs, 11.0 / 3.0);
        QCOMPARE(*s.footerAvgExecUs, 25.0);
        QCOMPARE(*s.footerAvgLatencyUs, 42.5);
        QCOMPARE(*s.footerExecLatencyPct, 50.0 / 85.0 * 100.0);
        QVERIFY(s.dispatchToStart);
        QCOMPARE(s.dispatchToStart->totalUs, 15.0);
        QCOMPARE(s.dispatchToStart->maxUs, 10.0);
    }

    void noValidRowNoLatencyColumns()
    {
        Capture c = capture(2);
        for (TaskRow &r : c.rows)
            r.flags = TaskRow::HasReceive | TaskRow::AicpuMissing;
        const FunctionSummary s = functionSummary(c);
        QVERIFY(!s.hasAicpu);
        QCOMPARE(s.rowsWithoutAicpu, std::size_t(4));
        QCOMPARE(s.total.count, std::size_t(4));
        QVERIFY(!s.total.avgLatencyUs && !s.total.execPct && !s.total.avgHeadOhUs);
        QVERIFY(!s.dispatchToStart && !s.footerAvgLatencyUs);
    }

    void regionByStart_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<int>("rows");
        QTest::newRow("all") << -1.0 << 1000.0 << 4;
        QTest::newRow("first half") << 0.0 << 5.0 << 3;
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

LANESCOPE_TEST_GUILESS_MAIN(TestFunctionSummary)
#include "tst_functionsummary.moc"
