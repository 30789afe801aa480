#include "testmain.h"
#include "widgets/render/arrowgeometry.h"

#include <cmath>
#include <map>

using namespace lanescope;

namespace {

const QRectF kClip(200, 28, 800, 400); // plot: x 200..1000, y 28..428

bool near(QPointF a, QPointF b, double eps = 1e-6)
{
    return std::abs(a.x() - b.x()) < eps && std::abs(a.y() - b.y()) < eps;
}

bool onBorder(QPointF p, const QRectF &r)
{
    const double eps = 1e-6;
    const bool inside = p.x() >= r.left() - eps && p.x() <= r.right() + eps && p.y() >= r.top() - eps &&
                        p.y() <= r.bottom() + eps;
    return inside && (std::abs(p.x() - r.left()) < eps || std::abs(p.x() - r.right()) < eps ||
                      std::abs(p.y() - r.top()) < eps || std::abs(p.y() - r.bottom()) < eps);
}

// Plot 200..1000 px shows 0..800 µs: 1 px per µs.
TimelineViewport viewport()
{
    TimelineViewport vp;
    vp.t0Us = 0;
    vp.t1Us = 800;
    vp.widthPx = 1000;
    vp.heightPx = 428;
    vp.headerWidthPx = 200;
    vp.rulerHeightPx = 28;
    return vp;
}

} // namespace

class TestArrowGeometry : public QObject
{
    Q_OBJECT

private slots:
    void shape_data()
    {
        QTest::addColumn<QPointF>("from");
        QTest::addColumn<QPointF>("to");
        QTest::addColumn<bool>("visible");
        QTest::addColumn<bool>("curved"); // the whole curve (both ends near the plot)
        QTest::addColumn<bool>("toOutside");
        QTest::addColumn<bool>("fromOutside");

        QTest::newRow("forward inside")
            << QPointF(300, 100) << QPointF(500, 200) << true << true << false << false;
        QTest::newRow("backward inside (violation)")
            << QPointF(500, 100) << QPointF(450, 300) << true << true << false << false;
        QTest::newRow("same lane") << QPointF(300, 100) << QPointF(400, 100) << true << true << false
                                   << false;
        QTest::newRow("same point") << QPointF(300, 100) << QPointF(300, 100) << true << true << false
                                    << false;
        QTest::newRow("destination just right of the plot")
            << QPointF(900, 100) << QPointF(1100, 100) << true << true << true << false;
        QTest::newRow("destination far right (zoomed in)")
            << QPointF(900, 100) << QPointF(5e8, 300) << true << false << true << false;
        QTest::newRow("source far left (zoomed in)")
            << QPointF(-7e7, 300) << QPointF(600, 100) << true << false << false << true;
        QTest::newRow("both far, crossing the plot")
            << QPointF(-1e9, 200) << QPointF(1e9, 250) << true << false << true << true;
        QTest::newRow("both left of the plot")
            << QPointF(0, 100) << QPointF(150, 200) << false << false << false << false;
        QTest::newRow("both far below the plot")
            << QPointF(300, 5000) << QPointF(600, 6000) << false << false << false << false;
        QTest::newRow("far, passing above the plot")
            << QPointF(-1e6, 0) << QPointF(1e6, 10) << false << false << false << false;
        QTest::newRow("not finite") << QPointF(qQNaN(), 100) << QPointF(600, 100) << false << false << false
                                    << false;
    }
    void shape()
    {
        QFETCH(QPointF, from);
        QFETCH(QPointF, to);
        QFETCH(bool, visible);
        QFETCH(bool, curved);
        QFETCH(bool, toOutside);
        QFETCH(bool, fromOutside);
        const ArrowStyle style;
        const ArrowShape s = arrowShape(from, to, kClip, style);
        QCOMPARE(!s.isEmpty(), visible);
        if (!visible) {
            QVERIFY(s.head.isEmpty());
            return;
        }
        QCOMPARE(s.toOutside, toOutside);
        QCOMPARE(s.fromOutside, fromOutside);
        QCOMPARE(s.head.size(), 3);
        // The head's tip is where the path ends; its base is headLength back, headHalfWidth wide.
        QVERIFY(near(s.head[0], s.path.last()));
        const QPointF base = (s.head[1] + s.head[2]) / 2;
        QCOMPARE(std::round(QLineF(base, s.head[0]).length() * 1000) / 1000, style.headLengthPx);
        QCOMPARE(std::round(QLineF(s.head[1], s.head[2]).length() * 1000) / 1000, 2 * style.headHalfWidthPx);
        if (curved) {
            QCOMPARE(s.path.size(), style.curveSegments + 1);
            QVERIFY(near(s.path.first(), from));
            QVERIFY(near(s.path.last(), to));
            // Leaves and enters horizontally; the head points right, into the consumer's start.
            QCOMPARE(s.path[1].y() - from.y() == 0 ||
                         std::abs(s.path[1].y() - from.y()) < std::abs(to.y() - from.y()) / 10,
                     true);
            QVERIFY(base.x() < s.head[0].x());
            QVERIFY(std::abs(base.y() - s.head[0].y()) < 1e-9);
        } else {
            // Straight piece cut at the plot border: ends inside, on the border where cut.
            QCOMPARE(s.path.size(), 2);
            for (const QPointF &p : s.path)
                QVERIFY2(p.x() >= kClip.left() - 1 && p.x() <= kClip.right() + 1,
                         qPrintable(QString::number(p.x())));
            if (fromOutside)
                QVERIFY(onBorder(s.path.first(), kClip));
            else
                QVERIFY(near(s.path.first(), from));
            if (toOutside)
                QVERIFY(onBorder(s.path.last(), kClip));
            else
                QVERIFY(near(s.path.last(), to));
            // The head points along the line towards the destination.
            const QPointF dir = s.head[0] - base;
            QVERIFY(QPointF::dotProduct(dir, to - from) > 0);
        }
    }

    void clip_data()
    {
        QTest::addColumn<QPointF>("a");
        QTest::addColumn<QPointF>("b");
        QTest::addColumn<bool>("hits");
        QTest::addColumn<QPointF>("first");
        QTest::addColumn<QPointF>("second");
        QTest::newRow("inside") << QPointF(300, 100) << QPointF(400, 200) << true << QPointF(300, 100)
                                << QPointF(400, 200);
        QTest::newRow("through left and right")
            << QPointF(0, 100) << QPointF(1200, 100) << true << QPointF(200, 100) << QPointF(1000, 100);
        QTest::newRow("into the top")
            << QPointF(400, 0) << QPointF(400, 100) << true << QPointF(400, 28) << QPointF(400, 100);
        QTest::newRow("diagonal corner cut")
            << QPointF(100, 0) << QPointF(300, 200) << true << QPointF(200, 100) << QPointF(300, 200);
        QTest::newRow("miss") << QPointF(0, 0) << QPointF(100, 500) << false << QPointF() << QPointF();
        QTest::newRow("vertical outside")
            << QPointF(100, 0) << QPointF(100, 500) << false << QPointF() << QPointF();
    }
    void clip()
    {
        QFETCH(QPointF, a);
        QFETCH(QPointF, b);
        QFETCH(bool, hits);
        QFETCH(QPointF, first);
        QFETCH(QPointF, second);
        const auto piece = clipSegment(a, b, kClip);
        QCOMPARE(piece.has_value(), hits);
        if (hits) {
            QVERIFY(near(piece->first, first));
            QVERIFY(near(piece->second, second));
        }
    }

    // Anchor pairs of one edge: from the producer bar's end to the consumer bar's start, on the
    // bars' centres; pairs with an end in no visible row are skipped.
    void edge_data()
    {
        QTest::addColumn<int>("fromCount"); // producer anchors: lanes 0.. (end 100 + 10 k)
        QTest::addColumn<int>(
            "toCount"); // consumer anchors: lanes 10.. (start 150 + 10 k, or 50 + … when early)
        QTest::addColumn<bool>("early"); // consumers start before the producers end
        QTest::addColumn<bool>("hideFirstConsumerLane");
        QTest::addColumn<int>("arrows");
        QTest::addColumn<int>("skipped");
        QTest::newRow("one to one") << 1 << 1 << false << false << 1 << 0;
        QTest::newRow("MIX producer x MIX consumer: crossbar") << 2 << 2 << false << false << 4 << 0;
        QTest::newRow("SPMD groups: one anchor each side") << 2 << 3 << false << false << 6 << 0;
        QTest::newRow("violation") << 1 << 2 << true << false << 2 << 0;
        QTest::newRow("hidden consumer lane") << 2 << 2 << false << true << 2 << 2;
        QTest::newRow("no consumer anchor") << 2 << 0 << false << false << 0 << 0;
    }
    void edge()
    {
        QFETCH(int, fromCount);
        QFETCH(int, toCount);
        QFETCH(bool, early);
        QFETCH(bool, hideFirstConsumerLane);
        QFETCH(int, arrows);
        QFETCH(int, skipped);
        std::vector<DependencyAnchor> from, to;
        for (int k = 0; k < fromCount; ++k)
            from.push_back({k, 0, 50.0 + 10 * k, 100.0 + 10 * k});
        for (int k = 0; k < toCount; ++k)
            to.push_back({10 + k, std::uint32_t(k % 2), (early ? 50.0 : 150.0) + 10 * k, 400.0});
        // Rows 20 px apart, a slice's nesting level standing in for its index.
        const BarCentreY centre = [&](const DependencyAnchor &bar) -> std::optional<double> {
            if (hideFirstConsumerLane && bar.lane == 10)
                return std::nullopt;
            return 40.0 + 20 * bar.lane + 18 * bar.slice + 9;
        };
        const TimelineViewport vp = viewport();
        const EdgeArrows result = edgeArrows(vp, from, to, centre, kClip);
        QCOMPARE(int(result.arrows.size()), arrows);
        QCOMPARE(result.skipped, skipped);
        QCOMPARE(result.violations.size(), result.arrows.size());
        std::size_t i = 0;
        for (const DependencyAnchor &a : from) {
            for (const DependencyAnchor &b : to) {
                if (hideFirstConsumerLane && b.lane == 10)
                    continue;
                const ArrowShape &s = result.arrows[i];
                QVERIFY(near(s.path.first(), QPointF(vp.xOf(a.endUs), *centre(a))));
                QVERIFY(near(s.path.last(), QPointF(vp.xOf(b.startUs), *centre(b))));
                QCOMPARE(bool(result.violations[i]), early);
                ++i;
            }
        }
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestArrowGeometry)
#include "tst_arrowgeometry.moc"
