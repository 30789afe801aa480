#include "model/session/capturefacts.h"
#include "testmain.h"
#include "twocorecapture.h"
#include "widgets/overlays/annotationoverlays.h"
#include "widgets/panels/annotationlist.h"
#include "widgets/panels/regionpanel.h"
#include "widgets/timeline/timelineview.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>

using namespace lanescope;

namespace {

constexpr int kRulerY = 12;              // inside the 28 px time ruler
constexpr int kLane0Y = 28 + 24 + 2 + 8; // middle of the first lane's bars

} // namespace

class TestTimelineMeasure : public QObject
{
    Q_OBJECT

    TimelineView *m_view = nullptr;
    RegionPanel *m_panel = nullptr;

    QPoint at(double us, int y) const
    {
        return QPoint(int(std::lround(m_view->timelineViewport().xOf(us))), y);
    }

    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = {})
    {
        QTest::mousePress(m_view->viewport(), Qt::LeftButton, modifiers, from);
        QTest::mouseMove(m_view->viewport(), (from + to) / 2);
        QTest::mouseMove(m_view->viewport(), to);
        QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, modifiers, to);
    }

private slots:
    void init()
    {
        m_view = new TimelineView;
        m_view->resize(1200, 400);
        m_view->setCapture(twoCoreCapture());
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view));
        m_view->setVisibleRange({0, 1000});
        m_panel = new RegionPanel;
        m_panel->setCapture(m_view->capture());
        connect(m_view->annotations(), &TimelineAnnotations::regionChanged, m_panel,
                [this] { m_panel->setRegion(m_view->measuredRegion()); });
    }
    void cleanup()
    {
        delete m_panel;
        delete m_view;
    }

    void rulerDragMeasuresSnappedRegion()
    {
        const TimeRange before = m_view->visibleRange();
        // A few pixels off both bar edges: the region lands exactly on them.
        drag(at(103, kRulerY), at(597, kRulerY));
        QCOMPARE(m_view->measuredRegion(), (std::optional<TimeRange>(TimeRange{100, 600})));
        QCOMPARE(m_view->visibleRange(), before); // measuring does not pan

        QVERIFY(m_panel->statistics());
        const RegionStatistics &s = *m_panel->statistics();
        QCOMPARE(s.durationUs, 500.0);
        QCOMPARE(int(s.started), 2);          // tasks 1 and 2; task 3 started at 0
        QCOMPARE(int(s.ended), 1);            // task 1; task 2 ends on the (exclusive) region end
        QCOMPARE(s.engines[0].busyPct, 60.0); // AIC: 200 + 100 of 500 µs
        QCOMPARE(s.engines[1].busyPct, 100.0);
        const QString text = m_panel->summaryText();
        QVERIFY2(text.contains(
                     QStringLiteral("Tasks overlapping the region: 3 · starting in it: 2 · ending in it: 1")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Busy: AIC 60.0 % (1 core) · AIV 100.0 % (1 core)")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("needs")),
                 qPrintable(text)); // no deps: idle-with-ready-work is absent
        QTableWidget *lanes = m_panel->laneTable();
        QCOMPARE(lanes->rowCount(), 2);
        // Busy: one unit for the column, named in its header; right-aligned; sorted by the number.
        QCOMPARE(lanes->horizontalHeaderItem(1)->text(), QStringLiteral("Busy (µs)"));
        QCOMPARE(lanes->horizontalHeaderItem(1)->textAlignment(), int(Qt::AlignRight | Qt::AlignVCenter));
        QCOMPARE(lanes->item(0, 1)->textAlignment(), int(Qt::AlignRight | Qt::AlignVCenter));
        lanes->sortItems(1, Qt::DescendingOrder);
        QCOMPARE(lanes->item(0, 1)->text(), QStringLiteral("500.000")); // AIV_1: all of the region
        QCOMPARE(lanes->item(1, 1)->text(), QStringLiteral("300.000"));
        lanes->sortItems(1, Qt::AscendingOrder);
        QCOMPARE(lanes->item(0, 0)->text(), QStringLiteral("AICore / AIC_0"));
        // The per-function table covers the tasks starting in the region.
        QCOMPARE(int(m_panel->report()->functions.total.count), 2);
    }

    // A host lane placed by containment with 50 µs of slack: its busy time in the measured region is
    // given with the range the band allows, in a column of its own said to be inferred.
    void placedHostLaneShowsItsBusyRange()
    {
        const CapturePtr c = twoCoreCaptureWithPlacedHost();
        m_view->setCapture(c);
        m_view->setVisibleRange({0, 1000});
        m_panel->setCapture(c);
        drag(at(103, kRulerY), at(597, kRulerY));
        QCOMPARE(m_view->measuredRegion(), (std::optional<TimeRange>(TimeRange{100, 600})));
        QTableWidget *lanes = m_panel->laneTable();
        QCOMPARE(lanes->rowCount(), 3);
        QTableWidgetItem *busy = nullptr;
        QTableWidgetItem *band = nullptr;
        for (int row = 0; row < lanes->rowCount(); ++row)
            if (lanes->item(row, 0)->text().startsWith(QStringLiteral("Host"))) {
                busy = lanes->item(row, RegionPanel::BusyColumn);
                band = lanes->item(row, RegionPanel::PlacementColumn);
            }
        QVERIFY(busy && band);
        // Drawn: [550, 600] inside; moved up to 50 µs earlier it lies wholly inside (100 µs).
        QCOMPARE(busy->text(), QStringLiteral("50.000"));
        QCOMPARE(band->text(), QStringLiteral("50.000–100.000"));
        QCOMPARE(lanes->horizontalHeaderItem(RegionPanel::BusyColumn)->text(), QStringLiteral("Busy (µs)"));
        QCOMPARE(lanes->horizontalHeaderItem(RegionPanel::PlacementColumn)->text(),
                 QStringLiteral("Band, inferred (µs)"));
        QVERIFY(!lanes->isColumnHidden(RegionPanel::PlacementColumn));
        QVERIFY2(band->toolTip().contains(QStringLiteral("containment")), qPrintable(band->toolTip()));
    }

    void draggingLeftwardsGivesTheSameRegion()
    {
        drag(at(597, kRulerY), at(103, kRulerY));
        QCOMPARE(m_view->measuredRegion(), (std::optional<TimeRange>(TimeRange{100, 600})));
    }

    void ctrlTurnsSnappingOff()
    {
        const QPoint from = at(103, kRulerY);
        const QPoint to = at(597, kRulerY);
        drag(from, to, Qt::ControlModifier);
        const auto region = m_view->measuredRegion();
        QVERIFY(region);
        QCOMPARE(region->startUs, m_view->timeAtX(from.x()));
        QCOMPARE(region->endUs, m_view->timeAtX(to.x()));
    }

    void shiftDragOnThePlotMeasuresPlainDragPans()
    {
        const TimeRange before = m_view->visibleRange();
        drag(at(400, kLane0Y), at(700, kLane0Y), Qt::ShiftModifier);
        QVERIFY(m_view->measuredRegion());
        QCOMPARE(m_view->visibleRange(), before);
        const auto measured = m_view->measuredRegion();
        drag(at(450, kLane0Y), at(550, kLane0Y)); // off the region's edges, which a drag would move
        QVERIFY(m_view->visibleRange().startUs < before.startUs);
        QCOMPARE(m_view->measuredRegion(), measured);
    }

    void clickOnTheRulerDropsAMarker()
    {
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, at(250, kRulerY));
        QCOMPARE(m_view->annotations()->markers().size(), std::size_t(1));
        QVERIFY(std::abs(m_view->annotations()->markers()[0].timeUs - 250) <=
                m_view->timelineViewport().usPerPx());
        QVERIFY(!m_view->measuredRegion());
    }

    void escClearsAndUndoBringsItBack()
    {
        drag(at(103, kRulerY), at(597, kRulerY));
        QVERIFY(m_view->measuredRegion());
        QTest::keyClick(m_view, Qt::Key_Escape);
        QVERIFY(!m_view->measuredRegion());
        QVERIFY(!m_panel->statistics());
        m_view->annotations()->undoStack()->undo();
        QCOMPARE(m_view->measuredRegion(), (std::optional<TimeRange>(TimeRange{100, 600})));
        QVERIFY(m_panel->statistics());
        m_view->annotations()->undoStack()->redo();
        QVERIFY(!m_view->measuredRegion());
    }

    void regionAndMarkersAreDrawn()
    {
        const QImage plain = m_view->viewport()->grab().toImage();
        drag(at(103, kRulerY), at(597, kRulerY));
        m_view->annotations()->addMarker(800, QStringLiteral("here"));
        const QImage marked = m_view->viewport()->grab().toImage();
        QVERIFY(plain != marked);
        // The duration badge sits on the ruler in the measurement colour; the marker's flag too.
        auto hasColour = [&](const QImage &image, QColor colour, QRect area) {
            for (int y = area.top(); y <= area.bottom(); ++y)
                for (int x = area.left(); x <= area.right(); ++x)
                    if (image.pixelColor(x, y) == colour)
                        return true;
            return false;
        };
        const QRect ruler(m_view->timelineViewport().plotLeft(), 0, m_view->timelineViewport().plotWidth(),
                          28);
        const qreal dpr = marked.devicePixelRatio();
        const QRect scaled(ruler.topLeft() * dpr, ruler.size() * dpr);
        QVERIFY(hasColour(marked, MeasurementOverlay::colour(), scaled));
        QVERIFY(hasColour(marked, MarkerOverlay::colour(), scaled));
        QVERIFY(!hasColour(plain, MeasurementOverlay::colour(), scaled));
    }

    void markerListRenamesDeletesAndJumps()
    {
        AnnotationList list;
        list.setTimeline(m_view);
        TimelineAnnotations *a = m_view->annotations();
        const int id = a->addMarker(900);
        QTreeWidgetItem *item = list.itemFor(AnnotationList::Kind::Marker, id);
        QVERIFY(item);

        item->setText(0, QStringLiteral("slow tail")); // what the in-place editor does
        QCOMPARE(a->marker(id)->name, QStringLiteral("slow tail"));

        m_view->setVisibleRange({0, 200});
        emit list.tree()->itemActivated(list.itemFor(AnnotationList::Kind::Marker, id), 0);
        QCOMPARE(m_view->visibleRange().startUs + m_view->visibleRange().span() / 2, 900.0);

        list.tree()->setCurrentItem(list.itemFor(AnnotationList::Kind::Marker, id));
        QTest::keyClick(list.tree(), Qt::Key_Delete);
        QVERIFY(!a->marker(id));
        QVERIFY(!list.itemFor(AnnotationList::Kind::Marker, id));
        a->undoStack()->undo();
        QVERIFY(list.itemFor(AnnotationList::Kind::Marker, id));
    }

    // The time column: one unit for every time it shows, named in its header, right-aligned; a
    // click on its header sorts the markers by time, not by their text.
    void markerTimesReadInOneUnitAndSortByTime()
    {
        AnnotationList list;
        list.resize(500, 300);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        list.setTimeline(m_view);
        TimelineAnnotations *a = m_view->annotations();
        const int late = a->addMarker(900);
        const int early = a->addMarker(5);
        const int middle = a->addMarker(40);
        QTreeWidget *tree = list.tree();
        QCOMPARE(tree->headerItem()->text(1), QStringLiteral("Time (µs)"));
        QCOMPARE(list.itemFor(AnnotationList::Kind::Marker, late)->text(1), QStringLiteral("900.000"));
        QCOMPARE(list.itemFor(AnnotationList::Kind::Marker, early)->text(1), QStringLiteral("5.000"));
        QCOMPARE(list.itemFor(AnnotationList::Kind::Marker, early)->textAlignment(1),
                 int(Qt::AlignRight | Qt::AlignVCenter));
        QTreeWidgetItem *markers = list.itemFor(AnnotationList::Kind::Marker, early)->parent();
        QCOMPARE(tree->topLevelItem(0), markers); // the groups keep their order
        auto markerOrder = [markers] {
            QList<int> order;
            for (int i = 0; i < markers->childCount(); ++i)
                order << markers->child(i)->data(0, AnnotationList::IdRole).toInt();
            return order;
        };
        QCOMPARE(markerOrder(), (QList<int>{early, middle, late})); // as listed, until a header is clicked
        QHeaderView *header = tree->header();
        const QPoint timeHeader(header->sectionViewportPosition(1) + 4, header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, timeHeader);
        if (header->sortIndicatorOrder() == Qt::AscendingOrder)
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, timeHeader);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        // As text the order would be "900.000", "5.000", "40.000".
        QCOMPARE(markerOrder(), (QList<int>{late, middle, early}));
        QCOMPARE(tree->topLevelItem(0), markers);
        // Markers in milliseconds, the typical ones now, turn the whole column to milliseconds.
        for (const double t : {3000.0, 5000.0, 8000.0})
            a->addMarker(t);
        QCOMPARE(tree->headerItem()->text(1), QStringLiteral("Time (ms)"));
        QCOMPARE(list.itemFor(AnnotationList::Kind::Marker, early)->text(1), QStringLiteral("0.005"));
    }

    void keptRegionsAreListedAndJumpedTo()
    {
        AnnotationList list;
        list.setTimeline(m_view);
        drag(at(103, kRulerY), at(597, kRulerY));
        list.keepRegion();
        QCOMPARE(m_view->annotations()->regions().size(), std::size_t(1));
        const int id = m_view->annotations()->regions()[0].id;
        QTest::keyClick(m_view, Qt::Key_Escape);
        QVERIFY(!m_view->measuredRegion());
        m_view->setVisibleRange({800, 1000});

        emit list.tree()->itemActivated(list.itemFor(AnnotationList::Kind::Region, id), 0);
        QCOMPARE(m_view->measuredRegion(), (std::optional<TimeRange>(TimeRange{100, 600})));
        QVERIFY(m_view->visibleRange().contains(100) && m_view->visibleRange().contains(600));
        list.rename(AnnotationList::Kind::Region, id, QStringLiteral("layer 3"));
        QCOMPARE(list.itemFor(AnnotationList::Kind::Region, id)->text(0), QStringLiteral("layer 3"));
        list.remove(AnnotationList::Kind::Region, id);
        QVERIFY(m_view->annotations()->regions().empty());
    }

    void newCaptureForgetsAnnotations()
    {
        drag(at(103, kRulerY), at(597, kRulerY));
        m_view->annotations()->addMarker(10);
        m_view->setCapture(twoCoreCapture());
        QVERIFY(!m_view->measuredRegion());
        QVERIFY(m_view->annotations()->markers().empty());
        QVERIFY(!m_view->annotations()->undoStack()->canUndo());
    }
};

LANESCOPE_TEST_MAIN(TestTimelineMeasure)
#include "tst_timelinemeasure.moc"
