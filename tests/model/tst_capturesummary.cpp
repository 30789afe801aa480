#include "model/analysis/capturesummary.h"
#include "testmain.h"

using namespace lanescope;

namespace {
TaskRow row(std::uint64_t task, double recv, double start, double end, double disp, double fin, bool aicpu)
{
    TaskRow r;
    r.taskId = task;
    r.receiveUs = recv;
    r.startUs = start;
    r.endUs = end;
    r.dispatchUs = disp;
    r.finishUs = fin;
    r.flags = TaskRow::HasReceive | (aicpu ? TaskRow::HasAicpu : 0);
    return r;
}

Lane lane(const QString &group, const QString &name, std::vector<Slice> slices, bool aligned = true)
{
    Lane l;
    l.group = group;
    l.name = name;
    l.slices = std::move(slices);
    l.clockAligned = aligned;
    return l;
}
} // namespace

class TestCaptureSummary : public QObject
{
    Q_OBJECT

private slots:
    void makespan_data()
    {
        QTest::addColumn<int>("level");
        QTest::addColumn<bool>("aicpu");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("kind");
        // Rows: dispatch 0.5..finish 9.0 (level >= 2); receive 1.0..end 8.0 (level 1).
        QTest::newRow("level 4: total test time") << 4 << true << 8.5 << "total_test_time";
        QTest::newRow("level 2: total test time") << 2 << true << 8.5 << "total_test_time";
        QTest::newRow("level 1: observed span") << 1 << false << 7.0 << "aicore_observed_span";
    }
    void makespan()
    {
        QFETCH(int, level);
        QFETCH(bool, aicpu);
        QFETCH(double, expected);
        QFETCH(QString, kind);
        Capture c;
        c.info.level = level;
        c.rows = {row(1, 1.0, 1.5, 4.0, aicpu ? 0.5 : 0, aicpu ? 4.5 : 0, aicpu),
                  row(1, 2.0, 2.5, 8.0, aicpu ? 1.0 : 0, aicpu ? 9.0 : 0, aicpu),
                  row(4294967297ull, 3.0, 3.5, 6.0, aicpu ? 2.5 : 0, aicpu ? 6.5 : 0, aicpu)};
        const CaptureSummary s = summarize(c);
        QCOMPARE(s.rows, std::size_t(3));
        QCOMPARE(s.tasks, std::size_t(2));
        QVERIFY(s.makespanUs.has_value());
        QCOMPARE(*s.makespanUs, expected);
        QCOMPARE(s.makespanKind, kind);
        QCOMPARE(s.format, QStringLiteral("chip_swimlane_records"));
    }

    void rowsWithoutAicpuTimingAreNotInTheTotalTestTime()
    {
        // An AICore row whose AICPU partner was lost must not pull min(dispatch) to 0 (§13.3).
        Capture c;
        c.info.level = 3;
        TaskRow lost = row(2, 0.2, 0.3, 20.0, 0, 0, false);
        lost.flags |= TaskRow::AicpuMissing;
        c.rows = {row(1, 1.0, 1.5, 4.0, 0.5, 4.5, true), lost};
        QCOMPARE(*summarize(c).makespanUs, 4.0);
    }

    void traceCountsSlicesAndSpan()
    {
        Capture c;
        c.info.format = CaptureFormat::ChromeTrace;
        Slice instant{7.0, 7.0, 0, 0, 0, Slice::Instant};
        c.lanes.push_back(
            lane("Worker View", "AIC_0", {{1.0, 3.0, 0, 0, 0, 0}, {2.0, 2.5, 1, 0, 1, 0}, instant}));
        c.lanes.push_back(
            lane("Host", "log", {{-50.0, 100.0, 0, 0, 0, 0}}, false)); // other clock: not in the range
        const CaptureSummary s = summarize(c);
        QCOMPARE(s.format, QStringLiteral("chrome_trace"));
        QCOMPARE(s.rows, std::size_t(3));  // slices with a duration
        QCOMPARE(s.tasks, std::size_t(4)); // all slices
        QCOMPARE(s.firstUs, 1.0);
        QCOMPARE(s.lastUs, 7.0);
        QCOMPARE(*s.makespanUs, 6.0);
        QCOMPARE(s.lanes.size(), std::size_t(2));
        QCOMPARE(s.lanes[0].slices, std::size_t(3));
        QVERIFY(!s.level.has_value());
    }

    void emptyCaptureHasNoMakespan()
    {
        Capture c;
        c.info.level = 2;
        const CaptureSummary s = summarize(c);
        QVERIFY(!s.makespanUs.has_value());
        QCOMPARE(s.rows, std::size_t(0));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCaptureSummary)
#include "tst_capturesummary.moc"
