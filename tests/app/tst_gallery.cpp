// The gallery: the real window on the bundled samples, driven the way a user drives it (the first
// launch, a click on a bar for its dependency arrows, a drag on the ruler for a region, the Rings
// dock, a suggestion's evidence, a comparison with its Diff and waterfall, a capture without
// deps.json), each maximized on a 1366×768 laptop's screen and on a 1920×1080 desktop's (the first
// launch on a 1600×1000 one too), and grabbed as a picture. Each picture is checked for what a tuner needs of
// it: the window fits its screen, the first view reaches the AICore lanes, the twin timelines show six lanes
// a side, the waterfall's texts never meet. With LANESCOPE_GALLERY_OUT set the pictures are written there
// (docs/images/gallery holds the laptop's):
//   LANESCOPE_GALLERY_OUT=$PWD/docs/images/gallery ctest --test-dir build -R tst_gallery
// The screens come from the offscreen platform's configuration (tests/app/galleryscreens.json),
// which ctest passes in QT_QPA_PLATFORM.

#include "beforeafterpair.h"

#include "app/window/mainwindow.h"
#include "app/window/reviewcontroller.h"
#include "model/analysis/dependencycone.h"
#include "model/analysis/ringtracks.h"
#include "testmain.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/comparison/diffview.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/comparison/waterfallchart.h"
#include "widgets/overlays/dependencyarrows.h"
#include "widgets/overlays/dependencyarrowsoverlay.h"
#include "widgets/panels/barlegend.h"
#include "widgets/panels/functiontable.h"
#include "widgets/panels/techniquespanel.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QDir>
#include <QDockWidget>
#include <QHash>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <limits>

using namespace lanescope;

namespace {

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

// Lanes of `group` shown whole in the view's lane area.
int wholeLanesOf(const TimelineView &view, const QString &group)
{
    const TimelineViewport &vp = view.timelineViewport();
    int shown = 0;
    for (const TimelineRow &row : view.layout().rows()) {
        if (row.kind != TimelineRow::Kind::Lane ||
            view.capture()->lanes[std::size_t(row.index)].group != group)
            continue;
        const double top = row.y - vp.scrollYPx;
        shown += top >= 0 && top + row.height <= vp.lanesHeight() ? 1 : 0;
    }
    return shown;
}

// The groups whose heading is on screen.
QStringList headingsShown(const TimelineView &view)
{
    const TimelineViewport &vp = view.timelineViewport();
    QStringList shown;
    for (const TimelineRow &row : view.layout().rows()) {
        const double top = row.y - vp.scrollYPx;
        if (row.kind == TimelineRow::Kind::GroupHeading && top >= 0 && top + row.height <= vp.lanesHeight())
            shown << row.group;
    }
    return shown;
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

const QString kSample = QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");

} // namespace

class TstGallery : public QObject
{
    Q_OBJECT

    QTemporaryDir m_scratch;
    QString m_out;
    QString m_noDeps; // sample-l4 without its deps.json

    // The screen of `size` the platform offers; null when it offers none.
    static QScreen *screenOfSize(QSize size)
    {
        for (QScreen *screen : QGuiApplication::screens())
            if (screen->geometry().size() == size)
                return screen;
        return nullptr;
    }

    // The window's first launch on `screen`: maximized there, as a new user meets it.
    static void launchOn(MainWindow &w, QScreen *screen)
    {
        QSettings().remove(QStringLiteral("window"));
        w.move(screen->availableGeometry().topLeft());
        w.showAsLastClosed();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE(w.frameGeometry().size(), screen->availableGeometry().size());
    }

    static void openAndWait(MainWindow &w, const QString &path)
    {
        CapturePage *page = w.openPath(path);
        QTRY_VERIFY_WITH_TIMEOUT(ready(page), 30000);
    }

    static ComparisonView *compareSamples(MainWindow &w, const QString &technique)
    {
        w.openPath(beforeAfterPath("before"));
        w.openPath(beforeAfterPath("after"));
        if (!QTest::qWaitFor([&] { return ready(pageAt(w, 0)) && ready(pageAt(w, 1)); }, 30000))
            return nullptr;
        ReviewController *review = w.review();
        review->markBefore(pageAt(w, 0));
        review->markAfter(pageAt(w, 1));
        if (!review->compare(technique))
            return nullptr;
        return review->comparisonView();
    }

    // Checks the window still fits its screen and keeps the picture as `name`-WxH.png.
    void keep(MainWindow &w, QScreen *screen, const QString &name)
    {
        QApplication::processEvents();
        const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
        const QSize room = screen->availableGeometry().size();
        QVERIFY2(
            least.width() <= room.width() && least.height() <= room.height(),
            qPrintable(
                QStringLiteral("%1: least size %2×%3").arg(name).arg(least.width()).arg(least.height())));
        QCOMPARE(w.frameGeometry().size(), room);
        const QImage image = w.grab().toImage();
        QVERIFY2(colourCount(image) > 40, qPrintable(name));
        const QString file = QStringLiteral("%1-%2x%3.png").arg(name).arg(room.width()).arg(room.height());
        QVERIFY(image.save(QDir(m_out).filePath(file)));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_out = qEnvironmentVariable("LANESCOPE_GALLERY_OUT", m_scratch.path());
        QVERIFY(QDir().mkpath(m_out));
        m_noDeps = m_scratch.filePath(QStringLiteral("sample-l4-no-deps"));
        QVERIFY(QDir().mkpath(m_noDeps));
        for (const QString &file : QDir(kSample).entryList(QDir::Files))
            if (file != QStringLiteral("deps.json"))
                QVERIFY(QFile::copy(QDir(kSample).filePath(file), QDir(m_noDeps).filePath(file)));
    }

    void picture_data()
    {
        QTest::addColumn<QString>("scene");
        QTest::addColumn<QSize>("screen");
        const char *scenes[] = {"first-launch", "arrows",     "region", "rings",
                                "techniques",   "comparison", "diff",   "no-deps"};
        for (const QSize screen : {QSize(1366, 768), QSize(1920, 1080)})
            for (const char *scene : scenes)
                QTest::addRow("%s %dx%d", scene, screen.width(), screen.height())
                    << QString::fromLatin1(scene) << screen;
        // And the first view on the desktop size the window was first tried at.
        QTest::newRow("first-launch 1600x1000") << QStringLiteral("first-launch") << QSize(1600, 1000);
    }

    void picture()
    {
        QFETCH(QString, scene);
        QFETCH(QSize, screen);
        QScreen *on = screenOfSize(screen);
        if (!on)
            QSKIP("the platform offers no screen of this size: run through ctest, which gives it "
                  "tests/app/galleryscreens.json");
        MainWindow w;
        launchOn(w, on);
        const bool laptop = screen.height() < 900;

        if (scene == QStringLiteral("first-launch")) {
            openAndWait(w, kSample);
            const TimelineView *view = w.currentTimeline();
            // The first view reaches the AICore bars, with the orchestrator and the schedulers
            // (folded) named above them.
            const int aicore = wholeLanesOf(*view, QStringLiteral("AICore"));
            QVERIFY2(aicore >= (laptop ? 8 : 16), qPrintable(QStringLiteral("%1 AICore lanes").arg(aicore)));
            const QString headings = headingsShown(*view).join(u',');
            QVERIFY2(headings.contains(QStringLiteral("Orchestrator")), qPrintable(headings));
            QVERIFY2(headings.contains(QStringLiteral("Scheduler")), qPrintable(headings));
        } else if (scene == QStringLiteral("arrows")) {
            openAndWait(w, kSample);
            TimelineView *view = w.currentTimeline();
            const TimelineLayout &layout = view->layout();
            const ArrowScene arrows = arrowScene(*view->capture(), layout);
            QVERIFY(arrows.task != 0);
            QVERIFY(view->selectTask(arrows.task));
            const SliceRef bar = *view->selection();
            const Slice &slice = view->capture()->lanes[std::size_t(bar.lane)].slices[std::size_t(bar.slice)];
            view->clearSelection();
            const double margin = arrows.span.span() / 8;
            view->setVisibleRange({arrows.span.startUs - margin, arrows.span.endUs + margin});
            view->verticalScrollBar()->setValue(arrows.topY - 3 * layout.metrics().sliceRowHeightPx);
            const int row = layout.rowOfLane(bar.lane);
            QVERIFY(row >= 0);
            // Selected as a user does: a click on the bar.
            const TimelineViewport &vp = view->timelineViewport();
            const QPoint centre(int(vp.xOf((slice.startUs + slice.endUs) / 2)),
                                int(vp.lanesTop() +
                                    layout.sliceTop(layout.rows()[std::size_t(row)], slice.depth) -
                                    vp.scrollYPx + layout.metrics().sliceRowHeightPx / 2.0));
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, centre);
            QVERIFY(view->selection());
            view->viewport()->grab(); // a frame, so the arrows' stats describe it
            QVERIFY(w.dependencyArrows()->overlay()->stats().arrowsDrawn > 0);
        } else if (scene == QStringLiteral("region")) {
            openAndWait(w, kSample);
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
        } else if (scene == QStringLiteral("rings")) {
            openAndWait(w, kSample);
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
        } else if (scene == QStringLiteral("techniques")) {
            openAndWait(w, kSample);
            auto *dock = w.findChild<QDockWidget *>(QStringLiteral("techniquesDock"));
            QVERIFY(dock);
            dock->raise();
            auto *panel = qobject_cast<TechniquesPanel *>(dock->widget());
            QVERIFY(panel);
            QTRY_VERIFY(panel->evidenceButton(0));
            // The first suggestion with evidence, shown as a user asks for it.
            QPushButton *button = nullptr;
            for (int i = 0; !button && panel->evidenceButton(i); ++i)
                if (panel->evidenceButton(i)->isEnabled())
                    button = panel->evidenceButton(i);
            QVERIFY(button);
            QTest::mouseClick(button, Qt::LeftButton);
            QVERIFY(w.currentTimeline()->selection() || w.currentTimeline()->measuredRegion());
            // Each suggestion card is readable, with 200 px of height at least; a technique's text in
            // the Chapter tab shares its tab with the list, and keeps 150 px on a laptop.
            QApplication::processEvents();
            const auto *cards = panel->findChild<QScrollArea *>(QStringLiteral("suggestionCards"));
            QVERIFY(cards);
            QVERIFY2(cards->viewport()->height() >= 200,
                     qPrintable(QString::number(cards->viewport()->height())));
            QVERIFY(panel->showTechnique(QStringLiteral("01a")));
            QApplication::processEvents();
            const auto *text = panel->findChild<QWidget *>(QStringLiteral("techniqueDetails"));
            QVERIFY2(text->isVisible() && text->height() >= (laptop ? 150 : 200),
                     qPrintable(QString::number(text->height())));
            panel->pages()->setCurrentIndex(0); // the picture shows the suggestions
        } else if (scene == QStringLiteral("comparison") || scene == QStringLiteral("diff")) {
            ComparisonView *comparison = compareSamples(w, QStringLiteral("01a"));
            QVERIFY(comparison);
            QCOMPARE(w.tabs()->currentWidget(), comparison);
            QApplication::processEvents();
            // Six AICore lanes a side, at least.
            for (const TimelineView *side :
                 {comparison->twin()->beforeView(), comparison->twin()->afterView()}) {
                const int lanes = wholeLanesOf(*side, QStringLiteral("AICore"));
                QVERIFY2(lanes >= 6,
                         qPrintable(QStringLiteral("%1: %2 AICore lanes").arg(side->caption()).arg(lanes)));
            }
            // The docks describe a side, never "no capture"; the status bar the comparison.
            QVERIFY(w.functionTable()->view()->model()->rowCount() > 0);
            const auto *status = w.findChild<QLabel *>(QStringLiteral("statusText"));
            QVERIFY(status);
            QVERIFY2(status->text().startsWith(QStringLiteral("Comparing")), qPrintable(status->text()));
            if (scene == QStringLiteral("diff")) {
                QTabWidget *tabs = comparison->sideTabs();
                QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {},
                                  tabs->tabBar()->tabRect(tabs->indexOf(comparison->diffView())).center());
                QCOMPARE(tabs->currentWidget(), comparison->diffView());
                WaterfallChart *chart = comparison->diffView()->waterfall();
                QTRY_VERIFY_WITH_TIMEOUT(!chart->steps().empty(), 30000);
                QApplication::processEvents();
                // No two texts of the waterfall meet, and each lies inside the chart.
                const WaterfallLayout layout =
                    layOutWaterfall(chart->rect(), chart->attribution(), chart->fontMetrics());
                for (std::size_t i = 0; i < layout.labels.size(); ++i) {
                    QVERIFY2(chart->rect().contains(layout.labels[i].rect),
                             qPrintable(layout.labels[i].text));
                    for (std::size_t j = i + 1; j < layout.labels.size(); ++j)
                        QVERIFY2(!layout.labels[i].rect.intersects(layout.labels[j].rect),
                                 qPrintable(layout.labels[i].text + " / " + layout.labels[j].text));
                }
            }
        } else if (scene == QStringLiteral("no-deps")) {
            openAndWait(w, m_noDeps);
            // Bars coloured per task, and the legend says why there are no names.
            const std::vector<LegendEntry> &entries = w.legend()->entries();
            QVERIFY(!entries.empty());
            QCOMPARE(entries.front().mark, LegendMark::Note);
            QVERIFY2(entries.front().text.contains(QStringLiteral("deps.json")),
                     qPrintable(entries.front().text));
        }
        keep(w, on, scene);
    }
};

LANESCOPE_TEST_MAIN(TstGallery)
#include "tst_gallery.moc"
