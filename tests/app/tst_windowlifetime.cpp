// Closing a tab or the window while its capture loads or is analysed, or reloading it mid-analysis:
// nothing waits for the analysis to finish, nothing arrives for a page that is gone, and the
// window stays usable. AnalysisHold keeps the window's analysis at a known stage meanwhile.
#include "analysishold.h"
#include "app/window/mainwindow.h"
#include "generatedcapture.h"
#include "model/session/captureloader.h"
#include "testmain.h"
#include "widgets/timeline/capturepage.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPointer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

using namespace lanescope;

namespace {

// Closes the current tab the way a user does: the close button on its tab.
void clickCloseButton(MainWindow &window)
{
    QTabBar *bar = window.tabs()->tabBar();
    QWidget *button = bar->tabButton(bar->currentIndex(), QTabBar::RightSide);
    if (!button)
        button = bar->tabButton(bar->currentIndex(), QTabBar::LeftSide);
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
}

// The window's own loader: it is the window's child.
CaptureLoader *loaderOf(MainWindow &window)
{
    return window.findChild<CaptureLoader *>();
}

// Clicks Yes on the next message box the window asks, once it is up: the question runs its own
// event loop, so it is answered from a timer of that loop.
void answerYes(QObject *context)
{
    auto *poll = new QTimer(context);
    QObject::connect(poll, &QTimer::timeout, poll, [poll] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        poll->stop();
        poll->deleteLater();
        QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
    });
    poll->start(10);
}

// Rewrites a file with its own bytes: its modification is seen, its content is what it was.
bool touch(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = f.readAll();
    f.close();
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

class TestWindowLifetime : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_capture;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qRegisterMetaType<CapturePage *>(); // for the signal spies, under the name the signals use
        qRegisterMetaType<CapturePage *>("CapturePage*");
        m_capture = largeCapture(m_dir, 11);
        QVERIFY(!m_capture.isEmpty());
    }

    void closeTab_data()
    {
        QTest::addColumn<bool>("whileAnalysing");
        QTest::newRow("while loading") << false;
        QTest::newRow("while analysing") << true;
    }
    void closeTab()
    {
        QFETCH(bool, whileAnalysing);
        MainWindow window;
        AnalysisHold hold(AnalysisStage::Metrics); // holds the first tab's analysis, not the second's
        if (whileAnalysing)
            loaderOf(window)->setCheckpoint(hold.checkpoint());
        window.show();
        QSignalSpy loaded(&window, &MainWindow::captureLoaded);
        QSignalSpy analysed(&window, &MainWindow::captureAnalysed);
        QPointer<CapturePage> page = window.openPath(m_capture);
        if (whileAnalysing) {
            QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 60000);
            QVERIFY(hold.waitUntilHeld());
        }
        clickCloseButton(window);
        QCOMPARE(window.tabs()->count(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!window.loader()->busy(), 60000);
        QCoreApplication::processEvents();
        QCOMPARE(loaded.count(), whileAnalysing ? 1 : 0);
        QCOMPARE(analysed.count(), 0);
        QVERIFY(!page || !page->analysis()); // nothing reached the closed page
        QCOMPARE(hold.released(), whileAnalysing);
        QCOMPARE(hold.stagesAfterRelease(), QStringList());
        // Still usable: the same capture opens again and is analysed.
        CapturePage *again = window.openPath(m_capture);
        QTRY_VERIFY_WITH_TIMEOUT(again->analysis() != nullptr, 60000);
        QCOMPARE(analysed.count(), 1);
    }

    // The window goes away mid-analysis: its destructor stops the analysis at the cancel point
    // it is held at instead of waiting for the stages after it.
    void closeWindowDuringAnalysis_data()
    {
        QTest::addColumn<int>("stage");
        QTest::newRow("before the report") << int(AnalysisStage::Report);
        QTest::newRow("before the metrics") << int(AnalysisStage::Metrics);
    }
    void closeWindowDuringAnalysis()
    {
        QFETCH(int, stage);
        AnalysisHold hold{AnalysisStage(stage)};
        auto window = std::make_unique<MainWindow>();
        loaderOf(*window)->setCheckpoint(hold.checkpoint());
        window->show();
        QSignalSpy loaded(window.get(), &MainWindow::captureLoaded);
        window->openPath(m_capture);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 60000);
        QVERIFY(hold.waitUntilHeld());
        window.reset();
        QVERIFY(hold.released());
        QCOMPARE(hold.stagesAfterRelease(), QStringList());
    }

    // The files change on disk mid-analysis and the user reloads: the old analysis stops, only
    // the new tab's analysis arrives, and it lands on the new page in the old one's place.
    void reloadWhileAnalysing()
    {
        MainWindow window;
        AnalysisHold hold(AnalysisStage::Metrics);
        loaderOf(window)->setCheckpoint(hold.checkpoint());
        window.show();
        QSignalSpy loaded(&window, &MainWindow::captureLoaded);
        QSignalSpy analysed(&window, &MainWindow::captureAnalysed);
        QPointer<CapturePage> first = window.openPath(m_capture);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 60000);
        QVERIFY(hold.waitUntilHeld());
        answerYes(&window);
        QVERIFY(touch(QDir(m_capture).filePath(QStringLiteral("deps.json"))));
        QTRY_VERIFY_WITH_TIMEOUT(hold.released(), 60000); // the question was answered, the tab reopened
        QCOMPARE(hold.stagesAfterRelease(), QStringList());
        QCOMPARE(window.tabs()->count(), 1);
        auto *second = qobject_cast<CapturePage *>(window.tabs()->widget(0));
        QVERIFY(second && second != first);
        QTRY_VERIFY_WITH_TIMEOUT(second->analysis() != nullptr, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.loader()->busy(), 60000);
        QCoreApplication::processEvents();
        QCOMPARE(analysed.count(), 1);
        QCOMPARE(analysed.at(0).at(0).value<CapturePage *>(), second);
        QVERIFY(!first || !first->analysis());
    }
};

LANESCOPE_TEST_MAIN(TestWindowLifetime)
#include "tst_windowlifetime.moc"
