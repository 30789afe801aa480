#include "app/window/exportdialog.h"
#include "app/window/mainwindow.h"
#include "app/window/measuretools.h"
#include "model/capture/lanebuilder.h"
#include "testmain.h"
#include "widgets/panels/regionpanel.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QClipboard>
#include <QDockWidget>
#include <QFile>
#include <QGuiApplication>
#include <QMenu>
#include <QMenuBar>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace lanescope;

class TestMeasureTools : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    MainWindow *m_window = nullptr;
    MeasureTools *m_tools = nullptr;

    TimelineView *view() const { return m_window->currentTimeline(); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_window = new MainWindow;
        m_window->resize(1400, 900);
        m_window->show();
        m_window->openPath(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->currentTimeline() != nullptr, 20000);
        m_tools = m_window->findChild<MeasureTools *>();
        QVERIFY(m_tools);
    }
    void cleanupTestCase() { delete m_window; }

    void menusAndDocksAreInstalled()
    {
        QCOMPARE(m_tools->undoAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+Z")));
        QCOMPARE(m_tools->redoAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+Z")));
        QStringList menus;
        for (QAction *a : m_window->menuBar()->actions())
            menus << a->text().remove(u'&');
        QCOMPARE(menus.mid(0, 2), (QStringList{QStringLiteral("File"), QStringLiteral("Edit")}));
        QVERIFY(m_window->menuBar()->actions().front()->menu()->actions().contains(m_tools->exportAction()));
        QVERIFY(m_tools->regionDock()->widget() == m_tools->regionPanel());
        // The dock toggles sit in the window's View menu, whatever its title reads.
        QVERIFY(m_window->viewMenu()->actions().contains(m_tools->regionDock()->toggleViewAction()));
        QCOMPARE(m_tools->captureName(), QStringLiteral("sample-l4"));
    }

    void regionFollowsIntoThePanelAndUndoActions()
    {
        TimelineAnnotations *a = view()->annotations();
        QVERIFY(!m_tools->undoAction()->isEnabled());
        a->setRegion(TimeRange{500, 1500});
        QCOMPARE(m_tools->regionPanel()->region(), (std::optional<TimeRange>(TimeRange{500, 1500})));
        QVERIFY(m_tools->regionPanel()->statistics());
        QCOMPARE_GT(m_tools->regionPanel()->statistics()->started, std::size_t(0));
        // The sample has dependencies: idle-with-ready-work is shown.
        QVERIFY(m_tools->regionPanel()->report()->overhead);
        QVERIFY(m_tools->regionPanel()->summaryText().contains(QStringLiteral("Idle with ready work: ")));
        QVERIFY(m_tools->undoAction()->isEnabled());

        m_tools->undoAction()->trigger();
        QVERIFY(!view()->measuredRegion());
        QVERIFY(!m_tools->regionPanel()->region());
        QVERIFY(m_tools->redoAction()->isEnabled());
        m_tools->redoAction()->trigger();
        QCOMPARE(view()->measuredRegion(), (std::optional<TimeRange>(TimeRange{500, 1500})));
    }

    void exportsAtScreenSizeWithThePixelRatio()
    {
        view()->annotations()->addMarker(800, QStringLiteral("m1"));
        PictureExportSettings settings;
        settings.path = m_dir.filePath(QStringLiteral("screen.png"));
        QCOMPARE(m_tools->exportPicture(settings), QString());
        const QImage image(settings.path);
        const TimelinePicture picture = pictureOfView(*view(), m_tools->captureName(), settings);
        const QSize screen = view()->viewport()->size();
        QCOMPARE(picture.size.width(), screen.width());
        QCOMPARE(picture.size.height(), screen.height() + captionHeight(picture.frame) +
                                            legendHeight(picture.frame, screen.width()));
        QCOMPARE(image.size(), picture.size * view()->devicePixelRatioF());
        QCOMPARE(picture.range, view()->visibleRange());
    }

    void exportsTheRegionOnlyAtAChosenSize()
    {
        view()->annotations()->setRegion(TimeRange{500, 1500});
        PictureExportSettings settings;
        settings.regionOnly = true;
        settings.screenSize = false;
        settings.size = QSize(1000, 500);
        settings.path = m_dir.filePath(QStringLiteral("region.svg"));
        QCOMPARE(m_tools->exportPicture(settings), QString());
        QFile file(settings.path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        QVERIFY(svg.contains(QStringLiteral("sample-l4 · level 4 · 0.5 ms – 1.5 ms (1 ms)")));
        QVERIFY(svg.contains(QStringLiteral("width=\"1000\"")));

        settings.path = m_dir.filePath(QStringLiteral("region.png"));
        QCOMPARE(m_tools->exportPicture(settings), QString());
        QCOMPARE(QImage(settings.path).size(), QSize(1000, 500));
    }

    // Every lane: the view's layout from its first row, groups folded as on screen, at the width
    // asked (the screen's or a chosen one) and the height the lanes take.
    void exportsEveryLaneFoldedAsOnScreen_data()
    {
        QTest::addColumn<bool>("foldAicore");
        QTest::addColumn<bool>("screenSize");
        QTest::newRow("as opened, chosen width") << false << false;
        QTest::newRow("AICore folded, chosen width") << true << false;
        QTest::newRow("AICore folded, screen width") << true << true;
    }
    void exportsEveryLaneFoldedAsOnScreen()
    {
        QFETCH(bool, foldAicore);
        QFETCH(bool, screenSize);
        view()->setGroupCollapsed(groups::aicore, foldAicore);
        const auto unfold = qScopeGuard([this] { view()->setGroupCollapsed(groups::aicore, false); });
        const TimelinePaintOptions &shown = view()->paintOptions();
        QCOMPARE(shown.collapsedGroups.contains(groups::aicore), foldAicore);

        PictureExportSettings settings;
        settings.allLanes = true;
        settings.screenSize = screenSize;
        settings.size = QSize(1000, 500);
        settings.path = m_dir.filePath(QStringLiteral("every.png"));
        QCOMPARE(m_tools->exportPicture(settings), QString());
        const QImage image(settings.path);
        const TimelinePicture picture = pictureOfView(*view(), m_tools->captureName(), settings);
        const int width = screenSize ? view()->viewport()->size().width() : 1000;
        const int chrome = captionHeight(picture.frame) + legendHeight(picture.frame, width);
        QCOMPARE(picture.size,
                 QSize(width, kTimelineRulerHeightPx + view()->layout().contentHeight() + 1 + chrome));
        QCOMPARE(picture.frame.scrollYPx, 0.0);
        QCOMPARE(image.size(), picture.size * (screenSize ? view()->devicePixelRatioF() : 1.0));
        QCOMPARE_GT(picture.size.height(), 500);

        // Folded on screen, folded in the picture: the group's lanes take no height.
        QSet<QString> open = shown.collapsedGroups;
        open.remove(groups::aicore);
        const TimelineLayout opened(*view()->capture(), shown.metrics, open, shown.arrangement);
        if (foldAicore)
            QCOMPARE_LT(view()->layout().contentHeight(), opened.contentHeight());
        else
            QCOMPARE(view()->layout().contentHeight(), opened.contentHeight());
    }

    void refusesBadSettings_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("allLanes");
        QTest::addColumn<QString>("problem");
        QTest::newRow("no name") << QString() << QSize(100, 100) << false << "Choose a file name";
        QTest::newRow("jpeg") << "x.jpg" << QSize(100, 100) << false << ".png or .svg";
        QTest::newRow("too large") << "x.png" << QSize(30000, 100) << false << "between 1 and";
        QTest::newRow("too tall") << "x.png" << QSize(100, 30000) << false << "between 1 and";
        // Every lane: the lanes decide the height, the dialog's height box is not used.
        QTest::newRow("every lane, any height") << "x.png" << QSize(100, 30000) << true << "";
        QTest::newRow("every lane, too wide") << "x.png" << QSize(30000, 100) << true << "between 1 and";
        QTest::newRow("fine") << "x.svg" << QSize(100, 100) << false << "";
    }
    void refusesBadSettings()
    {
        QFETCH(QString, path);
        QFETCH(QSize, size);
        QFETCH(bool, allLanes);
        QFETCH(QString, problem);
        PictureExportSettings settings;
        settings.path = path.isEmpty() ? path : m_dir.filePath(path);
        settings.screenSize = false;
        settings.allLanes = allLanes;
        settings.size = size;
        const QString got = ExportDialog::problem(settings);
        if (problem.isEmpty())
            QVERIFY2(got.isEmpty(), qPrintable(got));
        else
            QVERIFY2(got.contains(problem), qPrintable(got));
    }

    void copiesTheViewAsAnImage()
    {
        m_tools->copyImageAction()->trigger();
        const QImage copied = QGuiApplication::clipboard()->image();
        const QImage expected = m_tools->copyImage();
        QVERIFY(!expected.isNull());
        if (!copied.isNull()) // some platforms have no clipboard
            QCOMPARE(copied.size(), expected.size());
    }
};

LANESCOPE_TEST_MAIN(TestMeasureTools)
#include "tst_measuretools.moc"
