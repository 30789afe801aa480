#include "app/mainwindow.h"
#include "widgets/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QUrl>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

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
            QCOMPARE(recent->actions().front()->text(), QDir::toNativeSeparators(QFileInfo(sample).absoluteFilePath()));
        }
        // A new window (a new run) remembers it.
        MainWindow again;
        QCOMPARE(QSettings().value("recentFiles").toStringList().front(), QFileInfo(sample).absoluteFilePath());
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
                      QUrl::fromLocalFile(QStringLiteral(LANESCOPE_FIXTURES "/generated/level3/chip_swimlane_records.json"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QCOMPARE(window.tabs()->count(), 2);
        QCOMPARE(window.tabs()->tabText(0), QStringLiteral("level2"));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentTimeline() != nullptr, 20000);
    }

    void helpListsShortcuts()
    {
        MainWindow window;
        QAction *keys = findAction(&window, QStringLiteral("Keyboard Shortcuts"));
        QVERIFY(keys);
        QCOMPARE(keys->shortcut(), QKeySequence(QKeySequence::HelpContents));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
