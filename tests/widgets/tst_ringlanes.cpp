// Ring lanes are scaled to their capacity by default: a pool at 0.4 % of its size stays near the
// bottom of its row under a dashed capacity line at the top, its peak marked. Scaling to the peak,
// chosen in the counter header's context menu, lifts the peak to the top instead.

#include "testmain.h"
#include "widgets/render/countergeometry.h"
#include "widgets/timeline/timelineview.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QSignalSpy>

using namespace lanescope;

namespace {

constexpr double kCapacity = 1000;
constexpr double kPeak = 4; // 0.4 % of the capacity
constexpr double kPeakUs = 30;

CounterTrack depPool()
{
    CounterTrack t;
    t.kind = CounterKind::RingOccupancy;
    t.group = QStringLiteral("Rings");
    t.name = QStringLiteral("ring 0 dep pool");
    t.timesUs = {0, 10, kPeakUs, 60, 100};
    t.values = {0, 2, kPeak, 1, 0};
    t.capacity = kCapacity;
    t.peakUs = kPeakUs;
    return t;
}

const QColor kDanger(200, 40, 40);

bool near(QColor a, QColor b)
{
    return std::abs(a.red() - b.red()) < 30 && std::abs(a.green() - b.green()) < 30 &&
           std::abs(a.blue() - b.blue()) < 30;
}

} // namespace

class TestRingLanes : public QObject
{
    Q_OBJECT

    std::unique_ptr<TimelineView> m_view;

    const TimelineRow &counterRow() const
    {
        for (const TimelineRow &r : m_view->layout().rows())
            if (r.kind == TimelineRow::Kind::Counter)
                return r;
        qFatal("no counter row");
    }
    double rowTop() const
    {
        return m_view->timelineViewport().lanesTop() + counterRow().y - m_view->timelineViewport().scrollYPx;
    }
    CounterGeometry geometry() const
    {
        return counterGeometry(m_view->capture()->counters[0], {0, kPeak}, rowTop(), counterRow().height,
                               m_view->counterScale());
    }
    // How many pixels of the row `y` of the plot are the capacity line's colour.
    int dangerPixels(const QImage &image, int y) const
    {
        int n = 0;
        for (int x = m_view->timelineViewport().plotLeft(); x < m_view->timelineViewport().plotRight(); ++x)
            n += near(image.pixelColor(x, y), kDanger);
        return n;
    }
    QImage picture() const
    {
        return m_view->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    }
    // Right-clicks the counter's header and picks "Scale Counters to Their Peak".
    void clickScaleToPeak()
    {
        const QPoint at(20, int(rowTop()) + counterRow().height / 2);
        QContextMenuEvent click(QContextMenuEvent::Mouse, at, m_view->viewport()->mapToGlobal(at));
        QApplication::sendEvent(m_view->viewport(), &click);
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        QAction *toPeak = menu->findChild<QAction *>(QStringLiteral("counterScaleToPeak"));
        QVERIFY(toPeak);
        QVERIFY(toPeak->isCheckable());
        QCOMPARE(toPeak->isChecked(), m_view->counterScale() == CounterScale::Peak);
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(toPeak).center());
        QTRY_VERIFY(!QApplication::activePopupWidget());
    }

private slots:
    void init()
    {
        auto c = std::make_shared<Capture>();
        c->counters.push_back(depPool());
        m_view = std::make_unique<TimelineView>();
        m_view->resize(900, 300);
        m_view->setCapture(c);
        m_view->setVisibleRange({0, 100});
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }
    void cleanup() { m_view.reset(); }

    // The geometry alone, for either scale: where the peak, the capacity and zero sit in a row.
    void geometryOfEachScale_data()
    {
        QTest::addColumn<int>("scale");
        QTest::addColumn<bool>("peakAtTop");
        QTest::addColumn<bool>("capacityLine");
        QTest::newRow("capacity (default)") << int(CounterScale::Capacity) << false << true;
        QTest::newRow("peak") << int(CounterScale::Peak) << true << false;
    }
    void geometryOfEachScale()
    {
        QFETCH(int, scale);
        QFETCH(bool, peakAtTop);
        QFETCH(bool, capacityLine);
        const CounterGeometry g = counterGeometry(depPool(), {0, kPeak}, 100, 40, CounterScale(scale));
        QCOMPARE(g.capacityLine, capacityLine);
        QCOMPARE(g.yOf(0), int(std::lround(g.baseline)));
        if (peakAtTop) {
            QCOMPARE(g.yOf(kPeak), int(std::lround(g.top)));
        } else {
            QVERIFY2(g.yOf(kPeak) >= g.baseline - 1, qPrintable(QString::number(g.yOf(kPeak))));
            QCOMPARE(g.yOf(kCapacity), int(std::lround(g.top)));
        }
    }

    // A track that overran its capacity still fits its row, the ceiling drawn below its peak.
    void anOverrunFitsTheRow()
    {
        const CounterGeometry g =
            counterGeometry(depPool(), {0, 2 * kCapacity}, 0, 40, CounterScale::Capacity);
        QCOMPARE(g.yOf(2 * kCapacity), int(std::lround(g.top)));
        QVERIFY(g.capacityLine);
        QVERIFY(g.yOf(kCapacity) > g.top + 5);
        const CounterGeometry peak =
            counterGeometry(depPool(), {0, 2 * kCapacity}, 0, 40, CounterScale::Peak);
        QVERIFY(peak.capacityLine); // on the scale once reached
    }

    // On screen: the default draws the capacity line at the top, the 0.4 % curve and its peak marker
    // near the bottom; picking the peak scale in the header's menu lifts the peak to the top.
    void theMenuSwitchesTheScale()
    {
        QCOMPARE(m_view->counterScale(), CounterScale::Capacity);
        CounterGeometry g = geometry();
        QImage image = picture();
        const int capacityY = g.yOf(kCapacity);
        QCOMPARE(capacityY, int(std::lround(g.top)));
        QVERIFY2(dangerPixels(image, capacityY) > 100,
                 qPrintable(QString::number(dangerPixels(image, capacityY))));
        const int peakX = int(std::lround(m_view->timelineViewport().xOf(kPeakUs)));
        const int peakY = g.yOf(kPeak);
        QVERIFY(peakY >= g.baseline - 1);
        // The marker: a small triangle just above the peak, in the text colour.
        const QColor marker = m_view->paintOptions().colours.text;
        QVERIFY2(near(image.pixelColor(peakX, peakY - 4), marker),
                 qPrintable(image.pixelColor(peakX, peakY - 4).name()));

        QSignalSpy changed(m_view.get(), &TimelineView::counterScaleChanged);
        clickScaleToPeak();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m_view->counterScale(), CounterScale::Peak);
        QCOMPARE(m_view->paintOptions().counterScale, CounterScale::Peak);
        g = geometry();
        QVERIFY(!g.capacityLine);
        QCOMPARE(g.yOf(kPeak), int(std::lround(g.top)));
        image = picture();
        QCOMPARE(dangerPixels(image, capacityY), 0);
        QVERIFY2(near(image.pixelColor(peakX, g.yOf(kPeak) - 4), marker),
                 qPrintable(image.pixelColor(peakX, g.yOf(kPeak) - 4).name()));

        clickScaleToPeak(); // and back
        QCOMPARE(m_view->counterScale(), CounterScale::Capacity);
        QCOMPARE(changed.count(), 2);
    }
};

LANESCOPE_TEST_MAIN(TestRingLanes)
#include "tst_ringlanes.moc"
