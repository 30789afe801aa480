#include "generatedcapture.h"
#include "model/session/capturefacts.h"
#include "model/session/runfootprint.h"
#include "testmain.h"

#include <QTemporaryDir>

using namespace lanescope;

namespace {

std::size_t bytesOf(const std::vector<FootprintPart> &parts, const QString &component)
{
    for (const FootprintPart &p : parts)
        if (p.component == component)
            return p.bytes;
    return 0;
}

bool has(const std::vector<FootprintPart> &parts, const QString &component)
{
    for (const FootprintPart &p : parts)
        if (p.component == component)
            return true;
    return false;
}

} // namespace

// Where a run's bytes go: every component counts at least what its elements take, and only what
// the run holds.
class TestRunFootprint : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void components_data()
    {
        QTest::addColumn<bool>("deps");
        QTest::addColumn<bool>("withIndex");
        QTest::addRow("deps, index") << true << true;
        QTest::addRow("no deps, no index") << false << false;
    }
    void components()
    {
        QFETCH(bool, deps);
        QFETCH(bool, withIndex);
        GeneratorOptions o;
        o.tasks = 400;
        o.deps = deps ? DepsShape::Current : DepsShape::None;
        const CapturePtr c = generateAndLoad(o, m_dir.filePath(QString::fromLatin1(QTest::currentDataTag())));
        QVERIFY(c);
        const CaptureIndex index(*c);
        const auto parts = runFootprint(*c, withIndex ? &index : nullptr);

        QVERIFY(bytesOf(parts, QStringLiteral("rows")) >= c->rows.size() * sizeof(TaskRow));
        std::size_t slices = 0;
        for (const Lane &lane : c->lanes)
            slices += lane.slices.size();
        QVERIFY(bytesOf(parts, QStringLiteral("bars")) >= slices * sizeof(Slice));
        std::size_t records = 0;
        for (const PhaseLane &lane : c->schedulerThreads)
            records += lane.size();
        QVERIFY(records > 0);
        QVERIFY(bytesOf(parts, QStringLiteral("scheduler records")) >= records * sizeof(PhaseRecord));
        QCOMPARE(bytesOf(parts, QStringLiteral("deps graph")) > 0, deps);
        if (deps)
            QVERIFY(bytesOf(parts, QStringLiteral("deps graph")) >= c->deps.nodes().size() * sizeof(DepNode));
        QVERIFY(bytesOf(parts, QStringLiteral("strings")) > 0);
        QCOMPARE(has(parts, QStringLiteral("index")), withIndex);
        if (withIndex)
            QVERIFY(bytesOf(parts, QStringLiteral("index")) >= slices * sizeof(double));

        // The facts count once computed, their dependency anchors apart, as a run with deps has them.
        QVERIFY(!has(parts, QStringLiteral("facts")));
        Capture withFacts = *c;
        withFacts.facts = computeCaptureFacts(withFacts);
        const auto factParts = runFootprint(withFacts);
        QVERIFY(bytesOf(factParts, QStringLiteral("facts")) >= slices * sizeof(double));
        QCOMPARE(has(factParts, QStringLiteral("dependency anchors")), deps);
        if (deps) // where each node's rows start, at least
            QVERIFY(bytesOf(factParts, QStringLiteral("dependency anchors")) >=
                    c->deps.nodes().size() * sizeof(std::uint32_t));
    }

    // Twice the rows, about twice the bytes: what is counted grows with the capture, not a constant.
    void growsWithRows()
    {
        GeneratorOptions o;
        o.tasks = 500;
        const CapturePtr small = generateAndLoad(o, m_dir.filePath(QStringLiteral("small")));
        o.tasks = 1000;
        const CapturePtr large = generateAndLoad(o, m_dir.filePath(QStringLiteral("large")));
        QVERIFY(small && large);
        const double rowRatio = double(large->rows.size()) / double(small->rows.size());
        const double bytesRatio = double(bytesOf(runFootprint(*large), QStringLiteral("bars"))) /
                                  double(bytesOf(runFootprint(*small), QStringLiteral("bars")));
        QVERIFY2(bytesRatio > rowRatio * 0.7 && bytesRatio < rowRatio * 1.5,
                 qPrintable(QStringLiteral("rows ×%1, bar bytes ×%2").arg(rowRatio).arg(bytesRatio)));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRunFootprint)
#include "tst_runfootprint.moc"
