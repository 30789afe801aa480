#include "testmain.h"
#include "widgets/timeline/regionsnap.h"

#include <cmath>
#include <vector>

using namespace lanescope;

namespace {

// The nearest of a few sorted edges within the tolerance, the earlier on a tie: what
// BarIndex::nearestEdge gives over a capture's bars (tst_captureindex).
EdgeNear edgesAt(std::vector<double> edges)
{
    return [edges](double us, double tolerance) -> std::optional<double> {
        std::optional<double> best;
        for (double e : edges)
            if (std::abs(e - us) <= tolerance && (!best || std::abs(e - us) < std::abs(*best - us)))
                best = e;
        return best;
    };
}

} // namespace

class TestRegionSnap : public QObject
{
    Q_OBJECT

private slots:
    // A time snaps onto what the finder gives, and stays where it is when it gives nothing or
    // snapping is off (no tolerance), without asking.
    void snapTimeTakesTheFindersEdge()
    {
        int asked = 0;
        const EdgeNear finder = [&](double us, double) -> std::optional<double> {
            ++asked;
            return us < 50 ? std::optional(20.0) : std::nullopt;
        };
        QCOMPARE(snapTime(21.5, finder, 2.0), 20.0);
        QCOMPARE(snapTime(70.0, finder, 2.0), 70.0);
        QCOMPARE(asked, 2);
        QCOMPARE(snapTime(21.5, finder, 0.0), 21.5);
        QCOMPARE(asked, 2);
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
        const TimeRange r = lanescope::snapRegion(from, to, edgesAt({10, 20, 30, 100}), 2.0);
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
        const TimeRange r = lanescope::snapMovedEdge(fixed, moving, edgesAt({10, 20, 30, 100}), 2.0);
        QCOMPARE(r.startUs, start);
        QCOMPARE(r.endUs, end);
    }
};

LANESCOPE_TEST_MAIN(TestRegionSnap)
#include "tst_regionsnap.moc"
