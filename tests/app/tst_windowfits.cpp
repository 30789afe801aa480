#include "beforeafterpair.h"

#include "app/window/mainwindow.h"
#include "app/window/reviewcontroller.h"
#include "testmain.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/timeline/capturepage.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>

using namespace lanescope;

namespace {

// The least size the window must fit: a 1366×768 laptop's screen less a panel and the title bar.
const QSize kLeast(1024, 700);

bool ready(QWidget *tab)
{
    auto *page = qobject_cast<CapturePage *>(tab);
    return page && page->state() == CapturePage::State::Ready && page->analysis();
}

} // namespace

// The window fits a laptop's screen in every state: no tab, dock or comparison raises its least
// size past 1024×700, and it shrinks back to that size when asked.
class TestWindowFits : public QObject
{
    Q_OBJECT

    static void checkFits(MainWindow &w, const char *state)
    {
        QApplication::processEvents();
        const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
        QVERIFY2(least.width() <= kLeast.width() && least.height() <= kLeast.height(),
                 qPrintable(QStringLiteral("%1: least size %2×%3")
                                .arg(QLatin1String(state))
                                .arg(least.width())
                                .arg(least.height())));
        w.resize(kLeast);
        QApplication::processEvents();
        QVERIFY2(w.size() == kLeast, qPrintable(QStringLiteral("%1: %2×%3 after a resize to 1024×700")
                                                    .arg(QLatin1String(state))
                                                    .arg(w.width())
                                                    .arg(w.height())));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void everyStateFits()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        checkFits(w, "empty");
        w.openPath(beforeAfterPath("before"));
        w.openPath(beforeAfterPath("after"));
        QVERIFY(
            QTest::qWaitFor([&] { return ready(w.tabs()->widget(0)) && ready(w.tabs()->widget(1)); }, 30000));
        checkFits(w, "two captures");
        ReviewController *review = w.review();
        review->markBefore(qobject_cast<CapturePage *>(w.tabs()->widget(0)));
        review->markAfter(qobject_cast<CapturePage *>(w.tabs()->widget(1)));
        QVERIFY(review->compare(QStringLiteral("01a")));
        QCOMPARE(w.tabs()->currentWidget(), review->comparisonView());
        checkFits(w, "comparison");
        w.tabs()->setCurrentIndex(0);
        checkFits(w, "a capture beside the comparison");
        const int comparisonTab = w.tabs()->indexOf(review->comparisonView());
        QVERIFY(comparisonTab >= 0);
        emit w.tabs()->tabCloseRequested(comparisonTab);
        QTRY_COMPARE(w.tabs()->count(), 2);
        checkFits(w, "comparison closed");
    }
};

LANESCOPE_TEST_MAIN(TestWindowFits)
#include "tst_windowfits.moc"
