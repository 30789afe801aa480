#include "model/io/loader.h"
#include "model/session/capturefacts.h"
#include "widgets/export/timelineexport.h"
#include "widgets/panels/barlegend.h"
#include "widgets/style/slicepalette.h"
#include "widgets/text/barstyle.h"
#include "widgets/timeline/timelineview.h"

#include <QImage>
#include <QTest>

using namespace lanescope;

namespace {

// One AIC and one AIV bar on their own lanes; functions 0 and 1.
CapturePtr twoCores()
{
    auto c = std::make_shared<Capture>();
    TaskRow aic;
    aic.taskId = 1;
    aic.startUs = 0;
    aic.endUs = 100;
    aic.coreId = 0;
    aic.coreType = CoreType::Aic;
    aic.funcId = 0;
    TaskRow aiv = aic;
    aiv.taskId = 2;
    aiv.coreId = 1;
    aiv.coreType = CoreType::Aiv;
    aiv.funcId = 1;
    c->rows = {aic, aiv};
    c->phaseKinds.intern(QStringLiteral("complete"));
    c->phaseKinds.intern(QStringLiteral("dispatch"));
    for (std::uint32_t i = 0; i < 2; ++i) {
        Lane lane;
        lane.group = QStringLiteral("AICore");
        lane.name = i == 0 ? QStringLiteral("AIC_0") : QStringLiteral("AIV_1");
        lane.kind = LaneKind::Worker;
        lane.slices = {Slice{0, 100, i, i + 1, 0, 0}};
        c->lanes.push_back(lane);
    }
    return c;
}

} // namespace

class TestBarLegend : public QObject
{
    Q_OBJECT

private slots:
    void entriesFollowTheMode()
    {
        const CapturePtr c = twoCores();
        const auto byFunction = legendEntries(*c, BarColourMode::Function);
        QCOMPARE(byFunction.size(), std::size_t(2));
        QCOMPARE(byFunction[0], (LegendEntry{QStringLiteral("func_0_a"), keyColour(1)}));
        QCOMPARE(byFunction[1], (LegendEntry{QStringLiteral("func_1_b"), keyColour(2)}));
        const auto byCore = legendEntries(*c, BarColourMode::CoreType);
        QCOMPARE(byCore.size(), std::size_t(2));
        QCOMPARE(byCore[0], (LegendEntry{QStringLiteral("AIC"), coreTypeColour(CoreType::Aic)}));
        QCOMPARE(byCore[1], (LegendEntry{QStringLiteral("AIV"), coreTypeColour(CoreType::Aiv)}));
        const auto byPhase = legendEntries(*c, BarColourMode::Phase);
        QCOMPARE(byPhase.size(), std::size_t(3));
        QCOMPARE(byPhase[0].text, QStringLiteral("complete"));
        QCOMPARE(byPhase[0].colour, nameColour(QStringLiteral("complete")));
        QCOMPARE(byPhase[2].colour, neutralBarColour());
    }

    // The counts come with the capture (computed once by its document): a mode switch or a tab
    // switch does not count the rows again.
    void countsComeWithTheCapture()
    {
        auto c = std::make_shared<Capture>(*twoCores());
        auto facts = std::make_shared<CaptureFacts>(*computeCaptureFacts(*c));
        QCOMPARE(facts->functionsByCount, (std::vector<FunctionCount>{{0, 1}, {1, 1}}));
        facts->functionsByCount = {{1, 5}, {0, 2}}; // not what the rows say
        c->facts = facts;
        BarLegend legend;
        legend.setCapture(c);
        legend.setColourMode(BarColourMode::Function);
        QCOMPARE(legend.entries().size(), std::size_t(2));
        QCOMPARE(legend.entries()[0], (LegendEntry{QStringLiteral("func_1_b"), keyColour(2)}));
        QCOMPARE(legend.entries()[1], (LegendEntry{QStringLiteral("func_0_a"), keyColour(1)}));
    }

    void legendWidgetFollowsTheView()
    {
        const CapturePtr c = twoCores();
        TimelineView view;
        BarLegend legend;
        view.setCapture(c);
        legend.setCapture(c);
        connect(&view, &TimelineView::colourModeChanged, &legend, &BarLegend::setColourMode);
        QCOMPARE(legend.entries(), legendEntries(*c, BarColourMode::Function));
        view.setColourMode(BarColourMode::CoreType);
        QCOMPARE(legend.colourMode(), BarColourMode::CoreType);
        QCOMPARE(legend.entries(), legendEntries(*c, BarColourMode::CoreType));
    }

    // The legend's colours are the colours the bars are drawn in.
    void barsUseTheLegendColours_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("function") << int(BarColourMode::Function);
        QTest::newRow("core type") << int(BarColourMode::CoreType);
    }
    void barsUseTheLegendColours()
    {
        QFETCH(int, mode);
        const CapturePtr c = twoCores();
        TimelinePaintOptions options;
        options.drawLabels = false;
        options.colourMode = BarColourMode(mode);
        const QSize size(800, 140);
        const QImage image = renderImage(*c, size, {-10, 110}, 1.0, options);
        const TimelineViewport vp = exportViewport(*c, size, {-10, 110});
        const auto entries = legendEntries(*c, BarColourMode(mode));
        const int x = int(vp.xOf(50));
        // Rows: ruler, heading, AIC_0 lane, AIV_1 lane; bar centre 2 + 8 px into a lane.
        const int aicY = vp.lanesTop() + 24 + 2 + 8;
        const int aivY = aicY + 22;
        QCOMPARE(image.pixel(x, aicY) & 0xffffff, entries[0].colour & 0xffffff);
        QCOMPARE(image.pixel(x, aivY) & 0xffffff, entries[1].colour & 0xffffff);
    }
};

QTEST_MAIN(TestBarLegend)
#include "tst_barlegend.moc"
