// The window's tab model: typed pages, plain titles, and the Before/After marks shown in front of
// them, kept right while tabs move and close.
#include "app/window/tabmodel.h"
#include "testmain.h"
#include "widgets/timeline/capturepage.h"

#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>

using namespace lanescope;

class TestTabModel : public QObject
{
    Q_OBJECT

    // Three capture tabs "a", "b", "c" and one other page "x".
    struct Tabs
    {
        QTabWidget widget;
        TabModel model{&widget};
        CapturePage *pages[3];
        QWidget *other;
        Tabs()
        {
            const char *names[] = {"a", "b", "c"};
            for (int i = 0; i < 3; ++i) {
                pages[i] = new CapturePage(QString::fromLatin1(names[i]), &widget);
                model.addTab(pages[i], QString::fromLatin1(names[i]));
            }
            other = new QWidget(&widget);
            model.addTab(other, QStringLiteral("x"));
        }
        QStringList texts() const
        {
            QStringList t;
            for (int i = 0; i < widget.count(); ++i)
                t << widget.tabText(i);
            return t;
        }
    };

private slots:
    void pagesAreTyped()
    {
        Tabs tabs;
        QCOMPARE(tabs.model.count(), 4);
        QCOMPARE(tabs.model.capturePage(1), tabs.pages[1]);
        QCOMPARE(tabs.model.capturePage(3), nullptr);
        QCOMPARE(tabs.model.comparison(0), nullptr);
        QCOMPARE(tabs.model.capturePage(7), nullptr);
        QCOMPARE(tabs.model.page(3), tabs.other);
        tabs.widget.setCurrentIndex(2);
        QCOMPARE(tabs.model.currentCapturePage(), tabs.pages[2]);
        tabs.widget.setCurrentIndex(3);
        QCOMPARE(tabs.model.currentCapturePage(), nullptr);
        QCOMPARE(tabs.model.plainTitle(tabs.pages[0]), QStringLiteral("a"));
        QCOMPARE(tabs.model.plainTitle(nullptr), QString());
    }

    // Steps: "B1" marks tab 1 Before, "A0" tab 0 After, "N2" unmarks tab 2, "S" swaps, "C" clears.
    void marks_data()
    {
        QTest::addColumn<QStringList>("steps");
        QTest::addColumn<QStringList>("texts");
        QTest::addColumn<int>("before"); // tab index, -1: none
        QTest::addColumn<int>("after");
        QTest::addColumn<int>("emitted");
        QTest::newRow("none") << QStringList{} << QStringList{"a", "b", "c", "x"} << -1 << -1 << 0;
        QTest::newRow("a pair") << QStringList{"B0", "A1"} << QStringList{"Before: a", "After: b", "c", "x"}
                                << 0 << 1 << 2;
        QTest::newRow("a side moves to another tab")
            << QStringList{"B0", "B2"} << QStringList{"a", "b", "Before: c", "x"} << 2 << -1 << 2;
        QTest::newRow("one page is never both")
            << QStringList{"B0", "A1", "A0"} << QStringList{"After: a", "b", "c", "x"} << -1 << 0 << 3;
        QTest::newRow("marking again changes nothing")
            << QStringList{"B0", "B0"} << QStringList{"Before: a", "b", "c", "x"} << 0 << -1 << 1;
        QTest::newRow("swap") << QStringList{"B0", "A1", "S"}
                              << QStringList{"After: a", "Before: b", "c", "x"} << 1 << 0 << 3;
        QTest::newRow("swap one side")
            << QStringList{"A2", "S"} << QStringList{"a", "b", "Before: c", "x"} << 2 << -1 << 2;
        QTest::newRow("clear") << QStringList{"B0", "A1", "C"} << QStringList{"a", "b", "c", "x"} << -1 << -1
                               << 3;
        QTest::newRow("unmark") << QStringList{"B0", "A1", "N0"} << QStringList{"a", "After: b", "c", "x"}
                                << -1 << 1 << 3;
        QTest::newRow("nothing to swap or clear")
            << QStringList{"S", "C"} << QStringList{"a", "b", "c", "x"} << -1 << -1 << 0;
    }
    void marks()
    {
        QFETCH(QStringList, steps);
        QFETCH(QStringList, texts);
        QFETCH(int, before);
        QFETCH(int, after);
        QFETCH(int, emitted);
        Tabs tabs;
        QSignalSpy changed(&tabs.model, &TabModel::marksChanged);
        for (const QString &step : steps) {
            const QChar kind = step.front();
            CapturePage *page = step.size() > 1 ? tabs.pages[step.mid(1).toInt()] : nullptr;
            if (kind == u'B')
                tabs.model.setMark(page, TabModel::Mark::Before);
            else if (kind == u'A')
                tabs.model.setMark(page, TabModel::Mark::After);
            else if (kind == u'N')
                tabs.model.setMark(page, TabModel::Mark::None);
            else if (kind == u'S')
                tabs.model.swapMarks();
            else
                tabs.model.clearMarks();
        }
        QCOMPARE(tabs.texts(), texts);
        QCOMPARE(tabs.model.marked(TabModel::Mark::Before), before < 0 ? nullptr : tabs.pages[before]);
        QCOMPARE(tabs.model.marked(TabModel::Mark::After), after < 0 ? nullptr : tabs.pages[after]);
        QCOMPARE(tabs.model.marked(TabModel::Mark::None), nullptr);
        QCOMPARE(changed.count(), emitted);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(tabs.model.plainTitle(tabs.pages[i]), QString(QChar(u'a' + i)));
    }

    void titlesFollowTheirPageWhenTabsMove()
    {
        Tabs tabs;
        tabs.widget.tabBar()->moveTab(0, 2); // b c a x
        tabs.model.setMark(tabs.pages[0], TabModel::Mark::Before);
        QCOMPARE(tabs.texts(), (QStringList{"b", "c", "Before: a", "x"}));
        QCOMPARE(tabs.model.indexOf(tabs.pages[0]), 2);
        tabs.model.setPlainTitle(tabs.pages[0], QStringLiteral("renamed"));
        QCOMPARE(tabs.texts(), (QStringList{"b", "c", "Before: renamed", "x"}));
        tabs.model.setPlainTitle(tabs.other, QStringLiteral("Compare: a → b"));
        QCOMPARE(tabs.widget.tabText(3), QStringLiteral("Compare: a → b"));
    }

    void closedTabsAreForgotten()
    {
        Tabs tabs;
        tabs.model.setMark(tabs.pages[1], TabModel::Mark::After);
        QSignalSpy changed(&tabs.model, &TabModel::marksChanged);
        tabs.model.removeTab(1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(tabs.model.count(), 3);
        QCOMPARE(tabs.model.marked(TabModel::Mark::After), nullptr);
        QCOMPARE(tabs.model.plainTitle(tabs.pages[1]), QString());
        QCOMPARE(tabs.model.mark(tabs.pages[1]), TabModel::Mark::None);
        // A page that is no tab cannot be marked.
        tabs.model.setMark(tabs.pages[1], TabModel::Mark::Before);
        QCOMPARE(tabs.model.marked(TabModel::Mark::Before), nullptr);
        QCOMPARE(changed.count(), 1);
        tabs.model.removeTab(0); // unmarked: no signal
        QCOMPARE(changed.count(), 1);
        tabs.model.removeTab(9);
        QCOMPARE(tabs.model.count(), 2);
        delete tabs.pages[1];

        // A page deleted while it is a tab reads as unmarked.
        tabs.model.setMark(tabs.pages[2], TabModel::Mark::Before);
        delete tabs.pages[2];
        QCOMPARE(tabs.model.marked(TabModel::Mark::Before), nullptr);
        QCOMPARE(tabs.model.count(), 1);
    }
};

LANESCOPE_TEST_MAIN(TestTabModel)
#include "tst_tabmodel.moc"
