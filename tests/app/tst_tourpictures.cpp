// The README's tour: the window on the bundled samples, driven the way a user drives it (a click
// on a bar for its dependency arrows, a drag on the ruler for a region, the Rings dock, a
// comparison), each view grabbed as a picture. The test checks that every picture shows what its
// caption says; with LANESCOPE_TOUR_OUT set it also writes them there, which is how
// docs/images/tour-*.png are made:
//   LANESCOPE_TOUR_OUT=$PWD/docs/images build/tests/lanescope_tests_app tst_tourpictures

#include "beforeafterpair.h"

#include "app/window/mainwindow.h"
#include "app/window/reviewcontroller.h"
#include "model/analysis/dependencycone.h"
#include "model/analysis/ringtracks.h"
#include "testmain.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/overlays/dependencyarrows.h"
#include "widgets/overlays/dependencyarrowsoverlay.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QDir>
#include <QDockWidget>
#include <QHash>
#include <QScrollBar>
#include <QSet>
#include <QTabWidget>
#include <QTemporaryDir>
#include <limits>

using namespace lanescope;

namespace {

const QSize kWindowSize(1600, 1000);

CapturePage *pageAt(MainWindow &w, int index)
{
    return qobject_cast<CapturePage *>(w.tabs()->widget(index));
}

bool ready(CapturePage *page)
{
    return page && page->state() == CapturePage::State::Ready && page->analysis();
}

// A picture made of many colours: bars, text and chrome, not a blank or failed window.
int colourCount(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

// A task whose arrows read at a glance: three to six dependency edges at depth 1 between bars on
// lanes close together (at most 24 rows from the first to the last), the most edges first; with
// the time and the rows its cone's bars span.
struct ArrowScene
{
    std::uint64_t task = 0;
    TimeRange span;
    int topY = 0; // content y of the highest lane of the cone
};

ArrowScene arrowScene(const Capture &capture, const TimelineLayout &layout)
{
    QHash<int, int> laneOfCore;
    for (std::size_t l = 0; l < capture.lanes.size(); ++l)
        if (capture.lanes[l].kind == LaneKind::Worker)
            laneOfCore.insert(capture.lanes[l].laneSource, int(l));
    struct Bars
    {
        TimeRange span;
        int top = std::numeric_limits<int>::max(), bottom = -1;
    };
    QHash<std::uint64_t, Bars> tasks;
    for (const TaskRow &row : capture.rows) {
        Bars &bars = tasks[row.taskId];
        bars.span = bars.bottom < 0 ? TimeRange{row.startUs, row.endUs}
                                    : TimeRange{std::min(bars.span.startUs, row.startUs),
                                                std::max(bars.span.endUs, row.endUs)};
        const int r = layout.rowOfLane(laneOfCore.value(row.coreId, -1));
        if (r >= 0) {
            bars.top = std::min(bars.top, layout.rows()[std::size_t(r)].y);
            bars.bottom = std::max(bars.bottom, layout.rows()[std::size_t(r)].y);
        }
    }
    ArrowScene best;
    std::size_t most = 0;
    const int maxSpread = 24 * layout.metrics().sliceRowHeightPx;
    for (auto it = tasks.cbegin(); it != tasks.cend(); ++it) {
        const std::vector<DependencyEdge> cone = dependencyCone(capture.deps, it.key(), 1);
        if (cone.size() <= most || cone.size() < 3 || cone.size() > 6 || it->bottom < 0)
            continue;
        Bars all = *it;
        for (const DependencyEdge &e : cone)
            for (const std::uint32_t node : {e.pred, e.succ}) {
                const Bars end = tasks.value(capture.deps.nodes()[node].taskId);
                all.span = {std::min(all.span.startUs, end.span.startUs),
                            std::max(all.span.endUs, end.span.endUs)};
                all.top = std::min(all.top, end.top);
                all.bottom = std::max(all.bottom, end.bottom);
            }
        if (all.bottom < 0 || all.bottom - all.top > maxSpread)
            continue;
        most = cone.size();
        best = {it.key(), all.span, all.top};
    }
    return best;
}

} // namespace

class TestTourPictures : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_scratch;
    QString m_out;

    // Grabs the window, checks it is a real picture and keeps it under `name`.
    void keep(QWidget &window, const QString &name)
    {
        QApplication::processEvents();
        const QImage image = window.grab().toImage();
        QCOMPARE(image.size(), kWindowSize);
        QVERIFY2(colourCount(image) > 40, qPrintable(name));
        QVERIFY(image.save(QDir(m_out).filePath(name)));
    }

    // The window on the bundled sample, loaded and analysed.
    static bool openSample(MainWindow &w)
    {
        w.resize(kWindowSize);
        w.show();
        w.openPath(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        return QTest::qWaitForWindowExposed(&w) &&
               QTest::qWaitFor([&] { return ready(pageAt(w, 0)); }, 30000);
    }

private slots:
    void initTestCase()
    {
        m_out = qEnvironmentVariable("LANESCOPE_TOUR_OUT", m_scratch.path());
        QVERIFY(QDir().mkpath(m_out));
    }

    void arrowsOfTheSelectedTask()
    {
        MainWindow w;
        QVERIFY(openSample(w));
        TimelineView *view = w.currentTimeline();
        QVERIFY(view);
        const TimelineLayout &layout = view->layout();
        const ArrowScene scene = arrowScene(*view->capture(), layout);
        QVERIFY(scene.task != 0);
        QVERIFY(view->selectTask(scene.task));
        const SliceRef bar = *view->selection();
        const Slice &slice = view->capture()->lanes[std::size_t(bar.lane)].slices[std::size_t(bar.slice)];
        view->clearSelection();
        const double margin = scene.span.span() / 8;
        view->setVisibleRange({scene.span.startUs - margin, scene.span.endUs + margin});
        view->verticalScrollBar()->setValue(scene.topY - 3 * layout.metrics().sliceRowHeightPx);
        const int row = layout.rowOfLane(bar.lane);
        QVERIFY(row >= 0);
        // Selected as a user does: a click on the bar.
        const TimelineViewport &vp = view->timelineViewport();
        const QPoint centre(int(vp.xOf((slice.startUs + slice.endUs) / 2)),
                            int(vp.lanesTop() +
                                layout.sliceTop(layout.rows()[std::size_t(row)], slice.depth) - vp.scrollYPx +
                                layout.metrics().sliceRowHeightPx / 2.0));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, centre);
        QVERIFY(view->selection());
        view->viewport()->grab(); // a frame, so the arrows' stats describe it
        QVERIFY(w.dependencyArrows()->overlay()->stats().arrowsDrawn > 0);
        keep(w, QStringLiteral("tour-arrows.png"));
    }

    void measuredRegion()
    {
        MainWindow w;
        QVERIFY(openSample(w));
        TimelineView *view = w.currentTimeline();
        const TimeRange extent = view->captureExtent();
        view->setVisibleRange({extent.startUs, extent.startUs + extent.span() / 2});
        const TimelineViewport &vp = view->timelineViewport();
        const int rulerY = vp.lanesTop() / 2;
        const int x0 = int(vp.plotLeft() + vp.plotWidth() * 0.3),
                  x1 = int(vp.plotLeft() + vp.plotWidth() * 0.6);
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, QPoint(x0, rulerY));
        for (int x = x0; x <= x1; x += 40)
            QTest::mouseMove(view->viewport(), QPoint(x, rulerY));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, QPoint(x1, rulerY));
        QVERIFY(view->measuredRegion());
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("regionDock"));
        QVERIFY(dock);
        dock->raise();
        keep(w, QStringLiteral("tour-region.png"));
    }

    void ringOccupancy()
    {
        MainWindow w;
        QVERIFY(openSample(w));
        TimelineView *view = w.currentTimeline();
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("ringsDock"));
        QVERIFY(dock);
        dock->raise();
        // The Rings group's counter tracks at the top of the lanes.
        int ringsY = -1;
        for (const TimelineRow &row : view->layout().rows())
            if (row.kind == TimelineRow::Kind::GroupHeading && row.group == QLatin1String(kRingsGroup))
                ringsY = row.y;
        QVERIFY(ringsY >= 0);
        view->verticalScrollBar()->setValue(ringsY);
        QVERIFY(view->verticalScrollBar()->value() > 0);
        keep(w, QStringLiteral("tour-rings.png"));
    }

    void comparison()
    {
        MainWindow w;
        w.resize(kWindowSize);
        w.show();
        w.openPath(beforeAfterPath("before"));
        w.openPath(beforeAfterPath("after"));
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(QTest::qWaitFor([&] { return ready(pageAt(w, 0)) && ready(pageAt(w, 1)); }, 30000));
        ReviewController *review = w.review();
        review->markBefore(pageAt(w, 0));
        review->markAfter(pageAt(w, 1));
        QVERIFY(review->compare(QStringLiteral("01a")));
        QVERIFY(review->comparisonView());
        QCOMPARE(w.tabs()->currentWidget(), review->comparisonView());
        keep(w, QStringLiteral("tour-comparison.png"));
    }
};

LANESCOPE_TEST_MAIN(TestTourPictures)
#include "tst_tourpictures.moc"
