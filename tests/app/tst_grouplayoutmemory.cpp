#include "../widgets/groupheadingtesting.h"
#include "app/settings/grouplayoutsetting.h"
#include "app/window/mainwindow.h"
#include "model/capture/lanebuilder.h"
#include "testmain.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelineview.h"

#include <QSettings>
#include <QStandardPaths>

using namespace lanescope;

namespace {

const QString kSample = QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");
const QString kOtherCapture = QStringLiteral(LANESCOPE_FIXTURES "/generated/level4");

// Picks the enabled entry `text` from a heading's context menu; false when it has none.
bool pickFromHeadingMenu(TimelineView &view, const QString &group, const QString &text)
{
    QAction *action = headingMenuAction(view, group, text);
    const bool picked = action && action->isEnabled();
    if (picked)
        action->trigger();
    closeMenus(view);
    return picked;
}

TimelineView *openAndWait(MainWindow &window, const QString &path)
{
    CapturePage *page = window.openPath(path);
    if (!QTest::qWaitFor([&] { return page->state() == CapturePage::State::Ready; }, 20000))
        return nullptr;
    return page->timeline();
}

// Shows the window at 1600×1000 with `path` open in it.
TimelineView *showWith(MainWindow &window, const QString &path)
{
    window.resize(1600, 1000);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return nullptr;
    return openAndWait(window, path);
}

// Whether an AICore lane's row is on screen without scrolling.
bool showsAicoreLanes(const TimelineView &view)
{
    const TimelineViewport &vp = view.timelineViewport();
    for (const TimelineRow &row : view.layout().rows())
        if (row.kind == TimelineRow::Kind::Lane && row.group == groups::aicore)
            return vp.scrollYPx == 0 && row.y + row.height <= vp.lanesHeight();
    return false;
}

} // namespace

class TestGroupLayoutMemory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Settings go to a test location, never into the user's configuration.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void cleanup() { QSettings().clear(); }

    void settingRoundTrip_data()
    {
        QTest::addColumn<QStringList>("order");
        QTest::addColumn<QStringList>("folded");
        QTest::addColumn<QStringList>("unfolded");
        QTest::newRow("nothing remembered") << QStringList{} << QStringList{} << QStringList{};
        QTest::newRow("order and folding")
            << QStringList{QStringLiteral("AICore"), QStringLiteral("Host ü"), QStringLiteral("a,b")}
            << QStringList{QStringLiteral("Host ü")} << QStringList{QStringLiteral("Scheduler View")};
    }

    void settingRoundTrip()
    {
        QFETCH(QStringList, order);
        QFETCH(QStringList, folded);
        QFETCH(QStringList, unfolded);
        GroupPreference preference{order, QSet<QString>(folded.begin(), folded.end()),
                                   QSet<QString>(unfolded.begin(), unfolded.end())};
        QSettings settings;
        setGroupLayoutSetting(settings, preference);
        QCOMPARE(groupLayoutSetting(QSettings()), preference);
    }

    // A group in both lists (a hand-edited file) is folded; a repeated name counts once.
    void handEditedSettingReads()
    {
        QSettings settings;
        settings.setValue(QStringLiteral("timeline/group_order"), QStringList{"A", "B", "A"});
        settings.setValue(QStringLiteral("timeline/folded_groups"), QStringList{"A"});
        settings.setValue(QStringLiteral("timeline/unfolded_groups"), QStringList{"A", "B"});
        const GroupPreference p = groupLayoutSetting(settings);
        QCOMPARE(p.order, (QStringList{"A", "B"}));
        QCOMPARE(p.folded, QSet<QString>{"A"});
        QCOMPARE(p.unfolded, QSet<QString>{"B"});
    }

    // Without anything remembered, the sample at 1600×1000 opens with AICore lanes in sight.
    void firstViewStillReachesTheAicoreLanes()
    {
        MainWindow window;
        TimelineView *view = showWith(window, kSample);
        QVERIFY(view);
        QVERIFY(view->paintOptions().collapsedGroups.contains(groups::schedulerView));
        QVERIFY(showsAicoreLanes(*view));
    }

    // A fold by a click and a group moved by its heading's menu are remembered: the next capture,
    // in this window or a new one, opens with them.
    void foldingAndOrderCarryToTheNextCapture()
    {
        QStringList expected;
        QString folded;
        {
            MainWindow window;
            TimelineView *view = showWith(window, kSample);
            QVERIFY(view);
            const QStringList opened = headings(*view);
            QVERIFY(opened.indexOf(groups::aicore) > 0);
            // Unfold the Scheduler View, fold the orchestrator's group (open by default).
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                              headingPoint(*view, groups::schedulerView));
            QVERIFY(!view->paintOptions().collapsedGroups.contains(groups::schedulerView));
            folded = groups::orchestrator;
            QVERIFY(!view->paintOptions().collapsedGroups.contains(folded));
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, headingPoint(*view, folded));
            QVERIFY(view->paintOptions().collapsedGroups.contains(folded));
            // AICore to the top, one place at a time.
            while (pickFromHeadingMenu(*view, groups::aicore, QStringLiteral("Move Group Up"))) {
            }
            expected = opened;
            expected.move(expected.indexOf(groups::aicore), 0);
            QCOMPARE(headings(*view), expected);
            QCOMPARE(QSettings().value(QStringLiteral("timeline/group_order")).toStringList(), expected);

            // Another capture in this window.
            TimelineView *other = openAndWait(window, kOtherCapture);
            QVERIFY(other && other != view);
            QCOMPARE(headings(*other).front(), groups::aicore);
            QCOMPARE(other->paintOptions().collapsedGroups.contains(folded),
                     headings(*other).contains(folded));
            QVERIFY(!other->paintOptions().collapsedGroups.contains(groups::schedulerView));
        }
        // A new window (a new run of Lanescope).
        MainWindow again;
        TimelineView *view = showWith(again, kSample);
        QVERIFY(view);
        QCOMPARE(headings(*view), expected);
        QVERIFY(view->paintOptions().collapsedGroups.contains(folded));
        QVERIFY(!view->paintOptions().collapsedGroups.contains(groups::schedulerView));
        // Folding it back is remembered too.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, headingPoint(*view, folded));
        QVERIFY(!groupLayoutSetting(QSettings()).folded.contains(folded));
        QVERIFY(groupLayoutSetting(QSettings()).unfolded.contains(folded));
    }
};

LANESCOPE_TEST_MAIN(TestGroupLayoutMemory)
#include "tst_grouplayoutmemory.moc"
