// Closing a tab or the window while its capture loads or is analysed: nothing waits for long,
// nothing arrives for a page that is gone, and the window stays usable.
#include "app/mainwindow.h"
#include "capturegenerator.h"
#include "model/session/captureloader.h"
#include "widgets/capturepage.h"

#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace lanescope;

namespace {

// Large enough that loading and analysing take a noticeable while.
QString largeCapture(const QTemporaryDir &dir)
{
    GeneratorOptions o;
    o.seed = 11;
    o.level = 4;
    o.tasks = 40000;
    return generateCapture(o, dir.path()).ok() ? dir.path() : QString();
}

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
        qRegisterMetaType<CapturePage *>(); // for the signal spies
        m_capture = largeCapture(m_dir);
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
        window.show();
        QSignalSpy loaded(&window, &MainWindow::captureLoaded);
        QSignalSpy analysed(&window, &MainWindow::captureAnalysed);
        window.openPath(m_capture);
        if (whileAnalysing)
            QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 60000);
        clickCloseButton(window);
        QCOMPARE(window.tabs()->count(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!window.loader()->busy(), 60000);
        QCoreApplication::processEvents();
        QCOMPARE(loaded.count(), whileAnalysing ? 1 : 0);
        QCOMPARE(analysed.count(), 0);
        // Still usable: the same capture opens again and is analysed.
        CapturePage *again = window.openPath(m_capture);
        QTRY_VERIFY_WITH_TIMEOUT(again->analysis() != nullptr, 60000);
    }

    // The window closes mid-analysis without waiting for the analysis to finish.
    void closeWindowDuringAnalysis()
    {
        QElapsedTimer full;
        full.start();
        {
            MainWindow window;
            CapturePage *page = window.openPath(m_capture);
            QTRY_VERIFY_WITH_TIMEOUT(page->analysis() != nullptr, 60000);
        }
        const qint64 fullMs = full.elapsed();
        auto window = std::make_unique<MainWindow>();
        QSignalSpy loaded(window.get(), &MainWindow::captureLoaded);
        window->openPath(m_capture);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 60000);
        QElapsedTimer closing;
        closing.start();
        window.reset();
        QVERIFY2(closing.elapsed() < fullMs, qPrintable(QString::number(closing.elapsed())));
    }
};

QTEST_MAIN(TestWindowLifetime)
#include "tst_windowlifetime.moc"
