#include "testmain.h"
#include "widgets/style/slicepalette.h"

#include <cmath>
#include <numbers>

using namespace lanescope;

namespace {

struct Lab
{
    double l, a, b;
};

// sRGB (D65) to CIELAB.
Lab labOf(QRgb rgb)
{
    auto linear = [](int c) {
        const double v = c / 255.0;
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    const double r = linear(qRed(rgb)), g = linear(qGreen(rgb)), b = linear(qBlue(rgb));
    const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    const double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    const double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double radians(double degrees)
{
    return degrees * std::numbers::pi / 180;
}

// CIEDE2000 (Sharma, Wu and Dalal's formulation), kL = kC = kH = 1.
double deltaE2000(Lab p, Lab q)
{
    const double c7 = std::pow((std::hypot(p.a, p.b) + std::hypot(q.a, q.b)) / 2, 7);
    const double g = 0.5 * (1 - std::sqrt(c7 / (c7 + std::pow(25.0, 7))));
    const double a1 = (1 + g) * p.a, a2 = (1 + g) * q.a;
    const double c1 = std::hypot(a1, p.b), c2 = std::hypot(a2, q.b);
    auto hue = [](double b, double a) {
        const double h = std::atan2(b, a) * 180 / std::numbers::pi;
        return h < 0 ? h + 360 : h;
    };
    const double h1 = c1 == 0 ? 0 : hue(p.b, a1), h2 = c2 == 0 ? 0 : hue(q.b, a2);
    double dh = 0;
    if (c1 * c2 != 0) {
        dh = h2 - h1;
        dh += dh > 180 ? -360 : dh < -180 ? 360 : 0;
    }
    const double dL = q.l - p.l, dC = c2 - c1, dH = 2 * std::sqrt(c1 * c2) * std::sin(radians(dh / 2));
    const double lm = (p.l + q.l) / 2, cm = (c1 + c2) / 2;
    double hm = h1 + h2;
    if (c1 * c2 != 0)
        hm = std::abs(h1 - h2) <= 180 ? (h1 + h2) / 2
             : h1 + h2 < 360          ? (h1 + h2 + 360) / 2
                                      : (h1 + h2 - 360) / 2;
    const double t = 1 - 0.17 * std::cos(radians(hm - 30)) + 0.24 * std::cos(radians(2 * hm)) +
                     0.32 * std::cos(radians(3 * hm + 6)) - 0.20 * std::cos(radians(4 * hm - 63));
    const double theta = 30 * std::exp(-std::pow((hm - 275) / 25, 2));
    const double rc = 2 * std::sqrt(std::pow(cm, 7) / (std::pow(cm, 7) + std::pow(25.0, 7)));
    const double sl = 1 + 0.015 * (lm - 50) * (lm - 50) / std::sqrt(20 + (lm - 50) * (lm - 50));
    const double sc = 1 + 0.045 * cm, sh = 1 + 0.015 * cm * t;
    const double rt = -std::sin(radians(2 * theta)) * rc;
    return std::sqrt(std::pow(dL / sl, 2) + std::pow(dC / sc, 2) + std::pow(dH / sh, 2) +
                     rt * (dC / sc) * (dH / sh));
}

} // namespace

// Function colours are told apart by eye: the bar palette's colours are far apart in CIEDE2000,
// the difference people see, and far from the greys that mean something else.
class TestSlicePalette : public QObject
{
    Q_OBJECT

private slots:
    // The formula itself, against pairs of Sharma, Wu and Dalal's published test data.
    void deltaE2000MatchesPublishedPairs_data()
    {
        QTest::addColumn<double>("l1");
        QTest::addColumn<double>("a1");
        QTest::addColumn<double>("b1");
        QTest::addColumn<double>("l2");
        QTest::addColumn<double>("a2");
        QTest::addColumn<double>("b2");
        QTest::addColumn<double>("expected");
        QTest::newRow("pair 1") << 50.0 << 2.6772 << -79.7751 << 50.0 << 0.0 << -82.7485 << 2.0425;
        QTest::newRow("pair 7") << 50.0 << 0.0 << 0.0 << 50.0 << -1.0 << 2.0 << 2.3669;
        QTest::newRow("pair 17") << 50.0 << 2.5 << 0.0 << 73.0 << 25.0 << -18.0 << 27.1492;
        QTest::newRow("pair 25") << 60.2574 << -34.0099 << 36.2677 << 60.4626 << -34.1751 << 39.4387
                                 << 1.2644;
    }
    void deltaE2000MatchesPublishedPairs()
    {
        QFETCH(double, l1);
        QFETCH(double, a1);
        QFETCH(double, b1);
        QFETCH(double, l2);
        QFETCH(double, a2);
        QFETCH(double, b2);
        QFETCH(double, expected);
        QVERIFY(std::abs(deltaE2000({l1, a1, b1}, {l2, a2, b2}) - expected) < 1e-4);
    }

    void functionsLookApart_data()
    {
        QTest::addColumn<int>("functions");
        QTest::addColumn<double>("minimum");
        QTest::newRow("8 functions") << 8 << 20.0;
        QTest::newRow("12 functions") << 12 << 18.0;
        QTest::newRow("20 functions") << 20 << 14.0;
    }
    void functionsLookApart()
    {
        QFETCH(int, functions);
        QFETCH(double, minimum);
        QVERIFY(int(paletteSize()) >= functions);
        for (int i = 0; i < functions; ++i) {
            for (int j = i + 1; j < functions; ++j) {
                const double d = deltaE2000(labOf(keyColour(std::uint32_t(i + 1))),
                                            labOf(keyColour(std::uint32_t(j + 1))));
                QVERIFY2(d >= minimum,
                         qPrintable(QStringLiteral("functions %1 and %2: ΔE2000 %3").arg(i).arg(j).arg(d)));
            }
            // Nor does a function look like a bar that means something else.
            for (QRgb other : {unresolvedColour(), dummyColour(), allocColour(), predicatedSkipColour()}) {
                const double d = deltaE2000(labOf(keyColour(std::uint32_t(i + 1))), labOf(other));
                QVERIFY2(
                    d >= minimum,
                    qPrintable(
                        QStringLiteral("function %1: ΔE2000 %2 from %3").arg(i).arg(d).arg(other, 0, 16)));
            }
        }
    }

    // Without function names, tasks take the palette's colours in turn: an SPMD task's blocks share
    // one, its neighbours differ.
    void tasksTakeColoursInTurn()
    {
        const std::uint64_t ring1 = std::uint64_t(1) << 32;
        QVERIFY(taskColour(ring1 + 5) != taskColour(ring1 + 6));
        QCOMPARE(taskColour(ring1 + 5), taskColour(ring1 + 5));
        QVERIFY(taskColour(7) != taskColour(8));
    }
};

LANESCOPE_TEST_MAIN(TestSlicePalette)
#include "tst_slicepalette.moc"
