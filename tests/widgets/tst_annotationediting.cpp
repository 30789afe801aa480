#include "handbuiltpair.h"
#include "testmain.h"
#include "widgets/overlays/annotationoverlays.h"
#include "widgets/text/timeformat.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QLineEdit>
#include <QUndoStack>
#include <QVBoxLayout>

using namespace lanescope;

namespace {

constexpr int kRulerY = 20; // inside the 28 px time ruler, level with the markers' flags
constexpr int kPlotY = 200; // on the plot, below the lanes' bars
constexpr double kTimeUs = 1000;

enum class Finish { Enter, Esc, FocusLost };
// What moves a region edge under a mouse that stands still.
enum class Change { Esc, Undo, SetElsewhere, Pan };

// Two AICore lanes: AIC_0 has bars [100, 300] and [500, 600], AIC_1 one bar [0, 1000] (each bar
// starts at its task's receive, 0.2 µs before the task), so the edges to snap to are 0, 100, 300,
// 500, 600 and 1000.
CapturePtr edgesCapture()
{
    return handBuiltCapture({{1, 0, 0, 100.2, 199.8}, {2, 0, 0, 500.2, 99.8}, {3, 0, 1, 0.2, 999.8}}, 2);
}

} // namespace

Q_DECLARE_METATYPE(Finish)
Q_DECLARE_METATYPE(Change)

// The measured region's edges dragged on the ruler and the plot, and markers renamed in place, on a
// real TimelineView driven by mouse and key events.
class TestAnnotationEditing : public QObject
{
    Q_OBJECT

    QWidget *m_window = nullptr;
    TimelineView *m_view = nullptr;
    QLineEdit *m_elsewhere = nullptr; // something else that can take the focus

    TimelineAnnotations *annotations() const { return m_view->annotations(); }
    QWidget *viewport() const { return m_view->viewport(); }
    int undoCount() const { return annotations()->undoStack()->count(); }
    int xOf(double us) const { return int(std::lround(m_view->timelineViewport().xOf(us))); }
    double usPerPx() const { return m_view->timelineViewport().usPerPx(); }

    QPoint flagOf(int markerId) const
    {
        return MarkerOverlay::flagRect(*annotations()->marker(markerId), m_view->timelineViewport(),
                                       m_view->font())
            .center()
            .toPoint();
    }
    // A double click as a mouse gives it: a click, then the second press as a double click.
    void doubleClick(QPoint at)
    {
        QTest::mouseClick(viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(viewport(), Qt::LeftButton, {}, at);
        QTest::mouseRelease(viewport(), Qt::LeftButton, {}, at);
    }

private slots:
    void init()
    {
        m_window = new QWidget;
        auto *layout = new QVBoxLayout(m_window);
        m_view = new TimelineView;
        m_elsewhere = new QLineEdit;
        layout->addWidget(m_view);
        layout->addWidget(m_elsewhere);
        m_window->resize(1200, 440);
        m_view->setCapture(edgesCapture());
        m_window->show();
        QApplication::setActiveWindow(m_window);
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        m_view->setVisibleRange({0, kTimeUs});
        m_view->setFocus();
    }
    void cleanup()
    {
        delete m_window;
        m_window = nullptr;
    }

    void edgeDrag_data()
    {
        QTest::addColumn<double>("regionStart"); // of the region measured before, which ends at 600
        QTest::addColumn<double>("grabUs");      // the edge pressed on
        QTest::addColumn<int>("y");
        QTest::addColumn<double>("toUs");
        QTest::addColumn<bool>("ctrl");
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<bool>("snapped"); // exact, else within a pixel of where the mouse let go
        QTest::newRow("left edge on the ruler snaps")
            << 100.0 << 100.0 << kRulerY << 297.0 << false << 300.0 << 600.0 << true;
        QTest::newRow("right edge on the plot snaps")
            << 100.0 << 600.0 << kPlotY << 503.0 << false << 100.0 << 500.0 << true;
        QTest::newRow("left edge with Ctrl stays free")
            << 100.0 << 100.0 << kRulerY << 297.0 << true << 297.0 << 600.0 << false;
        QTest::newRow("right edge where nothing is near")
            << 100.0 << 600.0 << kPlotY << 750.0 << false << 100.0 << 750.0 << false;
        QTest::newRow("right edge past the left one")
            << 100.0 << 600.0 << kRulerY << 3.0 << false << 0.0 << 100.0 << true;
        QTest::newRow("the edge not dragged stays off the bars' edges")
            << 104.0 << 600.0 << kPlotY << 503.0 << false << 104.0 << 500.0 << true;
        QTest::newRow("left edge past the right one")
            << 100.0 << 100.0 << kPlotY << 997.0 << false << 600.0 << 1000.0 << true;
    }
    void edgeDrag()
    {
        QFETCH(double, regionStart);
        QFETCH(double, grabUs);
        QFETCH(int, y);
        QFETCH(double, toUs);
        QFETCH(bool, ctrl);
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(bool, snapped);
        const TimeRange before{regionStart, 600};
        annotations()->setRegion(before);
        const int steps = undoCount();
        const TimeRange shown = m_view->visibleRange();
        const Qt::KeyboardModifiers modifiers = ctrl ? Qt::ControlModifier : Qt::NoModifier;

        // Hovering the edge offers to size it.
        QTest::mouseMove(viewport(), QPoint(xOf(grabUs) + 2, y));
        QCOMPARE(viewport()->cursor().shape(), Qt::SizeHorCursor);

        const QPoint from(xOf(grabUs) + 2, y); // a couple of pixels off the edge still grabs it
        const QPoint to(xOf(toUs), y);
        QTest::mousePress(viewport(), Qt::LeftButton, modifiers, from);
        QTest::mouseMove(viewport(), (from + to) / 2);
        QTest::mouseMove(viewport(), to);
        // While dragging: the region on screen follows, the measured one waits for the release.
        QCOMPARE(m_view->measuredRegion(), std::optional<TimeRange>(before));
        QVERIFY(m_view->shownRegion() != std::optional<TimeRange>(before));
        QTest::mouseRelease(viewport(), Qt::LeftButton, modifiers, to);

        const std::optional<TimeRange> region = m_view->measuredRegion();
        QVERIFY(region);
        if (snapped) {
            QCOMPARE(region->startUs, start);
            QCOMPARE(region->endUs, end);
        } else {
            QVERIFY2(std::abs(region->startUs - start) <= usPerPx(),
                     qPrintable(QString::number(region->startUs)));
            QVERIFY2(std::abs(region->endUs - end) <= usPerPx(), qPrintable(QString::number(region->endUs)));
        }
        QCOMPARE(m_view->shownRegion(), region);
        QCOMPARE(m_view->visibleRange(), shown);                   // the drag did not pan
        QVERIFY(annotations()->markers().empty());                 // nor drop a marker
        QCOMPARE(undoCount(), steps + 1);                          // one step for the whole drag
        QCOMPARE(viewport()->cursor().shape(), Qt::SizeHorCursor); // on the moved edge now
        annotations()->undoStack()->undo();
        QCOMPARE(m_view->measuredRegion(), std::optional<TimeRange>(before));
        QCOMPARE(m_view->shownRegion(), std::optional<TimeRange>(before));
    }

    void escCancelsAnEdgeDrag_data()
    {
        QTest::addColumn<int>("y");
        QTest::newRow("on the ruler") << kRulerY;
        QTest::newRow("on the plot") << kPlotY;
    }
    void escCancelsAnEdgeDrag()
    {
        QFETCH(int, y);
        const TimeRange before{100, 600};
        annotations()->setRegion(before);
        const int steps = undoCount();
        QTest::mousePress(viewport(), Qt::LeftButton, {}, QPoint(xOf(600), y));
        QTest::mouseMove(viewport(), QPoint(xOf(700), y));
        QTest::mouseMove(viewport(), QPoint(xOf(800), y));
        QVERIFY(m_view->shownRegion() != std::optional<TimeRange>(before));
        QTest::keyClick(m_view, Qt::Key_Escape);
        QCOMPARE(m_view->shownRegion(), std::optional<TimeRange>(before));
        QTest::mouseMove(viewport(), QPoint(xOf(900), y));
        QTest::mouseRelease(viewport(), Qt::LeftButton, {}, QPoint(xOf(900), y));
        QCOMPARE(m_view->measuredRegion(), std::optional<TimeRange>(before));
        QCOMPARE(m_view->shownRegion(), std::optional<TimeRange>(before));
        QCOMPARE(undoCount(), steps);
        QVERIFY(annotations()->markers().empty());
    }

    void edgeCursorFollowsTheRegion_data()
    {
        QTest::addColumn<Change>("change");
        QTest::addColumn<int>("y");
        QTest::addColumn<bool>("onEdgeBefore");
        QTest::addColumn<bool>("onEdgeAfter");
        QTest::newRow("Esc clears the region") << Change::Esc << kPlotY << true << false;
        QTest::newRow("Undo takes the edge away") << Change::Undo << kRulerY << true << false;
        QTest::newRow("a region set from elsewhere") << Change::SetElsewhere << kPlotY << false << true;
        QTest::newRow("the view pans") << Change::Pan << kRulerY << true << false;
    }
    // The sizing cursor tells the truth when the region or the range moves under a still mouse.
    void edgeCursorFollowsTheRegion()
    {
        QFETCH(Change, change);
        QFETCH(int, y);
        QFETCH(bool, onEdgeBefore);
        QFETCH(bool, onEdgeAfter);
        annotations()->setRegion(TimeRange{100, 600});
        if (change == Change::Undo)
            annotations()->setRegion(TimeRange{100, 800});
        if (change == Change::SetElsewhere)
            annotations()->clearRegion();
        const auto shape = [&](bool onEdge) { return onEdge ? Qt::SizeHorCursor : Qt::ArrowCursor; };

        QTest::mouseMove(viewport(), QPoint(xOf(change == Change::Undo ? 800 : 600), y));
        QCOMPARE(viewport()->cursor().shape(), shape(onEdgeBefore));
        switch (change) {
        case Change::Esc:
            QTest::keyClick(m_view, Qt::Key_Escape);
            break;
        case Change::Undo:
            annotations()->undoStack()->undo();
            break;
        case Change::SetElsewhere:
            annotations()->setRegion(TimeRange{100, 600});
            break;
        case Change::Pan:
            QTest::keyClick(m_view, Qt::Key_Right);
            break;
        }
        QCOMPARE(viewport()->cursor().shape(), shape(onEdgeAfter));
    }

    // Away from the edges, the ruler and the plot do what they did: measure anew and pan; Shift+drag
    // measures anew even from an edge.
    void awayFromTheEdgesNothingChanges()
    {
        annotations()->setRegion(TimeRange{100, 600});
        QTest::mouseMove(viewport(), QPoint(xOf(350), kPlotY));
        QCOMPARE(viewport()->cursor().shape(), Qt::ArrowCursor);
        const TimeRange shown = m_view->visibleRange();
        QTest::mousePress(viewport(), Qt::LeftButton, {}, QPoint(xOf(350), kPlotY));
        QTest::mouseMove(viewport(), QPoint(xOf(300), kPlotY));
        QTest::mouseMove(viewport(), QPoint(xOf(250), kPlotY));
        QTest::mouseRelease(viewport(), Qt::LeftButton, {}, QPoint(xOf(250), kPlotY));
        QVERIFY(m_view->visibleRange() != shown); // panned
        QCOMPARE(m_view->measuredRegion(), (std::optional<TimeRange>(TimeRange{100, 600})));

        m_view->setVisibleRange({0, kTimeUs});
        QTest::mousePress(viewport(), Qt::LeftButton, Qt::ShiftModifier, QPoint(xOf(600), kPlotY));
        QTest::mouseMove(viewport(), QPoint(xOf(800), kPlotY));
        QTest::mouseMove(viewport(), QPoint(xOf(997), kPlotY));
        QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::ShiftModifier, QPoint(xOf(997), kPlotY));
        QCOMPARE(m_view->measuredRegion(), (std::optional<TimeRange>(TimeRange{600, 1000})));
    }

    void renameInPlace_data()
    {
        QTest::addColumn<QString>("name");  // the marker's name before
        QTest::addColumn<QString>("typed"); // replaces the selected name; empty: Backspace clears it
        QTest::addColumn<Finish>("finish");
        QTest::addColumn<QString>("after");
        QTest::newRow("Enter renames")
            << QString() << QStringLiteral("slow tail") << Finish::Enter << QStringLiteral("slow tail");
        QTest::newRow("Enter renames a named one")
            << QStringLiteral("old") << QStringLiteral("new") << Finish::Enter << QStringLiteral("new");
        QTest::newRow("Esc leaves it")
            << QStringLiteral("old") << QStringLiteral("new") << Finish::Esc << QStringLiteral("old");
        QTest::newRow("leaving the editor renames")
            << QStringLiteral("old") << QStringLiteral("new") << Finish::FocusLost << QStringLiteral("new");
        QTest::newRow("an empty name shows the time")
            << QStringLiteral("old") << QString() << Finish::Enter << QString();
        QTest::newRow("spaces around are dropped")
            << QString() << QStringLiteral("  hot loop ") << Finish::Enter << QStringLiteral("hot loop");
    }
    void renameInPlace()
    {
        QFETCH(QString, name);
        QFETCH(QString, typed);
        QFETCH(Finish, finish);
        QFETCH(QString, after);
        const int id = annotations()->addMarker(400, name);
        const int steps = undoCount();

        doubleClick(flagOf(id));
        QLineEdit *editor = m_view->markerNameEditor();
        QVERIFY(editor);
        QVERIFY(editor->isVisible());
        QCOMPARE(editor->text(), name);
        QCOMPARE(editor->selectedText(), name);
        QVERIFY(editor->hasFocus());
        QCOMPARE(annotations()->markers().size(), std::size_t(1)); // the clicks dropped no marker
        // The editor sits over the flag.
        QVERIFY(editor->geometry().contains(flagOf(id)));

        if (typed.isEmpty())
            QTest::keyClick(editor, Qt::Key_Backspace);
        else
            QTest::keyClicks(editor, typed);
        switch (finish) {
        case Finish::Enter:
            QTest::keyClick(editor, Qt::Key_Return);
            break;
        case Finish::Esc:
            QTest::keyClick(editor, Qt::Key_Escape);
            break;
        case Finish::FocusLost:
            m_elsewhere->setFocus();
            break;
        }
        QVERIFY(!m_view->markerNameEditor());
        QCOMPARE(annotations()->marker(id)->name, after);
        QCOMPARE(MarkerOverlay::flagText(*annotations()->marker(id)),
                 after.isEmpty() ? formatDuration(400) : after);
        if (finish != Finish::FocusLost)
            QVERIFY(m_view->hasFocus()); // the timeline's keys work again
        if (after == name) {
            QCOMPARE(undoCount(), steps); // nothing changed, nothing to undo
        } else {
            QCOMPARE(undoCount(), steps + 1);
            annotations()->undoStack()->undo();
            QCOMPARE(annotations()->marker(id)->name, name);
        }
        QCOMPARE(m_view->measuredRegion(), std::nullopt); // Esc in the editor is not the timeline's Esc
    }

    // A click on a flag points at that marker and adds no other one; a double click on an empty
    // stretch of the ruler drops a marker and opens its name.
    void clicksOnTheRuler()
    {
        const int id = annotations()->addMarker(400);
        QTest::mouseClick(viewport(), Qt::LeftButton, {}, flagOf(id));
        QTest::mouseClick(viewport(), Qt::LeftButton, {}, QPoint(xOf(400), 4)); // its line, above the flag
        QCOMPARE(annotations()->markers().size(), std::size_t(1));

        doubleClick(QPoint(xOf(800), kRulerY));
        QCOMPARE(annotations()->markers().size(), std::size_t(2));
        const TimelineMarker dropped = annotations()->markers().back();
        QVERIFY(std::abs(dropped.timeUs - 800) <= usPerPx());
        QVERIFY(m_view->markerNameEditor());
        QTest::keyClicks(m_view->markerNameEditor(), QStringLiteral("end"));
        QTest::keyClick(m_view->markerNameEditor(), Qt::Key_Enter);
        QCOMPARE(annotations()->marker(dropped.id)->name, QStringLiteral("end"));
    }

    // Undo while the editor is open takes its marker away: the editor closes and renames nothing.
    void markerGoneWhileEditing()
    {
        const int id = annotations()->addMarker(400);
        doubleClick(flagOf(id));
        QVERIFY(m_view->markerNameEditor());
        QTest::keyClicks(m_view->markerNameEditor(), QStringLiteral("lost"));
        annotations()->undoStack()->undo();
        QVERIFY(!m_view->markerNameEditor());
        QVERIFY(annotations()->markers().empty());
        QVERIFY(!annotations()->undoStack()->canUndo());
    }
};

LANESCOPE_TEST_MAIN(TestAnnotationEditing)
#include "tst_annotationediting.moc"
