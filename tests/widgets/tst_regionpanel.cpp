// The Region dock at its default size: every cell of its lane table is shown whole (the busy time
// and the band a placed host lane allows each in their own column), and its counts say what each
// one counts.

#include "testmain.h"
#include "twocorecapture.h"
#include "widgets/panels/regionpanel.h"

#include <QHeaderView>
#include <QStyle>
#include <QTableWidget>

using namespace lanescope;

namespace {

CapturePtr capture()
{
    return twoCoreCaptureWithPlacedHost();
}

} // namespace

class TestRegionPanel : public QObject
{
    Q_OBJECT

private slots:
    void countsSayWhatTheyCount_data()
    {
        QTest::addColumn<double>("startUs");
        QTest::addColumn<double>("endUs");
        QTest::addColumn<QString>("line");
        QTest::newRow("tasks crossing both edges")
            << 100.0 << 600.0
            << QStringLiteral("Tasks overlapping the region: 3 · starting in it: 2 · ending in it: 1");
        QTest::newRow("the whole capture")
            << 0.0 << 1001.0
            << QStringLiteral("Tasks overlapping the region: 3 · starting in it: 3 · ending in it: 3");
        QTest::newRow("inside one task")
            << 700.0 << 800.0
            << QStringLiteral("Tasks overlapping the region: 1 · starting in it: 0 · ending in it: 0");
    }
    void countsSayWhatTheyCount()
    {
        QFETCH(double, startUs);
        QFETCH(double, endUs);
        QFETCH(QString, line);
        RegionPanel panel;
        panel.setCapture(capture());
        panel.setRegion(TimeRange{startUs, endUs});
        const QStringList lines = panel.summaryText().split(u'\n');
        QVERIFY2(lines.contains(line), qPrintable(panel.summaryText()));
        QVERIFY(!panel.summaryText().contains(QStringLiteral("running")));
    }

    // The start and end of the region are read together: one precision for both.
    void regionEndsShareTheirPrecision()
    {
        RegionPanel panel;
        panel.setCapture(capture());
        panel.setRegion(TimeRange{1116, 1120});
        QVERIFY2(panel.summaryText().contains(QStringLiteral("From 1.116 ms to 1.120 ms")),
                 qPrintable(panel.summaryText()));
    }

    void cellsAreWholeAtTheDefaultSize_data()
    {
        QTest::addColumn<double>("startUs");
        QTest::addColumn<double>("endUs");
        QTest::newRow("a few hundred µs") << 100.0 << 600.0;
        QTest::newRow("long busy times") << 0.0 << 1699.7;
    }
    void cellsAreWholeAtTheDefaultSize()
    {
        QFETCH(double, startUs);
        QFETCH(double, endUs);
        auto c = std::const_pointer_cast<Capture>(capture());
        // Busy times of thousands of µs, as a long region gives them.
        for (Lane &lane : c->lanes)
            for (Slice &s : lane.slices) {
                s.startUs *= 1000;
                s.endUs *= 1000;
            }
        RegionPanel panel;
        panel.resize(1400, 260); // a bottom dock across the window
        panel.setCapture(c);
        panel.setRegion(TimeRange{startUs * 1000, endUs * 1000});
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTableWidget *lanes = panel.laneTable();
        QCOMPARE(lanes->rowCount(), 3);
        QVERIFY(!lanes->isColumnHidden(RegionPanel::PlacementColumn)); // the host lane's band
        QCOMPARE(lanes->horizontalHeaderItem(RegionPanel::PlacementColumn)->text(),
                 QStringLiteral("Band, inferred (ms)"));
        const int margin = lanes->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, lanes) + 1;
        const QFontMetrics metrics(lanes->font());
        int shownWidth = 0;
        for (int column = 0; column < lanes->columnCount(); ++column) {
            if (lanes->isColumnHidden(column))
                continue;
            const int width = lanes->columnWidth(column);
            shownWidth += width;
            for (int row = 0; row < lanes->rowCount(); ++row) {
                const QTableWidgetItem *item = lanes->item(row, column);
                if (!item)
                    continue;
                const int needed = metrics.horizontalAdvance(item->text()) + 2 * margin;
                QVERIFY2(
                    needed <= width,
                    qPrintable(
                        QStringLiteral("%1 needs %2 px of %3").arg(item->text()).arg(needed).arg(width)));
            }
        }
        // Nor is a column pushed out of sight: the table needs no scrolling.
        QVERIFY2(shownWidth <= lanes->viewport()->width(),
                 qPrintable(QStringLiteral("%1 of %2 px").arg(shownWidth).arg(lanes->viewport()->width())));
        // The busy cell is the busy time alone; the band has its own column and tooltip.
        for (int row = 0; row < lanes->rowCount(); ++row) {
            QVERIFY(!lanes->item(row, RegionPanel::BusyColumn)->text().contains(u'('));
            if (lanes->item(row, RegionPanel::LaneColumn)->text().startsWith(QStringLiteral("Host"))) {
                const QTableWidgetItem *band = lanes->item(row, RegionPanel::PlacementColumn);
                QVERIFY(band);
                QVERIFY2(band->toolTip().contains(QStringLiteral("containment")),
                         qPrintable(band->toolTip()));
            }
        }
    }

    // Without a placed lane there is no band to show.
    void noBandNoColumn()
    {
        auto c = std::const_pointer_cast<Capture>(capture());
        c->lanes.erase(c->lanes.begin());
        RegionPanel panel;
        panel.setCapture(c);
        panel.setRegion(TimeRange{100, 600});
        QVERIFY(panel.laneTable()->isColumnHidden(RegionPanel::PlacementColumn));
    }
};

LANESCOPE_TEST_MAIN(TestRegionPanel)
#include "tst_regionpanel.moc"
