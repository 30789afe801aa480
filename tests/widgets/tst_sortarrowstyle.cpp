#include "testmain.h"
#include "widgets/style/sortarrowstyle.h"

#include <QApplication>
#include <QHeaderView>
#include <QStandardItemModel>
#include <QStyleFactory>
#include <QTableView>
#include <vector>

using namespace lanescope;

namespace {

// Which way the arrow drawn in `header`'s first section points: +1 down (▼ or ∨: its top row spans
// widest), -1 up (▲ or ∧), 0 when no arrow is found. The section has no text, so every pixel far
// from the background inside its borders is the arrow's.
int arrowDirection(QHeaderView *header)
{
    const QImage image = header->grab(QRect(0, 0, header->sectionSize(0), header->height())).toImage();
    const QColor background = image.pixelColor(2, image.height() / 2);
    std::vector<int> spans; // per row with arrow pixels, from its leftmost to its rightmost one
    for (int y = 1; y < image.height() - 3; ++y) { // not the header's bottom border
        int left = -1, right = -1;
        for (int x = 4; x < image.width() - 2; ++x) {
            if (std::abs(image.pixelColor(x, y).lightness() - background.lightness()) <= 60)
                continue;
            left = left < 0 ? x : left;
            right = x;
        }
        if (left >= 0)
            spans.push_back(right - left);
    }
    if (spans.size() < 2)
        return 0;
    return spans.front() > spans.back() ? 1 : spans.front() < spans.back() ? -1 : 0;
}

} // namespace

// Sorted tables read the right way up: the arrow points down where the values fall down the
// column, up where they rise.
class TestSortArrowStyle : public QObject
{
    Q_OBJECT

private slots:
    void arrowPointsTheWayTheSortGoes_data()
    {
        QTest::addColumn<int>("order");
        QTest::addColumn<int>("direction");
        QTest::newRow("descending: down") << int(Qt::DescendingOrder) << 1;
        QTest::newRow("ascending: up") << int(Qt::AscendingOrder) << -1;
    }
    void arrowPointsTheWayTheSortGoes()
    {
        QFETCH(int, order);
        QFETCH(int, direction);
        SortArrowStyle style(QStyleFactory::create(QStringLiteral("Fusion")));
        QStandardItemModel model(3, 2);
        model.setHorizontalHeaderLabels({QString(), QString()});
        QTableView table;
        table.setStyle(&style);
        table.horizontalHeader()->setStyle(&style);
        table.setModel(&model);
        table.setSortingEnabled(true);
        table.horizontalHeader()->resizeSection(0, 80);
        table.resize(300, 200);
        table.sortByColumn(0, Qt::SortOrder(order));
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        QCOMPARE(arrowDirection(table.horizontalHeader()), direction);
    }
};

LANESCOPE_TEST_MAIN(TestSortArrowStyle)
#include "tst_sortarrowstyle.moc"
