#include "model/capture/taskindex.h"
#include "model/io/loader.h"
#include "model/techniques/captureanalysis.h"
#include "testmain.h"
#include "widgets/overlays/criticalpathhighlight.h"
#include "widgets/overlays/criticalpathoverlay.h"
#include "widgets/timeline/timelineview.h"

#include <set>

using namespace lanescope;

namespace {

// Where a bar is on screen, as the view shows it now (viewport coordinates).
QRectF barRect(const TimelineView &view, SliceRef bar)
{
    const Slice &s = view.capture()->lanes[std::size_t(bar.lane)].slices[bar.slice];
    const TimelineLayout &layout = view.layout();
    const int row = layout.rowOfLane(bar.lane);
    if (row < 0)
        return {};
    const TimelineViewport &vp = view.timelineViewport();
    const double top =
        vp.lanesTop() + layout.sliceTop(layout.rows()[std::size_t(row)], s.depth) - vp.scrollYPx;
    return QRectF(QPointF(vp.xOf(s.startUs), top),
                  QPointF(vp.xOf(s.endUs), top + layout.metrics().sliceRowHeightPx - 1));
}

bool insidePlot(const TimelineView &view, const QRectF &r)
{
    const TimelineViewport &vp = view.timelineViewport();
    return r.left() > vp.plotLeft() + 2 && r.right() < vp.plotRight() - 2 && r.top() > vp.lanesTop() + 2 &&
           r.bottom() < vp.heightPx - 2;
}

int distance(QRgb a, QRgb b)
{
    return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b));
}

} // namespace

class TestCriticalPathOverlay : public QObject
{
    Q_OBJECT

    std::unique_ptr<TimelineView> m_view;
    CaptureAnalysisPtr m_analysis;
    std::unique_ptr<CriticalPathHighlight> m_highlight;

    QImage frame() { return m_view->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32); }

    // A wide AICore bar that is (on == true) or is not on the path, whole inside the plot.
    SliceRef wideBar(bool on, const CriticalPathOverlay &overlay)
    {
        SliceRef best;
        double widest = 0;
        const Capture &c = *m_view->capture();
        for (std::size_t lane = 0; lane < c.lanes.size(); ++lane) {
            if (c.lanes[lane].kind != LaneKind::Worker)
                continue;
            for (std::size_t i = 0; i < c.lanes[lane].slices.size(); ++i) {
                const SliceRef bar{int(lane), i};
                const QRectF r = barRect(*m_view, bar);
                if (overlay.isOnPath(bar) != on || !insidePlot(*m_view, r) || r.width() <= widest)
                    continue;
                // Keep clear of the gap bands and joints drawn on the path's lanes.
                bool clear = true;
                for (std::size_t g = 0; g < overlay.gaps().size() && clear; ++g)
                    clear = !overlay.gapRect(g, m_view->timelineViewport(), m_view->layout())
                                 .intersects(r.adjusted(-4, -4, 4, 4));
                if (clear) {
                    best = bar;
                    widest = r.width();
                }
            }
        }
        return best;
    }

private slots:
    void init()
    {
        const CapturePtr capture = loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture;
        QVERIFY(capture);
        m_analysis = std::make_shared<const CaptureAnalysis>(analyzeCapture(*capture));
        QVERIFY(m_analysis->report.observedPath);
        m_view = std::make_unique<TimelineView>();
        m_view->resize(1600, 1000);
        m_view->setCapture(capture);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        m_view->fitAll();
        // The path runs on the AICore lanes: fold the other groups so those lanes are on screen.
        for (const Lane &lane : capture->lanes)
            if (lane.group != QLatin1String("AICore"))
                m_view->setGroupCollapsed(lane.group, true);
        m_highlight = std::make_unique<CriticalPathHighlight>();
        m_highlight->setView(m_view.get(), m_analysis);
    }

    void cleanup()
    {
        m_highlight.reset();
        m_view.reset();
    }

    // Every task of the path has its bars on the path, and nothing else does.
    void barsAreThePathsTasks()
    {
        QVERIFY(m_highlight->isAvailable());
        QVERIFY(!m_highlight->overlay());
        m_highlight->setShown(true);
        const auto overlay = m_highlight->overlay();
        QVERIFY(overlay);
        const Capture &c = *m_view->capture();
        const ObservedCriticalPath &path = *m_analysis->report.observedPath;
        const std::set<std::uint64_t> tasks(path.taskIds.begin(), path.taskIds.end());
        std::size_t expected = 0;
        for (std::uint64_t t : tasks)
            expected += m_view->taskLocator().barsOfTask(c, t).size();
        QCOMPARE(overlay->bars().size(), expected);
        for (const SliceRef &bar : overlay->bars())
            QVERIFY(tasks.count(c.rows[c.lanes[std::size_t(bar.lane)].slices[bar.slice].ref].taskId));
        // One band per gap of the path, the kinds as classified, plus joints for hops without a gap.
        const auto gapSegments =
            std::count_if(path.segments.begin(), path.segments.end(),
                          [](const PathSegment &s) { return s.kind != PathSegment::Kind::Compute; });
        const auto bands = std::count_if(
            overlay->gaps().begin(), overlay->gaps().end(),
            [](const CriticalPathOverlay::Gap &g) { return g.kind != PathSegment::Kind::Compute; });
        QCOMPARE(bands, gapSegments);
        QCOMPARE(overlay->gaps().size(), path.taskIds.size() - 1 + (path.frontGapUs > 0 ? 1 : 0));
    }

    void dimsOffPathBarsAndTogglesOff()
    {
        const QImage before = frame();
        m_highlight->setShown(true);
        const auto overlay = m_highlight->overlay();
        QVERIFY(overlay);
        const SliceRef off = wideBar(false, *overlay);
        const SliceRef on = wideBar(true, *overlay);
        QVERIFY(off.isValid());
        QVERIFY(on.isValid());
        const QImage shown = frame();
        const QPoint offPx = barRect(*m_view, off).center().toPoint();
        const QPoint onPx = barRect(*m_view, on).center().toPoint();
        const QRgb background = TimelineColours::forPalette(m_view->palette()).background.rgb();

        // Off the path: washed towards the background.
        QVERIFY(distance(shown.pixel(offPx), background) < distance(before.pixel(offPx), background));
        QVERIFY(distance(shown.pixel(offPx), before.pixel(offPx)) > 30);
        // On the path: drawn again at full strength, as before.
        QVERIFY2(
            distance(shown.pixel(onPx), before.pixel(onPx)) < 12,
            qPrintable(
                QStringLiteral("%1 vs %2").arg(shown.pixel(onPx), 0, 16).arg(before.pixel(onPx), 0, 16)));

        m_highlight->setShown(false);
        QVERIFY(!m_highlight->overlay());
        const QImage hidden = frame();
        QCOMPARE(hidden.pixel(offPx), before.pixel(offPx));
        QCOMPARE(hidden.pixel(onPx), before.pixel(onPx));
    }

    void gapsAreDrawnInTheirKindsColour()
    {
        m_highlight->setShown(true);
        const auto overlay = m_highlight->overlay();
        // Zoom to the path's longest gap so its band is wide.
        std::size_t longest = overlay->gaps().size();
        for (std::size_t i = 0; i < overlay->gaps().size(); ++i) {
            const auto &g = overlay->gaps()[i];
            if (g.kind != PathSegment::Kind::Compute &&
                (longest == overlay->gaps().size() ||
                 g.toUs - g.fromUs > overlay->gaps()[longest].toUs - overlay->gaps()[longest].fromUs))
                longest = i;
        }
        QVERIFY(longest < overlay->gaps().size());
        const CriticalPathOverlay::Gap &gap = overlay->gaps()[longest];
        QVERIFY(gap.toUs - gap.fromUs > 0);
        m_view->setVisibleRange({gap.fromUs - (gap.toUs - gap.fromUs), gap.toUs + (gap.toUs - gap.fromUs)});
        m_view->centreOn(gap.waiter);
        const QRectF band = overlay->gapRect(longest, m_view->timelineViewport(), m_view->layout());
        QVERIFY(insidePlot(*m_view, band));
        const QPoint mid = band.center().toPoint();
        QCOMPARE(QColor(frame().pixel(mid)).name(), CriticalPathOverlay::kindColour(gap.kind).name());
        QCOMPARE(overlay->gapAt(band.center(), m_view->timelineViewport(), m_view->layout()),
                 std::optional<std::size_t>(longest));
        const QString tip = overlay->describeGap(longest);
        QVERIFY(tip.contains(QLatin1String(pathSegmentKindName(gap.kind))));
        QVERIFY(tip.contains(QString::number(gap.waiterTask)));
    }

    void followsTheViewItIsGiven()
    {
        m_highlight->setShown(true);
        QVERIFY(m_highlight->overlay());
        m_highlight->setView(nullptr, nullptr);
        QVERIFY(!m_highlight->isAvailable());
        QVERIFY(!m_highlight->overlay());
        m_highlight->setView(m_view.get(), m_analysis);
        QVERIFY(m_highlight->overlay()); // still shown: it comes back on the new view
        // An analysis without an observed path: nothing to show.
        auto empty = std::make_shared<CaptureAnalysis>();
        m_highlight->setView(m_view.get(), empty);
        QVERIFY(!m_highlight->isAvailable());
        QVERIFY(!m_highlight->overlay());
    }
};

LANESCOPE_TEST_MAIN(TestCriticalPathOverlay)
#include "tst_criticalpathoverlay.moc"
