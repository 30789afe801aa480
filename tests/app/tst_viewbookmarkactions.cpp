#include "app/window/mainwindow.h"
#include "app/window/reviewcontroller.h"
#include "app/window/shortcutsdialog.h"
#include "app/window/viewbookmarkactions.h"
#include "beforeafterpair.h"
#include "model/techniques/reviewsession.h"
#include "testmain.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

const QString kCapture = QStringLiteral(LANESCOPE_FIXTURES "/generated/level4");

CapturePage *pageAt(MainWindow &w, int index)
{
    return qobject_cast<CapturePage *>(w.tabs()->widget(index));
}

bool loaded(CapturePage *page)
{
    return page && page->state() == CapturePage::State::Ready && page->analysis();
}

Qt::Key digit(int slot)
{
    return Qt::Key(Qt::Key_0 + slot);
}

// The content y of the first group heading's middle, in viewport coordinates.
QPoint firstHeading(const TimelineView &view)
{
    for (const TimelineRow &row : view.layout().rows())
        if (row.kind == TimelineRow::Kind::GroupHeading)
            return QPoint(20, view.timelineViewport().lanesTop() + row.y + row.height / 2 -
                                  int(view.timelineViewport().scrollYPx));
    return {};
}

QString firstHeadingGroup(const TimelineView &view)
{
    for (const TimelineRow &row : view.layout().rows())
        if (row.kind == TimelineRow::Kind::GroupHeading)
            return row.group;
    return {};
}

// Viewport points on the headers of the first two neighbouring lanes of one group on screen.
std::pair<QPoint, QPoint> neighbourLaneHeaders(const TimelineView &view)
{
    const std::vector<TimelineRow> &rows = view.layout().rows();
    const TimelineViewport &vp = view.timelineViewport();
    const auto centre = [&](const TimelineRow &row) {
        return QPoint(20, vp.lanesTop() + row.y + row.height / 2 - int(vp.scrollYPx));
    };
    for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
        const TimelineRow &a = rows[i], &b = rows[i + 1];
        if (a.kind == TimelineRow::Kind::Lane && b.kind == TimelineRow::Kind::Lane && a.group == b.group &&
            centre(b).y() < vp.heightPx)
            return {centre(a), centre(b)};
    }
    return {};
}

// Drags a lane by its header onto another lane's header.
void dragLaneHeader(TimelineView &view, QPoint from, QPoint to)
{
    QTest::mousePress(view.viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(view.viewport(), to);
    QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, to);
}

QMenu *viewBookmarksMenu(MainWindow &w)
{
    for (QAction *a : w.viewMenu()->actions())
        if (a->menu() && a->text().remove(u'&') == QLatin1String("View Bookmarks"))
            return a->menu();
    return nullptr;
}

} // namespace

class TestViewBookmarkActions : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    TimelineView *view() const { return m_window->currentTimeline(); }
    QString status() const { return m_window->statusBar()->currentMessage(); }

    // Zooms in with the keyboard, pans right, folds the first group with a click on its heading and
    // drags a lane above its neighbour: a view unlike the one a capture opens with.
    void arrangeByHand()
    {
        TimelineView *v = view();
        QTest::keyClick(v, Qt::Key_W);
        QTest::keyClick(v, Qt::Key_W);
        QTest::keyClick(v, Qt::Key_D);
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, firstHeading(*v));
        const auto [upper, lower] = neighbourLaneHeaders(*v);
        QVERIFY(!upper.isNull());
        dragLaneHeader(*v, lower, upper);
        QVERIFY(!v->laneArrangement().order.empty());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1400, 860);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_window->openPath(kCapture);
        QTRY_VERIFY_WITH_TIMEOUT(view() != nullptr, 20000);
        view()->setFocus();
    }

    void cleanup() { m_window.reset(); }

    // Ctrl+Shift+digit stores, the view changes, Ctrl+digit brings the range and the lane layout back.
    void storeAndRecallWithKeys_data()
    {
        QTest::addColumn<int>("slot");
        QTest::newRow("1") << 1;
        QTest::newRow("4") << 4;
        QTest::newRow("9") << 9;
    }

    void storeAndRecallWithKeys()
    {
        QFETCH(int, slot);
        TimelineView *v = view();
        const TimeRange opened = v->visibleRange();
        const QString group = firstHeadingGroup(*v);
        QVERIFY(!group.isEmpty());
        const bool groupOpenedFolded = v->paintOptions().collapsedGroups.contains(group);
        arrangeByHand();
        const TimeRange stored = v->visibleRange();
        QVERIFY(stored != opened);
        QCOMPARE(v->paintOptions().collapsedGroups.contains(group), !groupOpenedFolded);

        const ViewBookmark storedView = v->currentView();
        QTest::keyClick(v, digit(slot), Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(status(), QStringLiteral("View %1 stored: %2").arg(slot).arg(viewRangeText(stored)));

        // Another view: fitted, the lanes dragged back, the group back as it was.
        QTest::keyClick(v, Qt::Key_0);
        const auto [upper, lower] = neighbourLaneHeaders(*v);
        dragLaneHeader(*v, upper, lower);
        QVERIFY(v->laneArrangement().order != storedView.laneOrder);
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, firstHeading(*v));
        QCOMPARE(v->visibleRange(), opened);
        QCOMPARE(v->paintOptions().collapsedGroups.contains(group), groupOpenedFolded);

        QTest::keyClick(v, digit(slot), Qt::ControlModifier);
        QCOMPARE(v->visibleRange(), stored);
        QCOMPARE(v->paintOptions().collapsedGroups.contains(group), !groupOpenedFolded);
        QCOMPARE(v->currentView(), storedView);
        QCOMPARE(status(), QStringLiteral("View %1 recalled: %2").arg(slot).arg(viewRangeText(stored)));
        // The recall is a navigation: Back returns to the fitted view.
        QTest::keyClick(v, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(v->visibleRange(), opened);
    }

    void emptySlotLeavesTheViewUnchanged()
    {
        TimelineView *v = view();
        arrangeByHand();
        const ViewBookmark before = v->currentView();
        QTest::keyClick(v, Qt::Key_5, Qt::ControlModifier);
        QCOMPARE(v->currentView(), before);
        QCOMPARE(status(),
                 QStringLiteral("View 5 is empty: %1 stores the current view there.")
                     .arg(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_5).toString(QKeySequence::NativeText)));
        QVERIFY(pageAt(*m_window, 0)->viewBookmarks().isEmpty());
    }

    // Storing again replaces the slot; each tab has its own slots.
    void slotsArePerTab()
    {
        TimelineView *first = view();
        QTest::keyClick(first, Qt::Key_W);
        QTest::keyClick(first, Qt::Key_2, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::keyClick(first, Qt::Key_W);
        QTest::keyClick(first, Qt::Key_2, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(status().startsWith(QStringLiteral("View 2 replaced: ")));
        const TimeRange stored = first->visibleRange();

        m_window->openPath(QStringLiteral(LANESCOPE_FIXTURES "/generated/level1"));
        QTRY_VERIFY_WITH_TIMEOUT(view() != nullptr && view() != first, 20000);
        TimelineView *second = view();
        second->setFocus();
        const TimeRange secondRange = second->visibleRange();
        QTest::keyClick(second, Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(second->visibleRange(), secondRange);
        QVERIFY(status().startsWith(QStringLiteral("View 2 is empty")));

        QTabBar *bar = m_window->tabs()->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(0).center());
        QCOMPARE(view(), first);
        first->setFocus();
        QTest::keyClick(first, Qt::Key_0);
        QTest::keyClick(first, Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(first->visibleRange(), stored);
    }

    // View > View Bookmarks lists the tab's stored views with their range and recall key; the
    // shortcuts dialog lists the keys.
    void menuAndShortcutsListTheBookmarks()
    {
        TimelineView *v = view();
        QMenu *menu = viewBookmarksMenu(*m_window);
        QVERIFY(menu);
        emit menu->aboutToShow();
        QCOMPARE(menu->actions().front()->text(), QStringLiteral("No views stored in this tab"));
        QVERIFY(!menu->actions().front()->isEnabled());

        arrangeByHand();
        QTest::keyClick(v, Qt::Key_3, Qt::ControlModifier | Qt::ShiftModifier);
        const ViewBookmark stored = v->currentView();
        QTest::keyClick(v, Qt::Key_0);
        emit menu->aboutToShow();
        QAction *entry = menu->actions().front();
        const QString recallKeys = QKeySequence(Qt::CTRL | Qt::Key_3).toString(QKeySequence::NativeText);
        QCOMPARE(entry->text(), ViewBookmarkActions::describe(3, stored) + u'\t' + recallKeys);
        QVERIFY(entry->text().contains(viewRangeText(stored.range)));
        const qsizetype folded = stored.collapsedGroups.size();
        QVERIFY(folded > 0);
        QVERIFY(entry->text().contains(folded == 1 ? QStringLiteral("· 1 group folded")
                                                   : QStringLiteral("· %1 groups folded").arg(folded)));
        entry->trigger();
        QCOMPARE(v->visibleRange(), stored.range);

        if (qEnvironmentVariableIsSet("LANESCOPE_GRAB_DIR")) {
            const QString out = qEnvironmentVariable("LANESCOPE_GRAB_DIR");
            QTest::keyClick(v, Qt::Key_3, Qt::ControlModifier | Qt::ShiftModifier);
            QTest::qWait(100);
            m_window->grab().save(out + QStringLiteral("/bookmarks-window.png"));
            menu->popup(m_window->mapToGlobal(QPoint(200, 60)));
            QTest::qWait(100);
            menu->grab().save(out + QStringLiteral("/bookmarks-menu.png"));
            menu->hide();
        }

        ShortcutsDialog dialog(m_window.get());
        const auto rowOf = [&](const QString &action) {
            const auto hits =
                dialog.model()->findItems(action, Qt::MatchExactly, ShortcutsDialog::ActionColumn);
            return hits.size() == 1
                       ? dialog.model()->item(hits.front()->row(), ShortcutsDialog::KeysColumn)->text()
                       : QString();
        };
        QCOMPARE(rowOf(QStringLiteral("Store View as Bookmark 3")),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_3).toString(QKeySequence::NativeText));
        QCOMPARE(rowOf(QStringLiteral("Recall View Bookmark 3")), recallKeys);
        QCOMPARE(rowOf(QStringLiteral("Recall View Bookmark 9")),
                 QKeySequence(Qt::CTRL | Qt::Key_9).toString(QKeySequence::NativeText));
    }

    // A tab that is not a loaded capture has no bookmarks: the keys say so and change nothing.
    void noCaptureTab()
    {
        CapturePage *failed = m_window->openPath(QStringLiteral("/nonexistent/capture"));
        QTRY_COMPARE_WITH_TIMEOUT(failed->state(), CapturePage::State::Failed, 20000);
        QCOMPARE(m_window->tabs()->currentWidget(), failed);
        QTest::keyClick(m_window.get(), Qt::Key_1, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(status(), QStringLiteral("View bookmarks are kept per capture tab: open or pick one."));
        QVERIFY(pageAt(*m_window, 0)->viewBookmarks().isEmpty());
        QVERIFY(failed->viewBookmarks().isEmpty());
        QTest::keyClick(m_window.get(), Qt::Key_1, Qt::ControlModifier);
        QCOMPARE(status(), QStringLiteral("View bookmarks are kept per capture tab: open or pick one."));
    }

    // Bookmarks survive a review round trip: stored on the Before and After tabs, saved with the
    // review, restored on the tabs of the reopened review, and recalled there with the same key.
    void reviewKeepsTheBookmarksOfBothSides()
    {
        m_window.reset();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("review.lanescope"));
        ViewBookmarks beforeSaved, afterSaved;
        {
            MainWindow w;
            w.resize(1400, 860);
            w.show();
            QVERIFY(QTest::qWaitForWindowActive(&w));
            w.openPath(beforeAfterPath("before"));
            w.openPath(beforeAfterPath("after"));
            QVERIFY(QTest::qWaitFor([&] { return loaded(pageAt(w, 0)) && loaded(pageAt(w, 1)); }, 30000));
            for (int tab : {0, 1}) {
                w.tabs()->setCurrentIndex(tab);
                TimelineView *v = w.currentTimeline();
                v->setFocus();
                for (int i = 0; i <= tab; ++i)
                    QTest::keyClick(v, Qt::Key_W);
                QTest::keyClick(v, tab == 0 ? Qt::Key_1 : Qt::Key_7, Qt::ControlModifier | Qt::ShiftModifier);
                QTest::keyClick(v, Qt::Key_D);
                QTest::keyClick(v, Qt::Key_2, Qt::ControlModifier | Qt::ShiftModifier);
            }
            beforeSaved = pageAt(w, 0)->viewBookmarks();
            afterSaved = pageAt(w, 1)->viewBookmarks();
            QCOMPARE(beforeSaved.storedSlots(), (std::vector<int>{1, 2}));
            QCOMPARE(afterSaved.storedSlots(), (std::vector<int>{2, 7}));
            w.review()->markBefore(pageAt(w, 0));
            w.review()->markAfter(pageAt(w, 1));
            QVERIFY(w.review()->compare(QStringLiteral("general")));
            QString error;
            QVERIFY2(w.review()->saveReview(file, false, &error), qPrintable(error));
        }
        const std::optional<ReviewSession> onDisk = loadReviewSession(file);
        QVERIFY(onDisk);
        QCOMPARE(onDisk->before.bookmarks, beforeSaved);
        QCOMPARE(onDisk->after.bookmarks, afterSaved);

        MainWindow w;
        w.resize(1400, 860);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QSignalSpy restored(w.review(), &ReviewController::reviewRestored);
        QString error;
        QVERIFY2(w.review()->openReview(file, &error), qPrintable(error));
        QVERIFY(restored.wait(30000) || restored.count() == 1);
        CapturePage *before = w.review()->beforePage();
        CapturePage *after = w.review()->afterPage();
        QVERIFY(before && after);
        QCOMPARE(before->viewBookmarks(), beforeSaved);
        QCOMPARE(after->viewBookmarks(), afterSaved);
        // Saved again, the review writes the same bookmarks.
        QCOMPARE(w.review()->currentSession(false)->after.bookmarks, afterSaved);

        w.tabs()->setCurrentWidget(after);
        TimelineView *v = after->timeline();
        v->setFocus();
        QTest::keyClick(v, Qt::Key_7, Qt::ControlModifier);
        QCOMPARE(v->visibleRange(), afterSaved.find(7)->range);
        QTest::keyClick(v, Qt::Key_1, Qt::ControlModifier); // Before's slot, not After's
        QCOMPARE(v->visibleRange(), afterSaved.find(7)->range);
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("View 1 is empty")));
    }
};

LANESCOPE_TEST_MAIN(TestViewBookmarkActions)
#include "tst_viewbookmarkactions.moc"
