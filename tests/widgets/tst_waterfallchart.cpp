#include "beforeafterpair.h"
#include "model/format/durationtext.h"
#include "widgets/comparison/waterfallchart.h"
#include "widgets/export/diffpictures.h"

#include <QHelpEvent>
#include <QTest>
#include <QToolTip>

Q_DECLARE_METATYPE(lanescope::MakespanAttribution)

using namespace lanescope;

namespace {

MakespanAttribution attribution(std::vector<std::pair<double, double>> parts)
{
    MakespanAttribution a;
    a.available = true;
    const char *ids[] = {"compute", "data-wait", "core-wait", "front-gap", "scheduler", "dispatch"};
    for (std::size_t i = 0; i < parts.size(); ++i) {
        AttributionPart p;
        p.id = QString::fromLatin1(ids[i % 6]);
        p.name = QStringLiteral("Part %1").arg(i);
        p.beforeUs = parts[i].first;
        p.afterUs = parts[i].second;
        a.parts.push_back(p);
        a.beforeMakespanUs += p.beforeUs;
        a.afterMakespanUs += p.afterUs;
    }
    return a;
}

} // namespace

class TstWaterfallChart : public QObject
{
    Q_OBJECT

private slots:
    void stepsRunFromBeforeToAfter_data()
    {
        QTest::addColumn<MakespanAttribution>("a");
        QTest::newRow("slower") << attribution({{100, 130}, {20, 25}, {5, 5}, {1, 0.5}});
        QTest::newRow("faster") << attribution({{100, 70}, {20, 10}, {5, 6}, {1, 1}});
        QTest::newRow("overhead split") << attribution({{100, 90}, {20, 25}, {5, 6}, {1, 1}, {3, 1}, {2, 4}});
        QTest::newRow("unchanged") << attribution({{10, 10}});
    }

    void stepsRunFromBeforeToAfter()
    {
        QFETCH(MakespanAttribution, a);
        const std::vector<WaterfallStep> steps = waterfallSteps(a);
        QCOMPARE(steps.size(), a.parts.size() + 2);
        QVERIFY(steps.front().total && steps.back().total);
        QCOMPARE(steps.front().toUs, a.beforeMakespanUs);
        QCOMPARE(steps.back().toUs, a.afterMakespanUs);
        double sum = 0;
        for (std::size_t i = 1; i + 1 < steps.size(); ++i) {
            QCOMPARE(steps[i].fromUs, steps[i - 1].total ? a.beforeMakespanUs : steps[i - 1].toUs);
            QCOMPARE(steps[i].deltaUs(), a.parts[i - 1].deltaUs());
            sum += steps[i].deltaUs();
        }
        QVERIFY(std::abs(sum - a.totalDeltaUs()) <= 1e-9 * std::max(1.0, a.afterMakespanUs));
        QVERIFY(std::abs(steps[steps.size() - 2].toUs - a.afterMakespanUs) <= 1e-9 * a.afterMakespanUs);
    }

    void bundledPairAddsUp()
    {
        const CapturePtr before = loadPair("before");
        const CapturePtr after = loadPair("after");
        QVERIFY(before && after);
        const MakespanAttribution a = attributeMakespanChange(*before, *after);
        QVERIFY2(a.available, qPrintable(a.reason));
        const std::vector<WaterfallStep> steps = waterfallSteps(a);
        QVERIFY(steps.size() >= 6);
        double sum = 0;
        for (const WaterfallStep &s : steps) {
            if (!s.total)
                sum += s.deltaUs();
        }
        QVERIFY(std::abs(sum - a.totalDeltaUs()) <= 1e-6 * std::max(1.0, a.afterMakespanUs));
        QVERIFY(std::abs(steps[steps.size() - 2].toUs - a.afterMakespanUs) <=
                1e-6 * std::max(1.0, a.afterMakespanUs));
    }

    void unavailableHasNoSteps()
    {
        MakespanAttribution a;
        a.reason = QStringLiteral("Before has no rows");
        QVERIFY(waterfallSteps(a).empty());
        WaterfallChart chart;
        chart.setAttribution(a);
        QVERIFY(chart.steps().empty());
        QCOMPARE(chart.stepAt(QPoint(10, 10)), -1);
        QVERIFY(!waterfallImage(a, 400).isNull());
    }

    void hoverTellsTheStep()
    {
        WaterfallChart chart;
        chart.resize(600, 320);
        const MakespanAttribution a = attribution({{100, 130}, {20, 15}, {5, 5}});
        chart.setAttribution(a);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QRect bar = chart.stepRect(1);
        QVERIFY(bar.isValid());
        QCOMPARE(chart.stepAt(bar.center()), 1);
        QTest::mouseMove(&chart, bar.center());
        QHelpEvent help(QEvent::ToolTip, bar.center(), chart.mapToGlobal(bar.center()));
        QCoreApplication::sendEvent(&chart, &help);
        QVERIFY(QToolTip::isVisible());
        const QString text = QToolTip::text();
        QVERIFY2(text.contains(QStringLiteral("Part 0")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Δ +30 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Before 100 µs, After 130 µs")), qPrintable(text));
        // The slower step rises: its bar ends above where it starts.
        QVERIFY(chart.stepRect(1).top() < chart.stepRect(2).top() + chart.stepRect(2).height());
    }

    void picture()
    {
        const QImage image = waterfallImage(attribution({{100, 130}, {20, 15}}), 640);
        QCOMPARE(image.width(), 640);
        QVERIFY(image.height() >= 220);
        bool red = false, blue = false;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                red |= image.pixel(x, y) == qRgb(0xd7, 0x30, 0x1f);
                blue |= image.pixel(x, y) == qRgb(0x21, 0x66, 0xac);
            }
        }
        QVERIFY(red && blue);
    }
};

QTEST_MAIN(TstWaterfallChart)
#include "tst_waterfallchart.moc"
