#include "beforeafterpair.h"
#include "model/format/durationtext.h"
#include "testmain.h"
#include "widgets/comparison/waterfallchart.h"
#include "widgets/export/diffpictures.h"

#include <QApplication>
#include <QHelpEvent>
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

    // Every text of the chart, at every width from 400 px up: none meets another, none leaves the
    // chart, none is wider than the room it was given (long ones are elided, never cut by the edge).
    void labelsNeverMeet_data()
    {
        QTest::addColumn<MakespanAttribution>("a");
        QTest::addColumn<int>("width");
        MakespanAttribution cut = attribution({{100000, 99720.62},
                                               {20000, 20380.26},
                                               {5000, 4992.18},
                                               {1000, 980.5},
                                               {30000, 29000},
                                               {2000, 2100.25}});
        cut.afterTasksWithoutRows = 3;
        cut.missingWorkUs = -27.1;
        const MakespanAttribution plain = attribution({{100, 130}, {20, 15}, {5, 5}, {1, 0.5}});
        for (int width : {400, 480, 640, 800, 1200, 1600}) {
            QTest::addRow("six parts, cut short, %d px", width) << cut << width;
            QTest::addRow("four parts, %d px", width) << plain << width;
        }
    }
    void labelsNeverMeet()
    {
        QFETCH(MakespanAttribution, a);
        QFETCH(int, width);
        const QRect chart(0, 0, width, 260);
        const QFontMetrics metrics(QApplication::font());
        const WaterfallLayout layout = layOutWaterfall(chart, a, metrics);
        QCOMPARE(layout.bars.size(), a.parts.size() + 2);
        // Title, one value and one name per step, and the note when work is missing.
        const std::size_t note = a.missingWorkNote().isEmpty() ? 0 : 1;
        QCOMPARE(layout.labels.size(), 1 + 2 * layout.bars.size() + note);
        for (std::size_t i = 0; i < layout.labels.size(); ++i) {
            const WaterfallLabel &l = layout.labels[i];
            QVERIFY2(chart.contains(l.rect), qPrintable(l.text));
            QVERIFY2(metrics.horizontalAdvance(l.text) <= l.rect.width() + 1, qPrintable(l.text));
            for (std::size_t j = i + 1; j < layout.labels.size(); ++j)
                QVERIFY2(
                    !l.rect.intersects(layout.labels[j].rect),
                    qPrintable(QStringLiteral("\"%1\" meets \"%2\"").arg(l.text, layout.labels[j].text)));
            for (const QRect &bar : layout.bars)
                QVERIFY2(!l.rect.intersects(bar), qPrintable(l.text));
        }
        if (note)
            QVERIFY(layout.labels.back().text.startsWith(QStringLiteral("After lacks the rows of 3 tasks")));
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

LANESCOPE_TEST_MAIN(TstWaterfallChart)
#include "tst_waterfallchart.moc"
