#include "generatedcapture.h"
#include "model/io/loader.h"
#include "model/techniques/captureanalysis.h"
#include "testmain.h"
#include "widgets/panels/reportmodel.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

struct Analysed
{
    CapturePtr capture;
    CaptureAnalysisPtr analysis;
};

Analysed analysed(CapturePtr capture)
{
    return {capture, std::make_shared<const CaptureAnalysis>(analyzeCapture(*capture))};
}

Analysed generated(const QString &dir, int level, DepsShape deps)
{
    GeneratorOptions o;
    o.seed = 5;
    o.level = level;
    o.tasks = 300;
    o.deps = deps;
    o.hostLog = false;
    o.scopeStats = false;
    const CapturePtr capture = generateAndLoad(o, dir);
    if (!capture)
        qFatal("no capture in %s", qPrintable(dir));
    return analysed(capture);
}

QString valueOf(const ReportModel &m, const QString &key)
{
    const QModelIndex i = m.indexOfKey(key);
    return i.isValid() ? m.data(i.siblingAtColumn(ReportModel::Value)).toString() : QString();
}

} // namespace

class TestReportModel : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void modelTesterOnTheSample()
    {
        ReportModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Analysed a = analysed(loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture);
        model.setAnalysis(a.capture, a.analysis);
        QVERIFY(model.rowCount() >= 8);
        model.setAnalysis(nullptr, nullptr);
        QCOMPARE(model.rowCount(), 0);
        model.setAnalysis(a.capture, a.analysis);
        QVERIFY(model.rowCount() >= 8);
    }

    void newestReferenceLinesAndTooltips()
    {
        const Analysed a = analysed(loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture);
        ReportModel model;
        model.setAnalysis(a.capture, a.analysis);
        const auto &d = a.analysis->report.functions.dispatchToStart;
        QVERIFY(d.has_value());
        QVERIFY(valueOf(model, figures::dispatchToStart).startsWith(QStringLiteral("total ")));
        // The tooltip says which reference a figure follows, for the part and for its lines.
        for (const QString &key : {figures::schedLoop, figures::schedLoop + QStringLiteral(".loops")}) {
            const QModelIndex i = model.indexOfKey(key);
            QVERIFY2(i.isValid(), qPrintable(key));
            QVERIFY2(model.data(i, Qt::ToolTipRole).toString().contains(QStringLiteral("newest reference")),
                     qPrintable(key));
        }
        // Phases never seen are not listed.
        const auto &b = *a.analysis->report.schedLoop;
        for (int p = 0; p < kLoopPhaseCount; ++p) {
            const QString key = figures::schedLoop + u'.' + QLatin1String(loopPhaseName(p));
            QCOMPARE(model.indexOfKey(key).isValid(), b.phases[std::size_t(p)].seen);
        }
    }

    // At level 4 with deps every part has numbers and the figures follow the report.
    void sampleListsEveryPart()
    {
        const Analysed a = analysed(loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture);
        ReportModel model;
        model.setAnalysis(a.capture, a.analysis);
        const AnalysisReport &r = a.analysis->report;
        for (const QString &key :
             {figures::overhead, figures::switchCost, figures::headOh, figures::tailOh, figures::schedLoop,
              figures::criticalPath, figures::observedCriticalPath}) {
            const QModelIndex i = model.indexOfKey(key);
            QVERIFY2(i.isValid(), qPrintable(key));
            QVERIFY2(!model.entry(i)->isAbsent(), qPrintable(key));
            QVERIFY2(model.rowCount(i) > 0, qPrintable(key));
            QCOMPARE(model.data(i.siblingAtColumn(ReportModel::Needs)).toString().isEmpty(), false);
        }
        QVERIFY(valueOf(model, figures::overhead).startsWith(r.overhead->verdict));
        QVERIFY(valueOf(model, QStringLiteral("overhead.has"))
                    .contains(QString::number(r.overhead->hasPct, 'f', 1)));
        QCOMPARE(
            model.data(model.indexOfKey(figures::schedLoop).siblingAtColumn(ReportModel::Needs)).toString(),
            QStringLiteral("L3"));
        QCOMPARE(
            model.data(model.indexOfKey(figures::overhead).siblingAtColumn(ReportModel::Needs)).toString(),
            QStringLiteral("L2 + deps"));
        QVERIFY(valueOf(model, figures::schedLoop + QStringLiteral(".loops")) ==
                QString::number(r.schedLoop->loops));

        // Entries that point somewhere carry the landmark.
        const ReportEntry *worst = model.entry(model.indexOfKey(QStringLiteral("head_oh.max")));
        QVERIFY(worst);
        QCOMPARE(worst->target.kind, ReportTarget::Kind::Row);
        QCOMPARE(worst->target.row, a.analysis->landmarks.worstHead->row);
        const ReportEntry *sink =
            model.entry(model.indexOfKey(figures::criticalPath + QStringLiteral(".sink")));
        QCOMPARE(sink->target.kind, ReportTarget::Kind::Task);
        QCOMPARE(sink->target.taskId, r.criticalPath->sinkTaskId);
        // One child per gap on the observed path.
        const QModelIndex gaps = model.indexOfKey(figures::observedCriticalPath + QStringLiteral(".gaps"));
        const auto gapCount =
            std::count_if(r.observedPath->segments.begin(), r.observedPath->segments.end(),
                          [](const PathSegment &s) { return s.kind != PathSegment::Kind::Compute; });
        QCOMPARE(model.rowCount(gaps), int(gapCount));
    }

    void absentFiguresSayWhy_data()
    {
        QTest::addColumn<int>("level");
        QTest::addColumn<bool>("deps");
        QTest::addColumn<QStringList>("absent");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QStringList>("present");

        const QStringList levelTwo{figures::totalTestTime, figures::overhead, figures::switchCost,
                                   figures::headOh,        figures::tailOh,   figures::criticalPath};
        QTest::newRow("level 1") << 1 << true << levelTwo << reasons::needsLevel2
                                 << QStringList{figures::observedCriticalPath};
        QTest::newRow("level 1, sched loop")
            << 1 << true << QStringList{figures::schedLoop} << reasons::needsLevel3
            << QStringList{figures::observedCriticalPath};
        QTest::newRow("level 2 without deps")
            << 2 << false << QStringList{figures::overhead, figures::criticalPath} << reasons::needsDeps
            << QStringList{figures::switchCost, figures::headOh, figures::tailOh};
        QTest::newRow("level 2, sched loop")
            << 2 << true << QStringList{figures::schedLoop} << reasons::phasesUnavailableAtLevel2
            << QStringList{figures::overhead, figures::criticalPath};
    }

    void absentFiguresSayWhy()
    {
        QFETCH(int, level);
        QFETCH(bool, deps);
        QFETCH(QStringList, absent);
        QFETCH(QString, reason);
        QFETCH(QStringList, present);
        const Analysed a = generated(m_dir.filePath(QStringLiteral("l%1%2").arg(level).arg(deps ? "d" : "")),
                                     level, deps ? DepsShape::Current : DepsShape::None);
        ReportModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setAnalysis(a.capture, a.analysis);
        for (const QString &key : absent) {
            const QModelIndex i = model.indexOfKey(key);
            QVERIFY2(i.isValid(), qPrintable(key));
            QVERIFY2(model.entry(i)->isAbsent(), qPrintable(key));
            const QString shown = model.data(i.siblingAtColumn(ReportModel::Value)).toString();
            QCOMPARE(shown, QStringLiteral("— ") + reason);
            QVERIFY(!shown.contains(QLatin1Char('0'))); // a reason, never a zero
            QCOMPARE(model.rowCount(i), 0);
        }
        for (const QString &key : present) {
            const QModelIndex i = model.indexOfKey(key);
            QVERIFY2(i.isValid() && !model.entry(i)->isAbsent(), qPrintable(key));
        }
    }
};

LANESCOPE_TEST_MAIN(TestReportModel)
#include "tst_reportmodel.moc"
