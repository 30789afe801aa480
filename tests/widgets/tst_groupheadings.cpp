#include "groupheadingtesting.h"
#include "model/capture/lanebuilder.h"
#include "model/io/loader.h"
#include "testmain.h"
#include "widgets/timeline/lanearrangement.h"

#include <QSignalSpy>

using namespace lanescope;

class TestGroupHeadings : public QObject
{
    Q_OBJECT

private:
    CapturePtr m_sample;
    std::unique_ptr<TimelineView> m_view;

private slots:
    void initTestCase()
    {
        m_sample = loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture;
        QVERIFY(m_sample);
    }

    void init()
    {
        m_view = std::make_unique<TimelineView>();
        m_view->resize(1400, 900);
        m_view->setCapture(m_sample);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        QVERIFY(headings(*m_view).contains(groups::aicore));
        QVERIFY(!headingPoint(*m_view, headings(*m_view).back()).isNull());
    }

    void cleanup() { m_view.reset(); }

    // A click on a heading folds its group, a second one unfolds it; each says so. Folding by the
    // program (setGroupCollapsed) is not the user's doing and says nothing.
    void clickFoldsAndTells()
    {
        QSignalSpy folded(m_view.get(), &TimelineView::groupFoldedByUser);
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, headingPoint(*m_view, groups::aicore));
        QVERIFY(m_view->paintOptions().collapsedGroups.contains(groups::aicore));
        QCOMPARE(folded.count(), 1);
        QCOMPARE(folded.at(0), (QVariantList{groups::aicore, true}));
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, headingPoint(*m_view, groups::aicore));
        QVERIFY(!m_view->paintOptions().collapsedGroups.contains(groups::aicore));
        QCOMPARE(folded.at(1), (QVariantList{groups::aicore, false}));
        m_view->setGroupCollapsed(groups::aicore, true);
        QCOMPARE(folded.count(), 2);
    }

    void headingMenuMovesTheGroup_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("delta");
        QTest::newRow("up") << "Move Group Up" << -1;
        QTest::newRow("down") << "Move Group Down" << +1;
    }

    void headingMenuMovesTheGroup()
    {
        QFETCH(QString, text);
        QFETCH(int, delta);
        QSignalSpy reordered(m_view.get(), &TimelineView::groupsReorderedByUser);
        QStringList expected = headings(*m_view);
        const qsizetype at = expected.indexOf(groups::scheduler);
        QVERIFY(at > 0 && at + 1 < expected.size()); // a group in the middle
        QAction *move = headingMenuAction(*m_view, groups::scheduler, text);
        QVERIFY(move);
        QVERIFY(move->isEnabled());
        move->trigger();
        closeMenus(*m_view);
        expected.move(at, at + delta);
        QCOMPARE(headings(*m_view), expected);
        QCOMPARE(reordered.count(), 1);
        QCOMPARE(reordered.at(0).at(0).toStringList(), expected);
        QCOMPARE(m_view->laneArrangement().groupsInOrder(*m_sample), expected);
    }

    // The first group cannot go up, the last cannot go down, the pinned heading goes nowhere.
    void headingMenuAtTheEnds()
    {
        const QStringList shown = headings(*m_view);
        QAction *up = headingMenuAction(*m_view, shown.front(), QStringLiteral("Move Group Up"));
        QVERIFY(up);
        QVERIFY(!up->isEnabled());
        closeMenus(*m_view);
        QAction *down = headingMenuAction(*m_view, shown.back(), QStringLiteral("Move Group Down"));
        QVERIFY(down);
        QVERIFY(!down->isEnabled());
        closeMenus(*m_view);
        m_view->setLanePinned(0, true);
        QCOMPARE(headings(*m_view).front(), pinnedGroupName());
        QAction *pinnedDown =
            headingMenuAction(*m_view, pinnedGroupName(), QStringLiteral("Move Group Down"));
        QVERIFY(pinnedDown);
        QVERIFY(!pinnedDown->isEnabled());
        closeMenus(*m_view);
        // Moving a group up to the top leaves it under the pinned lanes.
        while (m_view->moveGroup(groups::aicore, -1)) {
        }
        QCOMPARE(headings(*m_view).mid(0, 2), (QStringList{pinnedGroupName(), groups::aicore}));
    }

    // A heading dropped on another heading takes its place; the group is not folded on the way.
    void draggingAHeadingMovesTheGroup()
    {
        QSignalSpy reordered(m_view.get(), &TimelineView::groupsReorderedByUser);
        QStringList expected = headings(*m_view);
        const QString first = expected.front();
        const bool firstFolded = m_view->paintOptions().collapsedGroups.contains(first);
        QTest::mousePress(m_view->viewport(), Qt::LeftButton, {}, headingPoint(*m_view, groups::aicore));
        QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, {}, headingPoint(*m_view, first));
        expected.move(expected.indexOf(groups::aicore), 0);
        QCOMPARE(headings(*m_view), expected);
        QCOMPARE(reordered.count(), 1);
        QVERIFY(!m_view->paintOptions().collapsedGroups.contains(groups::aicore));
        QCOMPARE(m_view->paintOptions().collapsedGroups.contains(first), firstFolded);
    }

    // A view bookmark keeps the group order; one without (stored before groups could move, or in
    // the capture's own order) shows the capture's own order.
    void bookmarkKeepsTheGroupOrder()
    {
        const QStringList own = headings(*m_view);
        QVERIFY(m_view->currentView().groupOrder.isEmpty());
        QVERIFY(m_view->moveGroup(groups::aicore, -1));
        const QStringList moved = headings(*m_view);
        QVERIFY(moved != own);
        const ViewBookmark stored = m_view->currentView();
        QCOMPARE(stored.groupOrder, moved);
        m_view->setLaneArrangement({});
        QCOMPARE(headings(*m_view), own);
        m_view->showView(stored);
        QCOMPARE(headings(*m_view), moved);
        ViewBookmark old = stored;
        old.groupOrder.clear();
        m_view->showView(old);
        QCOMPARE(headings(*m_view), own);
    }

    // The user's preference lays out the next capture: their group order (names the capture lacks
    // ignored), their folding over the defaults; the rows on screen stay until then.
    void preferenceLaysOutTheNextCapture()
    {
        const QStringList own = headings(*m_view);
        QVERIFY(m_view->paintOptions().collapsedGroups.contains(groups::schedulerView)); // the default
        QStringList mine = own;
        mine.move(mine.indexOf(groups::aicore), 0);
        GroupPreference preference;
        preference.order = {QStringLiteral("No such group")};
        preference.rememberOrder(mine);
        preference.rememberFolding(groups::schedulerView, false);
        preference.rememberFolding(groups::orchestrator, true);
        m_view->setGroupPreference(preference);
        QCOMPARE(headings(*m_view), own);
        m_view->setCapture(m_sample);
        QCOMPARE(headings(*m_view), mine);
        // The defaults, less what the user unfolded, plus what they folded.
        QSet<QString> folded = initiallyCollapsedGroups(*m_sample);
        folded.remove(groups::schedulerView);
        folded.insert(groups::orchestrator);
        QCOMPARE(m_view->paintOptions().collapsedGroups, folded);
    }
};

LANESCOPE_TEST_MAIN(TestGroupHeadings)
#include "tst_groupheadings.moc"
