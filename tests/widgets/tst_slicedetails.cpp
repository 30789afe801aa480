// What the details panel says about a trace slice beyond its times: the run epoch and the kept
// args of the newest converter's merged trace (supplement §4.3, §7).
#include "model/io/tracereader.h"
#include "widgets/slicedetails.h"
#include "widgets/timeformat.h"

#include <QtTest>

using namespace lanescope;

class TestSliceDetails : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        ReadError error;
        auto source = ByteSource::open(
            QStringLiteral(LANESCOPE_FIXTURES "/traces/merged_swimlane_newest.json"), &error);
        QVERIFY2(source && readChromeTrace(*source, m_capture, &error), qPrintable(error.toString()));
    }

    void traceSliceLines_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<QString>("lane");
        QTest::addColumn<int>("slice");
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("scheduler view, run 1")
            << "Scheduler View"
            << "AIC_0" << 0 << QStringList({"Run epoch: 1", "scheduler-duration-us: " + formatDuration(5.0)});
        QTest::newRow("scheduler view, run 2")
            << "Scheduler View"
            << "AIC_0" << 1 << QStringList({"Run epoch: 2", "scheduler-duration-us: " + formatDuration(5.5)});
        QTest::newRow("worker view: epoch only") << "Worker View"
                                                 << "AIC_0" << 1 << QStringList({"Run epoch: 2"});
        QTest::newRow("lifecycle: nothing more") << "AICPU Lifecycle"
                                                 << "AICPU Thread 0" << 0 << QStringList();
    }

    void traceSliceLines()
    {
        QFETCH(QString, group);
        QFETCH(QString, lane);
        QFETCH(int, slice);
        QFETCH(QStringList, lines);
        const Lane *found = nullptr;
        for (const Lane &l : m_capture.lanes)
            if (l.group == group && l.name == lane)
                found = &l;
        QVERIFY(found);
        QVERIFY(slice < int(found->slices.size()));
        const Slice &s = found->slices[std::size_t(slice)];
        QCOMPARE(lanescope::traceSliceLines(m_capture, *found, s), lines);
        const QString html = sliceDetailsHtml(m_capture, *found, s);
        for (const QString &line : lines)
            QVERIFY2(html.contains(line.section(QStringLiteral(": "), 1).toHtmlEscaped()), qPrintable(html));
    }

    // Lanes of a native capture have their own details; their runEpoch field is not a trace's.
    void otherLanesGetNoTraceLines()
    {
        Lane worker;
        worker.kind = LaneKind::Worker;
        Slice s;
        s.runEpoch = 3;
        QCOMPARE(lanescope::traceSliceLines(m_capture, worker, s), QStringList());
    }

private:
    Capture m_capture;
};

QTEST_MAIN(TestSliceDetails)
#include "tst_slicedetails.moc"
