#include "app/settings/snapshotcachesetting.h"
#include "app/window/mainwindow.h"
#include "model/snapshot/snapshotcache.h"
#include "testmain.h"
#include "widgets/panels/querypanel.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QUrl>

using namespace lanescope;

class TestMainWindow : public QObject
{
    Q_OBJECT

    static QAction *findAction(QWidget *root, const QString &text)
    {
        for (QAction *a : root->findChildren<QAction *>())
            if (a->text().remove(QLatin1Char('&')) == text)
                return a;
        return nullptr;
    }

private slots:
    void initTestCase()
    {
        // Settings go to a test location, never into the user's configuration.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    // The first run opens maximized, so that a new user sees as many lanes as the screen holds; a
    // later run opens as the last one closed.
    void firstRunMaximizedThenAsLastClosed()
    {
        QSettings().remove(QStringLiteral("window"));
        {
            MainWindow first;
            first.showAsLastClosed();
            QVERIFY(first.windowState() & Qt::WindowMaximized);
            first.showNormal();
            first.resize(1100, 720);
            QVERIFY(first.close());
        }
        MainWindow second;
        second.showAsLastClosed();
        QVERIFY(QTest::qWaitForWindowExposed(&second));
        QVERIFY(!(second.windowState() & Qt::WindowMaximized));
        QCOMPARE(second.size(), QSize(1100, 720));
        second.close();
    }

    void loadedCaptureIsRememberedInRecentFiles()
    {
        const QString sample = QStringLiteral(LANESCOPE_FIXTURES "/generated/level4");
        {
            MainWindow window;
            window.openPath(sample);
            QTRY_VERIFY_WITH_TIMEOUT(window.currentTimeline() != nullptr, 20000);
            QMenu *recent = nullptr;
            for (QMenu *m : window.menuBar()->findChildren<QMenu *>())
                if (m->title().remove(QLatin1Char('&')) == QLatin1String("Open Recent"))
                    recent = m;
            QVERIFY(recent);
            QVERIFY(recent->isEnabled());
            QCOMPARE(recent->actions().front()->text(),
                     QDir::toNativeSeparators(QFileInfo(sample).absoluteFilePath()));
        }
        // A new window (a new run) remembers it.
        MainWindow again;
        QCOMPARE(QSettings().value("recentFiles").toStringList().front(),
                 QFileInfo(sample).absoluteFilePath());
    }

    // The Query dock: a tab of the bottom docks (no height of its own), listed in View, asking the
    // run in front and acting on its timeline.
    void queryDockAsksTheTabInFront()
    {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(window.queryDock());
        QVERIFY(window.viewMenu()->actions().contains(window.queryDock()->toggleViewAction()));
        QCOMPARE(window.dockWidgetArea(window.queryDock()), Qt::BottomDockWidgetArea);
        QVERIFY(window.tabifiedDockWidgets(window.functionsDock()).contains(window.queryDock()));
        QueryPanel *panel = window.queryPanel();
        QVERIFY(!panel->runButton()->isEnabled());
        window.openPath(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentTimeline() != nullptr, 20000);
        QTRY_VERIFY(panel->runButton()->isEnabled());
        QCOMPARE(panel->job()->capture(), window.currentTimeline()->capture());
        panel->editor()->setPlainText(QStringLiteral("SELECT id FROM slice WHERE dur > 0 LIMIT 1"));
        QSignalSpy finished(panel, &QueryPanel::queryFinished);
        QVERIFY(panel->run());
        QVERIFY(finished.wait(10000));
        window.currentTimeline()->clearSelection();
        QVERIFY(panel->activateRow(0));
        QVERIFY(window.currentTimeline()->selection());
    }

    void themeSwitchesAndIsRemembered()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        window.openPath(QStringLiteral(LANESCOPE_FIXTURES "/generated/level1"));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentTimeline() != nullptr, 20000);
        // The empty area below the last lane shows the timeline's own background.
        auto background = [&] {
            QWidget *area = window.currentTimeline()->viewport();
            return area->grab().toImage().pixelColor(area->width() - 4, area->height() - 4).lightness();
        };
        QVERIFY(background() > 200);
        QAction *dark = findAction(&window, QStringLiteral("Dark"));
        QVERIFY(dark);
        dark->trigger();
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
        QTRY_VERIFY(background() < 80);
        QCOMPARE(QSettings().value("theme").toString(), QStringLiteral("dark"));
        findAction(&window, QStringLiteral("Light"))->trigger();
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 180);
        QTRY_VERIFY(background() > 200);
    }

    void droppedFilesAndDirectoriesOpenAsTabs()
    {
        MainWindow window;
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(QStringLiteral(LANESCOPE_FIXTURES "/generated/level2")),
                      QUrl::fromLocalFile(QStringLiteral(LANESCOPE_FIXTURES
                                                         "/generated/level3/chip_swimlane_records.json"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QCOMPARE(window.tabs()->count(), 2);
        QCOMPARE(window.tabs()->tabText(0), QStringLiteral("level2"));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentTimeline() != nullptr, 20000);
    }

    // The window owns its menus; the features (review, measure tools) hand it their actions, which
    // land in their sections in the order given.
    void menusHoldEachFeaturesActionsInTheirSection_data()
    {
        QTest::addColumn<QString>("menu");
        QTest::addColumn<QStringList>("actions"); // "-" is a separator
        QTest::newRow("File") << "File"
                              << QStringList{"Open File…",
                                             "Open Directory…",
                                             "Open Recent",
                                             "Keep Snapshots for Fast Reopening",
                                             "-",
                                             "Open Review…",
                                             "Save Review…",
                                             "Save Review with Captures Inside…",
                                             "-",
                                             "Close Tab",
                                             "-",
                                             "Export…",
                                             "-",
                                             "Quit"};
        QTest::newRow("Edit") << "Edit" << QStringList{"Undo", "Redo", "-", "Copy Image"};
        QTest::newRow("View") << "View"
                              << QStringList{"Fit All",
                                             "-",
                                             "Details",
                                             "Functions",
                                             "Legend",
                                             "Happens-before violations",
                                             "Warnings",
                                             "Analysis",
                                             "Show Critical Path",
                                             "Rings",
                                             "Ring pressure band",
                                             "Compiler hints",
                                             "Query",
                                             "-",
                                             "Theme",
                                             "Techniques",
                                             "Region",
                                             "Markers",
                                             "-",
                                             "View Bookmarks"};
        QTest::newRow("Compare") << "Compare" << QStringList{"Mark Tab as Before",
                                                             "Mark Tab as After",
                                                             "Swap Before and After",
                                                             "Clear Marks",
                                                             "-",
                                                             "Compare Before and After…",
                                                             "Add Tab to Before",
                                                             "Add Tab to After"};
        QTest::newRow("Help") << "Help"
                              << QStringList{"Guided Example: Before and After", "-", "Keyboard Shortcuts",
                                             "About Lanescope"};
    }
    void menusHoldEachFeaturesActionsInTheirSection()
    {
        QFETCH(QString, menu);
        QFETCH(QStringList, actions);
        MainWindow window;
        QStringList titles;
        QMenu *found = nullptr;
        for (QAction *a : window.menuBar()->actions()) {
            titles << a->text().remove(QLatin1Char('&'));
            if (titles.back() == menu)
                found = a->menu();
        }
        QCOMPARE(titles, (QStringList{"File", "Edit", "View", "Compare", "Help"}));
        QVERIFY(found);
        QStringList texts;
        for (QAction *a : found->actions())
            texts << (a->isSeparator() ? QStringLiteral("-") : a->text().remove(QLatin1Char('&')));
        QCOMPARE(texts, actions);
    }

    // The snapshot cache is a setting of the File menu: turning it off takes effect at once and is
    // remembered for every later run, the verbs' included.
    void keepingSnapshotsIsASetting()
    {
        QSettings(QStringLiteral("Lanescope"), QStringLiteral("Lanescope"))
            .remove(QStringLiteral("cache/enabled"));
        setSnapshotCacheSettings({}); // as after --no-cache
        MainWindow window;
        QAction *keep = findAction(&window, QStringLiteral("Keep Snapshots for Fast Reopening"));
        QVERIFY(keep);
        QVERIFY(keep->isCheckable());
        QVERIFY(!keep->isChecked());
        keep->trigger();
        QVERIFY(snapshotCacheSettings().enabled);
        QVERIFY(snapshotCacheSetting());
        keep->trigger();
        QVERIFY(!snapshotCacheSettings().enabled);
        QVERIFY(!snapshotCacheSetting());
        QSettings(QStringLiteral("Lanescope"), QStringLiteral("Lanescope"))
            .remove(QStringLiteral("cache/enabled"));
        setSnapshotCacheSettings({});
    }

    void helpListsShortcuts()
    {
        MainWindow window;
        QAction *keys = findAction(&window, QStringLiteral("Keyboard Shortcuts"));
        QVERIFY(keys);
        QCOMPARE(keys->shortcut(), QKeySequence(QKeySequence::HelpContents));
    }
};

LANESCOPE_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
