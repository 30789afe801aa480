// A tab of a kernel-mode output folder (field spec §3) has a DFX window picker: an entry per
// window with its launches, and picking one loads that window's own files in the tab's place.
#include "app/window/mainwindow.h"
#include "app/window/tabmodel.h"
#include "testmain.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>

using namespace lanescope;

namespace {

const QString kWindows = QStringLiteral(LANESCOPE_FIXTURES "/field/dfx-windows");

QStringList entries(const QComboBox *picker)
{
    QStringList out;
    for (int i = 0; i < picker->count(); ++i)
        out << picker->itemText(i);
    return out;
}

// As a user does for an entry further than the next: Alt+Down opens the picker's list, the arrow
// keys move in it and Return takes the entry. (An arrow key on the closed picker takes each entry
// it passes, and every window taken is a load.)
void pickInList(QComboBox *picker, int index)
{
    picker->setFocus();
    QTest::keyClick(picker, Qt::Key_Down, Qt::AltModifier);
    QAbstractItemView *list = picker->view();
    QTRY_VERIFY(list->isVisible());
    while (list->currentIndex().row() < index)
        QTest::keyClick(list, Qt::Key_Down);
    while (list->currentIndex().row() > index)
        QTest::keyClick(list, Qt::Key_Up);
    QTest::keyClick(list, Qt::Key_Return);
}

} // namespace

class TestDfxWindowPicker : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void pickingAWindowShowsItsCapture_data()
    {
        QTest::addColumn<int>("window");
        QTest::addColumn<std::size_t>("rows");
        QTest::addColumn<QString>("title");
        QTest::newRow("window 1") << 1 << std::size_t(2) << "dfx-windows · window 1"; // its last launch
        QTest::newRow("window 2") << 2 << std::size_t(1) << "dfx-windows · window 2";
    }
    void pickingAWindowShowsItsCapture()
    {
        QFETCH(int, window);
        QFETCH(std::size_t, rows);
        QFETCH(QString, title);
        MainWindow main;
        main.resize(1366, 768); // a laptop's screen
        main.show();
        CapturePage *page = main.openPath(kWindows);
        QTRY_VERIFY_WITH_TIMEOUT(page->state() == CapturePage::State::Ready, 20000);
        QComboBox *picker = page->windowPicker();
        QVERIFY(picker->isVisible());
        QVERIFY(!page->runPicker()->isVisible()); // each window holds one run
        const QStringList all = entries(picker);
        QCOMPARE(all, (QStringList{"window 0 · 1 launch", "window 1 · 2 launches", "window 2 · 1 launch"}));
        QCOMPARE(picker->currentIndex(), 0);
        QCOMPARE(page->capture()->rows.size(), std::size_t(2));
        // What was passed over is on the picker's tooltip.
        QVERIFY2(picker->toolTip().contains(QStringLiteral("window_3: no records file")),
                 qPrintable(picker->toolTip()));
        // The picker row fits the page on a laptop's screen.
        const QRect shown(picker->mapTo(page, QPoint(0, 0)), picker->size());
        QVERIFY2(page->rect().contains(shown), qPrintable(QStringLiteral("%1 px wide").arg(shown.right())));

        pickInList(picker, window);
        // The window's own folder loads in this tab's place, through the loader like any input; the
        // folder's page and its picker are gone.
        QCOMPARE(main.tabs()->count(), 1);
        CapturePage *shownPage = main.tabModel()->currentCapturePage();
        QVERIFY(shownPage);
        QTRY_VERIFY_WITH_TIMEOUT(shownPage->state() == CapturePage::State::Ready, 20000);
        QCOMPARE(shownPage->path(), QDir(kWindows).absoluteFilePath(QStringLiteral("window_%1").arg(window)));
        QCOMPARE(shownPage->capture()->rows.size(), rows);
        QCOMPARE(shownPage->capture()->info.sources.records,
                 QDir(kWindows).absoluteFilePath(
                     QStringLiteral("window_%1/chip_swimlane_records.json").arg(window)));
        QCOMPARE(main.currentTimeline()->capture(), shownPage->capture());
        QCOMPARE(main.tabModel()->plainTitle(shownPage), title);
        // It keeps the folder's picker, on the window shown, and goes back the same way.
        QComboBox *again = shownPage->windowPicker();
        QVERIFY(again->isVisible());
        QCOMPARE(entries(again), all);
        QCOMPARE(again->currentIndex(), window);
        QCOMPARE(shownPage->currentWindow(), window);
        pickInList(again, 0);
        CapturePage *back = main.tabModel()->currentCapturePage();
        QTRY_VERIFY_WITH_TIMEOUT(back->state() == CapturePage::State::Ready, 20000);
        QCOMPARE(back->capture()->rows.size(), std::size_t(2));
        QCOMPARE(main.tabModel()->plainTitle(back), QStringLiteral("dfx-windows"));
        QCOMPARE(main.tabs()->count(), 1);
    }

    // A capture folder without windows, and a window's own folder opened by itself, have no picker.
    void noPickerWithoutWindows_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("capture folder") << QStringLiteral(LANESCOPE_FIXTURES "/field/mid-generation");
        QTest::newRow("a window's folder") << kWindows + QStringLiteral("/window_1");
    }
    void noPickerWithoutWindows()
    {
        QFETCH(QString, path);
        MainWindow main;
        main.show();
        CapturePage *page = main.openPath(path);
        QTRY_VERIFY_WITH_TIMEOUT(page->state() == CapturePage::State::Ready, 20000);
        QVERIFY(!page->windowPicker()->isVisible());
        QCOMPARE(page->windowPicker()->count(), 0);
    }
};

LANESCOPE_TEST_MAIN(TestDfxWindowPicker)
#include "tst_dfxwindowpicker.moc"
