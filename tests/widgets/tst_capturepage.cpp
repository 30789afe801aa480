#include "testmain.h"
#include "widgets/timeline/capturepage.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>

using namespace lanescope;

class TestCapturePage : public QObject
{
    Q_OBJECT

private slots:
    // While loading: the bar follows the bytes of every file, the line under it gives the rate and
    // the time left once they are known.
    void loadingShowsRateAndTimeLeft()
    {
        CapturePage page(QStringLiteral("/captures/records.json"));
        page.resize(640, 400);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *bar = page.findChild<QProgressBar *>();
        QVERIFY(bar);
        const qint64 total = qint64(800) << 20;
        page.setProgress(0, total, 0);
        QCOMPARE(page.progressText(), QStringLiteral("0 B of 800 MiB"));
        QTest::qWait(int(LoadRate::kMinimumSpan * 1000) + 150);
        page.setProgress(total / 4, total, 250000);
        QCOMPARE(bar->value(), bar->maximum() / 4);
        const QString text = page.progressText();
        QVERIFY2(text.startsWith(QStringLiteral("200 MiB of 800 MiB · ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(" rows/s · about ")) &&
                     text.endsWith(QStringLiteral(" s left")),
                 qPrintable(text));
        auto *label = page.findChild<QLabel *>(QStringLiteral("loadProgressText"));
        QVERIFY(label && label->isVisible());
        QCOMPARE(label->text(), text);
    }

    // Unknown amount of work: a busy bar, no sizes.
    void unknownTotalShowsActivity()
    {
        CapturePage page(QStringLiteral("/captures/trace.json"));
        page.setProgress(100, 0, 0);
        auto *bar = page.findChild<QProgressBar *>();
        QCOMPARE(bar->maximum(), 0);
        QVERIFY(page.progressText().isEmpty());
    }

    void cancelAsksOnce()
    {
        CapturePage page(QStringLiteral("/captures/records.json"));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy cancel(&page, &CapturePage::cancelRequested);
        auto *button = page.findChild<QPushButton *>();
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(cancel.count(), 1);
        QVERIFY(!button->isEnabled());
        QCOMPARE(button->text(), QStringLiteral("Cancelling…"));
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(cancel.count(), 1);
    }
};

LANESCOPE_TEST_MAIN(TestCapturePage)
#include "tst_capturepage.moc"
