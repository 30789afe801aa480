// Counter track tooltips: the value held at a time, and for ring tracks the % of capacity and the
// scope site of that step; shown by the timeline when hovering a counter row in the plot.

#include "testmain.h"
#include "widgets/text/countertooltip.h"
#include "widgets/timeline/timelineview.h"

#include <QHelpEvent>
#include <QToolTip>

using namespace lanescope;

namespace {

// Ring-like: 0 at 10, 12 at 20 (in "a.py:1"), 16 at 30 (in "b.py:2"), 0 at 40; capacity 16.
CounterTrack ringTrack()
{
    CounterTrack t;
    t.group = QStringLiteral("Rings");
    t.name = QStringLiteral("ring 2 task window");
    t.note = QStringLiteral("(inferred)");
    t.timesUs = {10, 20, 30, 40};
    t.values = {0, 12, 16, 0};
    t.capacity = 16;
    t.peakUs = 30;
    t.pointLabels = {QStringLiteral("a.py:1"), QStringLiteral("b.py:2")};
    t.pointLabel = {-1, 0, 1, 1};
    return t;
}

CounterTrack plainTrack()
{
    CounterTrack t;
    t.group = QStringLiteral("AICore");
    t.name = QStringLiteral("oh_aic_ready");
    t.timesUs = {0, 5};
    t.values = {3, 1};
    return t;
}

} // namespace

class TestCounterTooltip : public QObject
{
    Q_OBJECT

private slots:
    void describe_data()
    {
        QTest::addColumn<bool>("ring");
        QTest::addColumn<double>("at");
        QTest::addColumn<QString>("expected");
        QTest::newRow("ring, mid step")
            << true << 25.0
            << QStringLiteral(
                   "ring 2 task window (inferred)\nat 25 µs: 12 of 16 (75.0% of capacity)\nscope a.py:1");
        QTest::newRow("ring, at capacity")
            << true << 30.0
            << QStringLiteral(
                   "ring 2 task window (inferred)\nat 30 µs: 16 of 16 (100.0% of capacity)\nscope b.py:2");
        QTest::newRow("ring, no site yet")
            << true << 10.0
            << QStringLiteral(
                   "ring 2 task window (inferred)\nat 10 µs: 0 of 16 (0.0% of capacity)\nscope unknown");
        QTest::newRow("before the track") << true << 5.0 << QString();
        QTest::newRow("after the track") << true << 41.0 << QString();
        QTest::newRow("recorded counter") << false << 2.0 << QStringLiteral("oh_aic_ready\nat 2 µs: 3");
    }

    // A heap reads in MiB, as on its lane and in the Rings panel, never as a bare byte count.
    void heapInMiB_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("a fifth") << 60.7e6
                                 << QStringLiteral(
                                        "ring 0 heap\nat 5 µs: 57.9 MiB of 256.0 MiB (22.6% of capacity)");
        QTest::newRow("empty") << 0.0
                               << QStringLiteral(
                                      "ring 0 heap\nat 5 µs: 0.0 MiB of 256.0 MiB (0.0% of capacity)");
    }
    void heapInMiB()
    {
        QFETCH(double, bytes);
        QFETCH(QString, expected);
        CounterTrack t;
        t.name = QStringLiteral("ring 0 heap");
        t.unit = CounterUnit::Bytes;
        t.timesUs = {0, 10};
        t.values = {bytes, 0};
        t.capacity = 256.0 * 1024 * 1024;
        QCOMPARE(describeCounterAt(t, 5), expected);
    }

    void describe()
    {
        QFETCH(bool, ring);
        QFETCH(double, at);
        QFETCH(QString, expected);
        QCOMPARE(describeCounterAt(ring ? ringTrack() : plainTrack(), at), expected);
    }

    void capacityUnknownIsSaid()
    {
        CounterTrack t = ringTrack();
        t.capacity.reset();
        QCOMPARE(
            describeCounterAt(t, 25),
            QStringLiteral("ring 2 task window (inferred)\nat 25 µs: 12 (capacity unknown)\nscope a.py:1"));
    }

    void timelineShowsItOverTheCounterRow()
    {
        auto c = std::make_shared<Capture>();
        c->counters.push_back(ringTrack());
        TimelineView view;
        view.resize(800, 300);
        view.setCapture(c);
        view.setVisibleRange({0, 50});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        int y = -1;
        for (const TimelineRow &r : view.layout().rows())
            if (r.kind == TimelineRow::Kind::Counter)
                y = view.timelineViewport().lanesTop() + r.y + r.height / 2;
        QVERIFY(y > 0);
        const QPoint pos(int(std::lround(view.timelineViewport().xOf(35))), y);
        QHelpEvent help(QEvent::ToolTip, pos, view.viewport()->mapToGlobal(pos));
        QApplication::sendEvent(view.viewport(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("16 of 16 (100.0% of capacity)\nscope b.py:2")),
                 qPrintable(QToolTip::text()));
    }
};

LANESCOPE_TEST_MAIN(TestCounterTooltip)
#include "tst_countertooltip.moc"
