// What the details panel says about a trace slice beyond its times: the run epoch and the kept
// args of the newest converter's merged trace (supplement §4.3, §7); and how tooltips and the panel
// name a lane whose id needs explaining (an A5 AICore lane's worker id, supplement §7 "Worker View").
#include "model/capture/lanebuilder.h"
#include "model/capture/slicelabel.h"
#include "model/io/records/recordsreader.h"
#include "model/io/trace/tracereader.h"
#include "testmain.h"
#include "widgets/text/slicedetails.h"
#include "widgets/text/timeformat.h"
#include "widgets/timeline/timelineview.h"

#include <QToolTip>
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

    // Lanes of a native capture have their own details: a trace slice's kept args are not theirs.
    void otherLanesGetNoTraceLines()
    {
        QVERIFY(!m_capture.traceSliceArgs.empty());
        Lane worker;
        worker.kind = LaneKind::Worker;
        Slice s;
        s.ref = m_capture.traceSliceArgs.front().ref;
        QCOMPARE(lanescope::traceSliceLines(m_capture, worker, s), QStringList());
    }

    void a5LanesSayTheWorkerAndThePhysicalCore()
    {
        auto c = std::make_shared<Capture>();
        ReadError error;
        auto source =
            ByteSource::open(QStringLiteral(LANESCOPE_FIXTURES "/records/a5_worker_ids.json"), &error);
        QVERIFY2(source && readRecords(*source, *c, &error), qPrintable(error.toString()));
        buildLanes(*c);
        const QString detail = QStringLiteral("worker 3 · physical core 17");
        int laneIndex = -1;
        for (std::size_t l = 0; l < c->lanes.size(); ++l)
            if (c->lanes[l].group == QLatin1String("AICore") && c->lanes[l].name == QLatin1String("AIC_3"))
                laneIndex = int(l);
        QVERIFY(laneIndex >= 0);
        const Lane &lane = c->lanes[std::size_t(laneIndex)];
        QCOMPARE(laneTitleLines(lane), (QStringList{QStringLiteral("AICore / AIC_3"), detail}));
        QVERIFY(sliceDetailsHtml(*c, lane, lane.slices.front())
                    .contains(QStringLiteral("AICore / AIC_3<br>") + detail));
        Lane plain;
        plain.group = QStringLiteral("AICore");
        plain.name = QStringLiteral("AIC_0");
        QCOMPARE(laneTitleLines(plain), QStringList{QStringLiteral("AICore / AIC_0")});

        // The timeline's tooltips over the lane header and over the lane's bar say it too.
        TimelineView view;
        view.resize(800, 400);
        view.setCapture(c);
        view.setVisibleRange({0, 0.6});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        int y = -1;
        for (const TimelineRow &r : view.layout().rows())
            if (r.kind == TimelineRow::Kind::Lane && r.index == laneIndex)
                y = view.timelineViewport().lanesTop() + r.y + r.height / 2;
        QVERIFY(y > 0);
        const double barMiddleUs = (lane.slices.front().startUs + lane.slices.front().endUs) / 2;
        const QString title = QStringLiteral("AICore / AIC_3\n") + detail;
        const std::pair<int, QString> hovers[] = {
            {view.timelineViewport().headerWidthPx / 2, title + QStringLiteral("\n1 slice")},
            {int(std::lround(view.timelineViewport().xOf(barMiddleUs))),
             sliceLabel(*c, lane, lane.slices.front()) + QLatin1Char('\n') + title},
        };
        for (const auto &[x, expected] : hovers) {
            const QPoint pos(x, y);
            QHelpEvent help(QEvent::ToolTip, pos, view.viewport()->mapToGlobal(pos));
            QApplication::sendEvent(view.viewport(), &help);
            QTRY_VERIFY(QToolTip::isVisible());
            QVERIFY2(QToolTip::text().startsWith(expected), qPrintable(QToolTip::text()));
        }
    }

private:
    Capture m_capture;
};

LANESCOPE_TEST_MAIN(TestSliceDetails)
#include "tst_slicedetails.moc"
