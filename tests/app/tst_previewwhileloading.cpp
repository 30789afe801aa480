// A large capture shows its bars while it loads: the window's tab draws the loader's previews as a
// timeline under a strip with the progress and Cancel, keeps the user's zoom from one preview to
// the next, and gives way to the whole capture once it opens; Cancel still stops the load. The
// load is held after each preview (PreviewHold) so nothing is timed.
#include "app/window/mainwindow.h"
#include "generatedcapture.h"
#include "model/session/captureloader.h"
#include "previewhold.h"
#include "testmain.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

CaptureLoader *loaderOf(MainWindow &window)
{
    return window.findChild<CaptureLoader *>();
}

QPushButton *cancelButton(CapturePage *page)
{
    for (QPushButton *button : page->findChildren<QPushButton *>())
        if (button->isVisible() && button->text() == QStringLiteral("Cancel"))
            return button;
    return nullptr;
}

} // namespace

class TestPreviewWhileLoading : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qRegisterMetaType<CapturePage *>("CapturePage*"); // for the signal spy
    }

    void previewThenWholeCapture()
    {
        // Its own capture: a second opening of one path would come from its snapshot, unpreviewed.
        QTemporaryDir dir;
        const QString path = largeCapture(dir, 21);
        QVERIFY(!path.isEmpty());
        MainWindow window;
        window.resize(1000, 640);
        window.show();
        PreviewHold hold;
        loaderOf(window)->setPreviewCheckpoint(hold.checkpoint());
        loaderOf(window)->setPreviewPacing(eagerPreviewPacing());
        QSignalSpy loaded(&window, &MainWindow::captureLoaded);
        CapturePage *page = window.openPath(path);

        // Held after the first preview: its bars are on screen with the progress above them.
        QTRY_VERIFY_WITH_TIMEOUT(page->showsPreview(), 60000);
        QCOMPARE(page->state(), CapturePage::State::Loading);
        QVERIFY(!page->capture()); // nothing of it reaches the docks yet
        TimelineView *view = page->timeline();
        QVERIFY(view->isVisible());
        const CapturePtr first = view->capture();
        QVERIFY(first && !first->rows.empty());
        QVERIFY(page->previewText().contains(QStringLiteral("rows read so far")));
        QVERIFY(page->findChild<QWidget *>(QStringLiteral("previewStrip"))->isVisible());
        QVERIFY(page->findChild<QProgressBar *>()->isVisible());
        QVERIFY(cancelButton(page));
        view->grab(); // paints
        QVERIFY(view->lastPaintStats().rectsDrawn > 0);

        // The user zooms in with the keyboard; the next preview keeps that span.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_W);
        QTest::keyClick(view, Qt::Key_W);
        view->commitHistory();
        const double zoomedSpan = view->visibleRange().span();
        QVERIFY(zoomedSpan < 0.9 * view->fullRange().span());
        hold.allow(1);
        QTRY_VERIFY_WITH_TIMEOUT(view->capture() != first, 60000);
        QVERIFY(view->capture()->rows.size() > first->rows.size());
        QVERIFY(page->showsPreview());
        QVERIFY(std::abs(view->visibleRange().span() - zoomedSpan) < 1e-6 * zoomedSpan);

        // Let the load finish: the whole capture replaces the preview and its strip.
        hold.releaseAll();
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 120000);
        QCOMPARE(page->state(), CapturePage::State::Ready);
        QVERIFY(!page->showsPreview());
        QVERIFY(!page->findChild<QWidget *>(QStringLiteral("previewStrip"))->isVisible());
        QCOMPARE(view->capture(), page->capture());
        QVERIFY(view->capture()->rows.size() >= first->rows.size());
        QTRY_VERIFY_WITH_TIMEOUT(!window.loader()->busy(), 120000);
    }

    void cancelDuringThePreview()
    {
        QTemporaryDir dir;
        const QString path = largeCapture(dir, 22);
        QVERIFY(!path.isEmpty());
        MainWindow window;
        window.resize(1000, 640);
        window.show();
        PreviewHold hold;
        loaderOf(window)->setPreviewCheckpoint(hold.checkpoint());
        loaderOf(window)->setPreviewPacing(eagerPreviewPacing());
        QSignalSpy opened(loaderOf(window), &CaptureLoader::opened);
        CapturePage *page = window.openPath(path);
        QTRY_VERIFY_WITH_TIMEOUT(page->showsPreview(), 60000);

        QPushButton *cancel = cancelButton(page);
        QVERIFY(cancel);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QCOMPARE(page->state(), CapturePage::State::Failed);
        QVERIFY(page->errorMessage().contains(QStringLiteral("cancelled")));
        QTRY_VERIFY_WITH_TIMEOUT(!window.loader()->busy(), 60000);
        QCoreApplication::processEvents();
        QCOMPARE(opened.count(), 0);
        QCOMPARE(hold.handedOut(), 1); // stopped at the preview it was held at
    }
};

LANESCOPE_TEST_MAIN(TestPreviewWhileLoading)
#include "tst_previewwhileloading.moc"
