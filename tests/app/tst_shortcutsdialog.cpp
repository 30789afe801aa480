#include "app/window/shortcutsdialog.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QMainWindow>
#include <QStandardItemModel>
#include <QTest>

using namespace lanescope;

class TestShortcutsDialog : public QObject
{
    Q_OBJECT

private slots:
    void shortcutsListTheWindowsActions()
    {
        QMainWindow window;
        auto *open = new QAction(QStringLiteral("&Open File..."), &window);
        open->setShortcut(QKeySequence(QStringLiteral("Ctrl+O")));
        new QAction(QStringLiteral("No shortcut"), &window);
        ShortcutsDialog dialog(&window);
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto hits = dialog.model()->findItems(QStringLiteral("Open File..."), Qt::MatchExactly, 1);
        QCOMPARE(hits.size(), 1);
        QCOMPARE(dialog.model()->item(hits.front()->row(), 0)->text(),
                 QKeySequence(QStringLiteral("Ctrl+O")).toString(QKeySequence::NativeText));
        QVERIFY(dialog.model()->findItems(QStringLiteral("No shortcut"), Qt::MatchExactly, 1).isEmpty());
        QVERIFY(!dialog.model()
                     ->findItems(QStringLiteral("Fit the whole capture"), Qt::MatchExactly, 1)
                     .isEmpty());
    }
};

QTEST_MAIN(TestShortcutsDialog)
#include "tst_shortcutsdialog.moc"
