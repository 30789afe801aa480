#include "app/window/shortcutsdialog.h"

#include "app/settings/shortcutscheme.h"
#include "app/window/mainwindow.h"
#include "app/window/shortcutactions.h"
#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDialogButtonBox>
#include <QKeySequenceEdit>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <set>

using namespace lanescope;

class TestShortcutsDialog : public QObject
{
    Q_OBJECT

    static QAction *action(QWidget *window, const QString &id) { return window->findChild<QAction *>(id); }

    static QString native(const QKeySequence &keys) { return keys.toString(QKeySequence::NativeText); }

    // The dialog's row of an action (or the timeline's row named `name`), in the source model.
    static int rowOf(const ShortcutsDialog &dialog, const QString &name)
    {
        const auto hits = dialog.model()->findItems(name, Qt::MatchExactly, ShortcutsDialog::ActionColumn);
        return hits.size() == 1 ? hits.front()->row() : -1;
    }

    static QString cell(const ShortcutsDialog &dialog, const QString &name, int column)
    {
        const int row = rowOf(dialog, name);
        return row < 0 ? QStringLiteral("<no row>") : dialog.model()->item(row, column)->text();
    }

    // Filters the table down to `name` and clicks its row, as a user would.
    static void pick(ShortcutsDialog &dialog, const QString &name)
    {
        auto *filter = dialog.findChild<QLineEdit *>(QStringLiteral("shortcutFilter"));
        filter->clear();
        QTest::keyClicks(filter, name);
        auto *table = dialog.findChild<QTableView *>(QStringLiteral("shortcutTable"));
        QModelIndex hit;
        for (int row = 0; row < table->model()->rowCount(); ++row)
            if (table->model()->index(row, ShortcutsDialog::ActionColumn).data().toString() == name)
                hit = table->model()->index(row, ShortcutsDialog::ActionColumn);
        QVERIFY(hit.isValid());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(hit).center());
        QCOMPARE(table->currentIndex().row(), hit.row());
    }

    // Presses `key` in the key editor and waits for the recording to end.
    static void record(ShortcutsDialog &dialog, Qt::Key key, Qt::KeyboardModifiers modifiers)
    {
        auto *edit = dialog.findChild<QKeySequenceEdit *>(QStringLiteral("shortcutKeys"));
        QVERIFY(edit->isEnabled());
        edit->setFocus();
        QSignalSpy finished(edit, &QKeySequenceEdit::editingFinished);
        QTest::keyClick(edit, key, modifiers);
        QVERIFY(finished.wait(5000));
    }

    static void click(ShortcutsDialog &dialog, const QString &objectName)
    {
        auto *button = dialog.findChild<QPushButton *>(objectName);
        QVERIFY(button && button->isVisible() && button->isEnabled());
        QTest::mouseClick(button, Qt::LeftButton);
    }

    static void pressOk(ShortcutsDialog &dialog)
    {
        QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QTest::mouseClick(ok, Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }

    // Counts how often `id` fires when `keys` are pressed on the window.
    static int firesOn(MainWindow &window, const QString &id, QKeyCombination keys)
    {
        window.activateWindow();
        if (!QTest::qWaitForWindowActive(&window))
            return -1;
        window.tabs()->setFocus(); // not a text field, which keeps keys like Home for itself
        QSignalSpy triggered(action(&window, id), &QAction::triggered);
        QTest::keyClick(&window, keys.key(), keys.keyboardModifiers());
        return int(triggered.size());
    }

private slots:
    void initTestCase()
    {
        // Settings go to a test location, never into the user's configuration.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void cleanup() { QSettings().remove(QStringLiteral("shortcuts")); }

    // Every action with keys can be changed, under an id of its own, and no two defaults clash.
    void everyShortcutHasAUniqueId()
    {
        MainWindow window;
        std::set<QString> ids;
        for (QAction *a : window.findChildren<QAction *>()) {
            if (a->shortcuts().isEmpty())
                continue;
            QVERIFY2(!a->objectName().isEmpty(), qPrintable(a->text()));
            QVERIFY2(ids.insert(a->objectName()).second, qPrintable(a->objectName()));
        }
        QVERIFY(ids.size() >= 30);
        const ShortcutScheme scheme = shortcutSchemeOf(&window);
        for (const QString &id : ids)
            QVERIFY2(scheme.find(id), qPrintable(id));
        for (const ShortcutScheme::Entry &e : scheme.entries())
            QVERIFY2(!scheme.conflict(e.id, e.defaultKeys), qPrintable(e.id));
    }

    void listsActionsAndTheTimelinesKeys()
    {
        MainWindow window;
        ShortcutsDialog dialog(&window);
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filtered(dialog.findChild<QTableView *>()->model(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(cell(dialog, QStringLiteral("Open File…"), ShortcutsDialog::KeysColumn),
                 native(QKeySequence::Open));
        QCOMPARE(cell(dialog, QStringLiteral("Open File…"), ShortcutsDialog::DefaultColumn),
                 native(QKeySequence::Open));
        QCOMPARE(cell(dialog, QStringLiteral("Swap Before and After"), ShortcutsDialog::KeysColumn),
                 QString());
        QCOMPARE(cell(dialog, QStringLiteral("Dark Theme"), ShortcutsDialog::KeysColumn), QString());
        QCOMPARE(cell(dialog, QStringLiteral("Details Panel"), ShortcutsDialog::KeysColumn), QString());
        const int timeline = rowOf(dialog, QStringLiteral("Fit the whole capture"));
        QVERIFY(timeline >= 0);
        QCOMPARE(dialog.model()->item(timeline, ShortcutsDialog::KeysColumn)->text(),
                 QStringLiteral("0, Home"));
        QVERIFY(!(dialog.model()->item(timeline, 0)->flags() & Qt::ItemIsSelectable));

        // The filter matches actions and keys.
        auto *filter = dialog.findChild<QLineEdit *>(QStringLiteral("shortcutFilter"));
        QTest::keyClicks(filter, QStringLiteral("recall view"));
        QCOMPARE(dialog.findChild<QTableView *>()->model()->rowCount(), 9);
        filter->clear();
        QTest::keyClicks(filter, native(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)));
        QCOMPARE(dialog.findChild<QTableView *>()->model()->rowCount(), 1);
    }

    // Fit All moves from Home to Ctrl+J: it fires on the new keys, not on the old, in every open
    // window and in one opened later; the dialog shows the keys as they are now; Reset brings Home back.
    void changedKeysApplyEverywhereAndStay()
    {
        MainWindow window;
        MainWindow other;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const QString fitAll = QStringLiteral("view.fitAll");
        QCOMPARE(firesOn(window, fitAll, Qt::Key_Home), 1);
        {
            ShortcutsDialog dialog(&window, &window);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowActive(&dialog));
            pick(dialog, QStringLiteral("Fit All"));
            QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("resetShortcut"))->isEnabled());
            record(dialog, Qt::Key_J, Qt::ControlModifier);
            QCOMPARE(cell(dialog, QStringLiteral("Fit All"), ShortcutsDialog::KeysColumn),
                     native(QKeySequence(Qt::CTRL | Qt::Key_J)));
            QCOMPARE(cell(dialog, QStringLiteral("Fit All"), ShortcutsDialog::DefaultColumn),
                     native(QKeySequence(Qt::Key_Home)));
            // Nothing changes before OK.
            QCOMPARE(action(&window, fitAll)->shortcut(), QKeySequence(Qt::Key_Home));
            pressOk(dialog);
        }
        QCOMPARE(firesOn(window, fitAll, Qt::CTRL | Qt::Key_J), 1);
        QCOMPARE(firesOn(window, fitAll, Qt::Key_Home), 0);
        QCOMPARE(action(&other, fitAll)->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_J));
        QCOMPARE(QSettings().value(QStringLiteral("shortcuts/view.fitAll")).toString(),
                 QStringLiteral("Ctrl+J"));
        QSettings settings;
        QCOMPARE(ShortcutScheme::read(settings).size(), std::size_t(1)); // only what differs

        // A new window (the next run) reads it back, and its dialog shows the current keys.
        MainWindow restarted;
        restarted.show();
        QVERIFY(QTest::qWaitForWindowActive(&restarted));
        QCOMPARE(firesOn(restarted, fitAll, Qt::CTRL | Qt::Key_J), 1);
        ShortcutsDialog dialog(&restarted, &restarted);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        QCOMPARE(cell(dialog, QStringLiteral("Fit All"), ShortcutsDialog::KeysColumn),
                 native(QKeySequence(Qt::CTRL | Qt::Key_J)));
        pick(dialog, QStringLiteral("Fit All"));
        click(dialog, QStringLiteral("resetShortcut"));
        QCOMPARE(cell(dialog, QStringLiteral("Fit All"), ShortcutsDialog::KeysColumn),
                 native(QKeySequence(Qt::Key_Home)));
        pressOk(dialog);
        QCOMPARE(firesOn(restarted, fitAll, Qt::Key_Home), 1);
        QCOMPARE(firesOn(restarted, fitAll, Qt::CTRL | Qt::Key_J), 0);
        QVERIFY(!QSettings().contains(QStringLiteral("shortcuts/view.fitAll")));
    }

    // Keys another action holds are refused until "Take It from Find": then Find has none.
    void conflictIsRefusedUntilTaken()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        ShortcutsDialog dialog(&window, &window);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        pick(dialog, QStringLiteral("Find Next"));
        record(dialog, Qt::Key_F, Qt::ControlModifier);
        const QString ctrlF = native(QKeySequence(Qt::CTRL | Qt::Key_F));
        QCOMPARE(
            dialog.findChild<QLabel *>(QStringLiteral("shortcutMessage"))->text(),
            QStringLiteral("%1 is used by Find. Assign it to Find Next and remove it from Find?").arg(ctrlF));
        QCOMPARE(cell(dialog, QStringLiteral("Find Next"), ShortcutsDialog::KeysColumn),
                 native(QKeySequence(Qt::Key_F3)));
        QCOMPARE(cell(dialog, QStringLiteral("Find"), ShortcutsDialog::KeysColumn), ctrlF);
        if (qEnvironmentVariableIsSet("LANESCOPE_GRAB_DIR"))
            dialog.grab().save(qEnvironmentVariable("LANESCOPE_GRAB_DIR") +
                               QStringLiteral("/shortcuts-dialog.png"));
        click(dialog, QStringLiteral("takeShortcut"));
        QCOMPARE(cell(dialog, QStringLiteral("Find Next"), ShortcutsDialog::KeysColumn), ctrlF);
        QCOMPARE(cell(dialog, QStringLiteral("Find"), ShortcutsDialog::KeysColumn), QString());
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("shortcutMessage"))->text(),
                 QStringLiteral("Find no longer has a shortcut."));
        // One of the timeline's keys: assigned, and said.
        pick(dialog, QStringLiteral("Swap Before and After"));
        record(dialog, Qt::Key_W, Qt::NoModifier);
        QCOMPARE(cell(dialog, QStringLiteral("Swap Before and After"), ShortcutsDialog::KeysColumn),
                 QStringLiteral("W"));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("shortcutMessage"))->text(),
                 QStringLiteral(
                     "W is also the timeline's key for \"Zoom in / out\": this shortcut takes it from the "
                     "timeline."));
        pressOk(dialog);
        QCOMPARE(firesOn(window, QStringLiteral("edit.findNext"), Qt::CTRL | Qt::Key_F), 1);
        QVERIFY(action(&window, QStringLiteral("edit.find"))->shortcut().isEmpty());
        QCOMPARE(QSettings().value(QStringLiteral("shortcuts/edit.find")).toString(), QString());
        QVERIFY(QSettings().contains(QStringLiteral("shortcuts/edit.find")));
    }

    // Reset All and Cancel.
    void resetAllAndCancel()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        {
            ShortcutsDialog dialog(&window, &window);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowActive(&dialog));
            pick(dialog, QStringLiteral("Quit"));
            record(dialog, Qt::Key_F12, Qt::NoModifier);
            pick(dialog, QStringLiteral("Copy Image"));
            click(dialog, QStringLiteral("removeShortcut"));
            QCOMPARE(cell(dialog, QStringLiteral("Copy Image"), ShortcutsDialog::KeysColumn), QString());
            pressOk(dialog);
        }
        QCOMPARE(action(&window, QStringLiteral("file.quit"))->shortcut(), QKeySequence(Qt::Key_F12));
        QVERIFY(action(&window, QStringLiteral("edit.copyImage"))->shortcut().isEmpty());
        {
            // Cancel forgets what was recorded.
            ShortcutsDialog dialog(&window, &window);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowActive(&dialog));
            pick(dialog, QStringLiteral("Quit"));
            record(dialog, Qt::Key_F10, Qt::NoModifier);
            dialog.reject();
        }
        QCOMPARE(action(&window, QStringLiteral("file.quit"))->shortcut(), QKeySequence(Qt::Key_F12));
        ShortcutsDialog dialog(&window, &window);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        click(dialog, QStringLiteral("resetAllShortcuts"));
        QCOMPARE(cell(dialog, QStringLiteral("Quit"), ShortcutsDialog::KeysColumn),
                 native(QKeySequence::Quit));
        pressOk(dialog);
        QCOMPARE(action(&window, QStringLiteral("file.quit"))->shortcut(), QKeySequence(QKeySequence::Quit));
        QCOMPARE(action(&window, QStringLiteral("edit.copyImage"))->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
        QVERIFY(!QSettings().childGroups().contains(QStringLiteral("shortcuts")));
    }
};

LANESCOPE_TEST_MAIN(TestShortcutsDialog)
#include "tst_shortcutsdialog.moc"
