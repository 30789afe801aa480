#include "testmain.h"
#include "widgets/timeline/timeviewport.h"

using namespace lanescope;

namespace {
TimelineViewport viewport(double t0, double t1, int width, int header)
{
    TimelineViewport vp;
    vp.t0Us = t0;
    vp.t1Us = t1;
    vp.widthPx = width;
    vp.headerWidthPx = header;
    vp.heightPx = 528;
    vp.rulerHeightPx = 28;
    return vp;
}
} // namespace

class TestTimeViewport : public QObject
{
    Q_OBJECT

private slots:
    void mapsTimeToPixels_data()
    {
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("header");
        QTest::addColumn<double>("us");
        QTest::addColumn<double>("x");
        // plot width 1000 px over 1000 µs: one pixel per µs, shifted by the header
        QTest::newRow("1px per us") << 0.0 << 1000.0 << 1100 << 100 << 250.0 << 350.0;
        // plot width 400 px over 200 µs: two pixels per µs
        QTest::newRow("2px per us") << 100.0 << 300.0 << 500 << 100 << 150.0 << 200.0;
        QTest::newRow("negative start") << -50.0 << 50.0 << 200 << 0 << 0.0 << 100.0;
        QTest::newRow("before the range") << 100.0 << 300.0 << 500 << 100 << 50.0 << 0.0;
        // 0.5 ns per pixel
        QTest::newRow("deep zoom") << 1000.0 << 1000.001 << 2 << 0 << 1000.0005 << 1.0;
    }
    void mapsTimeToPixels()
    {
        QFETCH(double, t0);
        QFETCH(double, t1);
        QFETCH(int, width);
        QFETCH(int, header);
        QFETCH(double, us);
        QFETCH(double, x);
        const TimelineViewport vp = viewport(t0, t1, width, header);
        QCOMPARE_LE(std::abs(vp.xOf(us) - x), 1e-6);
        QCOMPARE_LE(std::abs(vp.timeAt(x) - us), 1e-9);
    }

    void zoomKeepsTimeUnderCursor_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        // viewport [0, 1000] µs on a 1000 px plot after a 100 px header
        QTest::newRow("in 2x at 250us") << 350.0 << 2.0 << 125.0 << 625.0;
        QTest::newRow("out 2x at the left edge") << 100.0 << 0.5 << 0.0 << 2000.0;
        QTest::newRow("in 4x at the right edge") << 1100.0 << 4.0 << 750.0 << 1000.0;
        QTest::newRow("in 10x in the middle") << 600.0 << 10.0 << 450.0 << 550.0;
        QTest::newRow("no-op factor") << 600.0 << 1.0 << 0.0 << 1000.0;
        QTest::newRow("invalid factor") << 600.0 << -3.0 << 0.0 << 1000.0;
    }
    void zoomKeepsTimeUnderCursor()
    {
        QFETCH(double, x);
        QFETCH(double, factor);
        QFETCH(double, t0);
        QFETCH(double, t1);
        const TimelineViewport before = viewport(0, 1000, 1100, 100);
        const TimelineViewport after = before.zoomedAt(x, factor);
        QCOMPARE_LE(std::abs(after.t0Us - t0), 1e-9);
        QCOMPARE_LE(std::abs(after.t1Us - t1), 1e-9);
        QCOMPARE_LE(std::abs(after.timeAt(x) - before.timeAt(x)), 1e-9);
    }

    void zoomStopsAtTheMinimumSpan()
    {
        const TimelineViewport vp =
            viewport(5, 5 + TimelineViewport::kMinSpanUs, 1100, 100).zoomedAt(600, 10);
        QCOMPARE_LE(std::abs(vp.spanUs() - TimelineViewport::kMinSpanUs), 1e-12);
        QCOMPARE_LE(std::abs(vp.timeAt(600) - (5 + TimelineViewport::kMinSpanUs / 2)), 1e-9);
    }

    void pans_data()
    {
        QTest::addColumn<double>("dx");
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::newRow("drag right shows earlier time") << 100.0 << -100.0 << 900.0;
        QTest::newRow("drag left shows later time") << -250.0 << 250.0 << 1250.0;
        QTest::newRow("no move") << 0.0 << 0.0 << 1000.0;
    }
    void pans()
    {
        QFETCH(double, dx);
        QFETCH(double, t0);
        QFETCH(double, t1);
        const TimelineViewport vp = viewport(0, 1000, 1100, 100).pannedByPixels(dx);
        QCOMPARE(vp.t0Us, t0);
        QCOMPARE(vp.t1Us, t1);
    }

    void clamps_data()
    {
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::addColumn<double>("expectedT0");
        QTest::addColumn<double>("expectedT1");
        // bounds are [0, 1000]
        QTest::newRow("inside") << 200.0 << 300.0 << 200.0 << 300.0;
        QTest::newRow("shifted right") << -100.0 << 400.0 << 0.0 << 500.0;
        QTest::newRow("shifted left") << 800.0 << 1300.0 << 500.0 << 1000.0;
        QTest::newRow("too wide") << -500.0 << 2000.0 << 0.0 << 1000.0;
        QTest::newRow("too narrow") << 5.0 << 5.000001 << 5.0 << 5.0001;
    }
    void clamps()
    {
        QFETCH(double, t0);
        QFETCH(double, t1);
        QFETCH(double, expectedT0);
        QFETCH(double, expectedT1);
        const TimelineViewport vp = viewport(t0, t1, 1100, 100).clampedTo({0, 1000});
        QCOMPARE_LE(std::abs(vp.t0Us - expectedT0), 1e-9);
        QCOMPARE_LE(std::abs(vp.t1Us - expectedT1), 1e-9);
    }

    void fits_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("fitStart");
        QTest::addColumn<double>("fitEnd");
        QTest::newRow("2% margins") << 0.0 << 1000.0 << -20.0 << 1020.0;
        QTest::newRow("offset") << 500.0 << 1500.0 << 480.0 << 1520.0;
        QTest::newRow("empty extent") << 5.0 << 5.0 << 4.5 << 5.5;
    }
    void fits()
    {
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(double, fitStart);
        QFETCH(double, fitEnd);
        const TimeRange r = fitRange({start, end});
        QCOMPARE(r.startUs, fitStart);
        QCOMPARE(r.endUs, fitEnd);
    }

    void clampsVerticalScroll_data()
    {
        QTest::addColumn<double>("scroll");
        QTest::addColumn<double>("content");
        QTest::addColumn<double>("expected");
        // 528 px high with a 28 px ruler: 500 px of lanes
        QTest::newRow("below the end") << 400.0 << 800.0 << 300.0;
        QTest::newRow("negative") << -5.0 << 800.0 << 0.0;
        QTest::newRow("everything fits") << 50.0 << 300.0 << 0.0;
        QTest::newRow("inside") << 120.0 << 800.0 << 120.0;
    }
    void clampsVerticalScroll()
    {
        QFETCH(double, scroll);
        QFETCH(double, content);
        QFETCH(double, expected);
        TimelineViewport vp = viewport(0, 1, 1100, 100);
        vp.scrollYPx = scroll;
        QCOMPARE(vp.clampedScroll(content).scrollYPx, expected);
    }
};

LANESCOPE_TEST_MAIN(TestTimeViewport)
#include "tst_timeviewport.moc"
