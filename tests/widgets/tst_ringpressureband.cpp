// The ring pressure band over the AICore lanes: drawn when the Rings panel's action is checked,
// redrawn from the viewport on zoom, gone when unchecked.

#include "generatedcapture.h"

#include "model/analysis/derivedtracks.h"
#include "model/analysis/ringtracks.h"
#include "model/io/loader.h"
#include "testmain.h"
#include "widgets/overlays/ringpressureband.h"
#include "widgets/panels/ringspanel.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QScrollBar>
#include <QTemporaryDir>

#include <cmath>

using namespace lanescope;

namespace {

CapturePtr atCapacityCapture(const QTemporaryDir &dir)
{
    auto c = std::const_pointer_cast<Capture>(generateAndLoad(ringAtCapacityOptions(), dir.path()));
    if (!c)
        return {};
    appendDerivedTracks(*c);
    return c;
}

const CounterTrack *track(const Capture &c, const QString &name)
{
    for (const CounterTrack &t : c.counters)
        if (isRingTrack(t) && t.name == name)
            return &t;
    return nullptr;
}

// Scrolls the AICore lanes to the top and returns a viewport y inside them, below the band's
// caption (which sits at the band's top left).
int firstCoreRowY(TimelineView &view)
{
    const Capture &c = *view.capture();
    int top = -1;
    int bottom = -1;
    for (std::size_t lane = 0; lane < c.lanes.size(); ++lane) {
        const int row = c.lanes[lane].kind == LaneKind::Worker ? view.layout().rowOfLane(int(lane)) : -1;
        if (row < 0)
            continue;
        const TimelineRow &r = view.layout().rows()[std::size_t(row)];
        top = top < 0 ? r.y : std::min(top, r.y);
        bottom = std::max(bottom, r.y + r.height);
    }
    if (top < 0 || bottom - top < 60)
        return -1;
    view.verticalScrollBar()->setValue(top);
    return view.timelineViewport().lanesTop() + top + 45 - int(view.timelineViewport().scrollYPx);
}

QImage shot(TimelineView &view)
{
    view.viewport()->repaint();
    return view.viewport()->grab().toImage();
}

} // namespace

class TestRingPressureBand : public QObject
{
    Q_OBJECT

private slots:
    void bandAppearsFollowsZoomAndHides()
    {
        QTemporaryDir dir;
        const CapturePtr capture = atCapacityCapture(dir);
        QVERIFY(capture);
        const CounterTrack *ring2 = track(*capture, QStringLiteral("ring 2 task window"));
        QVERIFY(ring2);
        QVERIFY(ring2->peakUs);

        TimelineView view;
        view.resize(1100, 700);
        view.setCapture(capture);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        RingsPanel panel;
        panel.setTimeline(&view, nullptr);
        const std::size_t overlaysBefore = view.paintOptions().overlays.size();
        QVERIFY(!panel.bandShown());
        QVERIFY(panel.bandAction()->isCheckable());

        const int y = firstCoreRowY(view);
        QVERIFY(y > view.timelineViewport().lanesTop());
        QVERIFY(y < view.viewport()->height());
        const QImage off = shot(view);

        // Appears: the overlay is added, and the columns where a ring is (partly) full are tinted.
        panel.bandAction()->trigger();
        QVERIFY(panel.bandShown());
        QCOMPARE(view.paintOptions().overlays.size(), overlaysBefore + 1);
        auto checkTint = [&](const QImage &on, const QImage &plain) {
            const TimelineViewport &vp = view.timelineViewport();
            const std::vector<double> columns = RingPressureBand::columnFractions(*capture, vp);
            int tinted = 0;
            for (int c = 0; c < vp.plotWidth(); c += 7) {
                const bool expectTint = !std::isnan(columns[std::size_t(c)]) &&
                                        RingPressureBand::alphaFor(columns[std::size_t(c)]) > 0;
                const bool differs = on.pixel(vp.plotLeft() + c, y) != plain.pixel(vp.plotLeft() + c, y);
                if (expectTint != differs)
                    return QStringLiteral("column %1: tint expected %2, drawn %3")
                        .arg(c)
                        .arg(expectTint)
                        .arg(differs);
                tinted += differs;
            }
            return tinted > 0 ? QString() : QStringLiteral("nothing tinted");
        };
        const QImage on = shot(view);
        QString problem = checkTint(on, off);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // At the peak of ring 2 the fullest ring is at capacity: the strongest tint.
        const auto peakColumn = [&] {
            return int(std::floor(view.timelineViewport().xOf(*ring2->peakUs))) -
                   view.timelineViewport().plotLeft();
        };
        QCOMPARE(
            RingPressureBand::columnFractions(*capture, view.timelineViewport())[std::size_t(peakColumn())],
            1.0);

        // Follows zoom: 8x about the peak; the tint is recomputed for the new columns.
        const double peakX = view.timelineViewport().xOf(*ring2->peakUs);
        view.zoomBy(8, peakX - 10); // the peak moves to 8 x 10 px right of the anchor
        QVERIFY(view.timelineViewport().spanUs() < view.fullRange().span() / 4);
        const std::vector<double> zoomed =
            RingPressureBand::columnFractions(*capture, view.timelineViewport());
        QVERIFY(peakColumn() >= 0 && peakColumn() < int(zoomed.size()));
        QCOMPARE(int(std::lround(view.timelineViewport().xOf(*ring2->peakUs))),
                 int(std::lround(peakX - 10 + 8 * 10)));
        QCOMPARE(zoomed[std::size_t(peakColumn())], 1.0);
        panel.bandAction()->trigger();
        const QImage zoomedOff = shot(view);
        panel.bandAction()->trigger();
        const QImage zoomedOn = shot(view);
        problem = checkTint(zoomedOn, zoomedOff);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(zoomedOn != on);

        // Hides when toggled off: the overlay is gone and the picture is the plain one again.
        panel.bandAction()->trigger();
        QVERIFY(!panel.bandShown());
        QCOMPARE(view.paintOptions().overlays.size(), overlaysBefore);
        QCOMPARE(shot(view), zoomedOff);
    }

    void bandLeavesTheTimelineItFollowed()
    {
        QTemporaryDir dir;
        const CapturePtr capture = atCapacityCapture(dir);
        QVERIFY(capture);
        TimelineView first, second;
        first.setCapture(capture);
        second.setCapture(capture);
        const std::size_t plain = first.paintOptions().overlays.size();
        RingsPanel panel;
        panel.bandAction()->setChecked(true);
        panel.setTimeline(&first, nullptr);
        QCOMPARE(first.paintOptions().overlays.size(), plain + 1);
        panel.setTimeline(&second, nullptr);
        QCOMPARE(first.paintOptions().overlays.size(), plain);
        QCOMPARE(second.paintOptions().overlays.size(), plain + 1);
        panel.setTimeline(nullptr, nullptr);
        QCOMPARE(second.paintOptions().overlays.size(), plain);
    }

    void noCapacityNoBand()
    {
        // A capture without scope stats has ring tracks but no capacity: nothing to scale against.
        QTemporaryDir dir;
        GeneratorOptions o;
        o.scopeStats = false;
        o.tasks = 60;
        o.blockDim = 2;
        o.hostLog = false;
        auto c = std::const_pointer_cast<Capture>(generateAndLoad(o, dir.path()));
        QVERIFY(c);
        appendDerivedTracks(*c);
        TimelineViewport vp;
        vp.t0Us = 0;
        vp.t1Us = 1000;
        vp.widthPx = 400;
        for (const double f : RingPressureBand::columnFractions(*c, vp))
            QVERIFY(std::isnan(f));
    }
};

LANESCOPE_TEST_MAIN(TestRingPressureBand)
#include "tst_ringpressureband.moc"
