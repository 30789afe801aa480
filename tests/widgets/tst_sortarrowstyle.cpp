#include "testmain.h"
#include "widgets/style/sortarrowstyle.h"

#include <QApplication>
#include <QHeaderView>
#include <QStandardItemModel>
#include <QStyleFactory>
#include <QTableView>

using namespace lanescope;

namespace {

// Which way the arrow drawn in `header`'s first section points: +1 down (▼: widest at its top),
// -1 up (▲), 0 when no arrow is found. The section has no text, so every dark pixel is the arrow.
int arrowDirection(QHeaderView *header)
{
    const QImage image = header->grab(QRect(0, 0, header->sectionSize(0), header->height())).toImage();
    const QColor background = image.pixelColor(2, image.height() / 2);
    int first = -1, last = -1, firstWidth = 0, lastWidth = 0;
    for (int y = 0; y < image.height(); ++y) {
        int width = 0;
        for (int x = 4; x < image.width() - 2; ++x)
            width += std::abs(image.pixelColor(x, y).lightness() - background.lightness()) > 60 ? 1 : 0;
        if (width == 0)
            continue;
        if (first < 0) {
            first = y;
            firstWidth = width;
        }
        last = y;
        lastWidth = width;
    }
    if (first < 0 || first == last)
        return 0;
    return firstWidth > lastWidth ? 1 : firstWidth < lastWidth ? -1 : 0;
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
