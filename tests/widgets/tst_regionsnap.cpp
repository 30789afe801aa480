#include "widgets/timeline/regionsnap.h"

#include <QTest>

using namespace lanescope;

using Edges = std::vector<double>;
Q_DECLARE_METATYPE(Edges)

class TestRegionSnap : public QObject
{
    Q_OBJECT

private slots:
    void nearestEdge_data()
    {
        QTest::addColumn<Edges>("edges");
        QTest::addColumn<double>("at");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<double>("expected"); // NaN: no snap
        const double none = std::nan("");
        const Edges edges{10, 20, 30, 100};
        QTest::newRow("exactly on an edge") << edges << 20.0 << 2.0 << 20.0;
        QTest::newRow("just after an edge") << edges << 21.5 << 2.0 << 20.0;
        QTest::newRow("just before an edge") << edges << 28.5 << 2.0 << 30.0;
        QTest::newRow("nearer of two") << edges << 24.0 << 6.0 << 20.0;
        QTest::newRow("tie goes earlier") << edges << 25.0 << 6.0 << 20.0;
        QTest::newRow("too far") << edges << 50.0 << 2.0 << none;
        QTest::newRow("at the tolerance") << edges << 32.0 << 2.0 << 30.0;
        QTest::newRow("before the first edge") << edges << 9.0 << 2.0 << 10.0;
        QTest::newRow("after the last edge") << edges << 101.0 << 2.0 << 100.0;
        QTest::newRow("no edges") << Edges{} << 10.0 << 2.0 << none;
        QTest::newRow("zero tolerance") << edges << 20.0 << 0.0 << none;
        QTest::newRow("not a number") << edges << none << 2.0 << none;
    }
    void nearestEdge()
    {
        QFETCH(Edges, edges);
        QFETCH(double, at);
        QFETCH(double, tolerance);
        QFETCH(double, expected);
        const std::optional<double> got = lanescope::nearestEdge(at, edges, tolerance);
        if (std::isnan(expected)) {
            QVERIFY(!got);
            if (std::isfinite(at))
                QCOMPARE(snapTime(at, edges, tolerance), at);
        } else {
            QVERIFY(got);
            QCOMPARE(*got, expected);
            QCOMPARE(snapTime(at, edges, tolerance), expected);
        }
    }

    void snapRegion_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        // Edges 10, 20, 30, 100; tolerance 2.
        QTest::newRow("both ends snap") << 11.0 << 29.0 << 10.0 << 30.0;
        QTest::newRow("dragged leftwards") << 29.0 << 11.0 << 10.0 << 30.0;
        QTest::newRow("one end free") << 11.0 << 50.0 << 10.0 << 50.0;
        QTest::newRow("neither snaps") << 40.0 << 60.0 << 40.0 << 60.0;
        QTest::newRow("a gap between bars") << 31.0 << 99.0 << 30.0 << 100.0;
        QTest::newRow("both onto one edge keeps the drag") << 19.0 << 21.0 << 19.0 << 21.0;
    }
    void snapRegion()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(double, start);
        QFETCH(double, end);
        const TimeRange r = lanescope::snapRegion(from, to, Edges{10, 20, 30, 100}, 2.0);
        QCOMPARE(r.startUs, start);
        QCOMPARE(r.endUs, end);
    }

    void snapMovedEdge_data()
    {
        QTest::addColumn<double>("fixed");
        QTest::addColumn<double>("moving");
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        // Edges 10, 20, 30, 100; tolerance 2. The fixed edge never snaps, even near an edge.
        QTest::newRow("end snaps, start stays") << 11.0 << 29.0 << 11.0 << 30.0;
        QTest::newRow("start snaps, end stays") << 99.0 << 21.0 << 20.0 << 99.0;
        QTest::newRow("free end") << 11.0 << 50.0 << 11.0 << 50.0;
        QTest::newRow("past the fixed edge swaps") << 30.0 << 9.0 << 10.0 << 30.0;
        QTest::newRow("onto the fixed edge keeps the drag") << 20.0 << 21.0 << 20.0 << 21.0;
    }
    void snapMovedEdge()
    {
        QFETCH(double, fixed);
        QFETCH(double, moving);
        QFETCH(double, start);
        QFETCH(double, end);
        const TimeRange r = lanescope::snapMovedEdge(fixed, moving, Edges{10, 20, 30, 100}, 2.0);
        QCOMPARE(r.startUs, start);
        QCOMPARE(r.endUs, end);
    }

    void barEdgesOfACapture()
    {
        Capture c;
        Lane a;
        a.slices.resize(3);
        a.slices[0].startUs = 10;
        a.slices[0].endUs = 20;
        a.slices[1].startUs = 20; // shares an edge: listed once
        a.slices[1].endUs = 35;
        a.slices[2].startUs = 50; // an instant is not an edge
        a.slices[2].endUs = 50;
        a.slices[2].flags = Slice::Instant;
        Lane own;
        own.clockAligned = false; // another clock: its times mean nothing here
        own.slices.resize(1);
        own.slices[0].startUs = 1;
        own.slices[0].endUs = 2;
        c.lanes = {a, own};
        QCOMPARE(barEdges(c), (Edges{10, 20, 35}));
    }
};

QTEST_MAIN(TestRegionSnap)
#include "tst_regionsnap.moc"
