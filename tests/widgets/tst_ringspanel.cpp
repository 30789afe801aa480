// The Rings panel: peaks per ring and resource, and the two chapter-05 diagnoses stated plainly,
// on a generated imbalanced capture and a generated at-capacity capture.

#include "generatedcapture.h"

#include "model/format/durationtext.h"
#include "model/io/loader.h"
#include "widgets/panels/ringspanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>

using namespace lanescope;

namespace {

const QString kRebalance =
    QStringLiteral("One ring carries the load while others idle → rebalance scopes (05a)");
const QString kConstraint = QStringLiteral("A peak sits at capacity → that ring is the constraint (05b)");

CapturePtr generated(WorkloadKind workload, int window, const QTemporaryDir &dir)
{
    GeneratorOptions o;
    o.workload = workload;
    o.taskWindowMax = window;
    o.blockDim = 4;
    o.hostLog = false;
    return generateAndLoad(o, dir.path());
}

// The table row of (ring, resource), or -1.
int rowOf(const QTableWidget *table, int ring, const QString &resource)
{
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, RingsPanel::RingColumn)->text() == QString::number(ring) &&
            table->item(r, RingsPanel::ResourceColumn)->text() == resource)
            return r;
    return -1;
}

CaptureAnalysisPtr analysisOf(const CapturePtr &capture)
{
    return std::make_shared<const CaptureAnalysis>(analyzeCapture(*capture));
}

} // namespace

class TestRingsPanel : public QObject
{
    Q_OBJECT

private slots:
    void imbalancedCaptureSaysRebalance()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingImbalance, 16384, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        const QString text = panel.diagnosisText();
        QVERIFY2(text.startsWith(kRebalance + QStringLiteral(": ring 3 holds 100.0% of the tasks.")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("(05b)")), qPrintable(text));
        const int row = rowOf(panel.table(), 3, QStringLiteral("task window"));
        QVERIFY(row >= 0);
        QCOMPARE(panel.table()->item(row, RingsPanel::CapacityColumn)->text(), QStringLiteral("16384"));
        QVERIFY(panel.table()->item(row, RingsPanel::TasksColumn)->text().toInt() > 0);
        // Rings 0-2 only carry the enclosing scopes: known to stay empty, so no peak moment or site.
        const int idle = rowOf(panel.table(), 0, QStringLiteral("task window"));
        QCOMPARE(panel.table()->item(idle, RingsPanel::PeakColumn)->text(), QStringLiteral("0"));
        QCOMPARE(panel.table()->item(idle, RingsPanel::AtColumn)->text(), QStringLiteral("—"));
        QCOMPARE(panel.table()->item(idle, RingsPanel::TasksColumn)->text(), QStringLiteral("0"));
    }

    void atCapacityCaptureNamesTheConstraint()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        const QString text = panel.diagnosisText();
        QVERIFY2(text.startsWith(
                     kConstraint +
                     QStringLiteral(": ring 2 task window peaks at 16 of 16 (100.0%) in pressure.py:31.")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("(05a)")), qPrintable(text));
        const int row = rowOf(panel.table(), 2, QStringLiteral("task window"));
        QVERIFY(row >= 0);
        QCOMPARE(panel.table()->item(row, RingsPanel::PeakColumn)->text(), QStringLiteral("16"));
        QCOMPARE(panel.table()->item(row, RingsPanel::CapacityColumn)->text(), QStringLiteral("16"));
        QCOMPARE(panel.table()->item(row, RingsPanel::PercentColumn)->text(), QStringLiteral("100.0"));
        QCOMPARE(panel.table()->item(row, RingsPanel::SiteColumn)->text(), QStringLiteral("pressure.py:31"));
        const int heap = rowOf(panel.table(), 2, QStringLiteral("heap"));
        QVERIFY(heap >= 0);
        QCOMPARE(panel.table()->item(heap, RingsPanel::CapacityColumn)->text(), QStringLiteral("256.0 MiB"));
    }

    // The panel shows the figures of the analysis it is handed (here another capture's, so a
    // recomputation would show), and says it is waiting while there is none.
    void showsTheAnalysisItIsGiven()
    {
        QTemporaryDir dir;
        const CapturePtr capacity = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capacity);
        RingsPanel panel;
        const auto empty = std::make_shared<Capture>();
        panel.setCapture(empty, analysisOf(capacity));
        QVERIFY2(panel.diagnosisText().startsWith(kConstraint), qPrintable(panel.diagnosisText()));
        QVERIFY(rowOf(panel.table(), 2, QStringLiteral("task window")) >= 0);
        panel.setCapture(empty, nullptr);
        QCOMPARE(panel.diagnosisText(), QStringLiteral("Analysing the capture…"));
        QCOMPARE(panel.table()->rowCount(), 0);
    }

    // Rows open in ring order; a click on "% of capacity" sorts them by the number, not its text
    // ("100.0" after "9.4"), with the unknown ones ("—") first.
    void sortsByValue()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.resize(1200, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setCapture(capture, analysisOf(capture));
        QTableWidget *table = panel.table();
        QVERIFY(table->rowCount() > 2);
        auto column = [&](int c) {
            std::vector<double> values;
            for (int r = 0; r < table->rowCount(); ++r)
                values.push_back(table->item(r, c)->data(Qt::UserRole).toDouble());
            return values;
        };
        const auto rings = column(RingsPanel::RingColumn);
        QVERIFY(std::is_sorted(rings.begin(), rings.end()));
        QHeaderView *header = table->horizontalHeader();
        const int x = header->sectionViewportPosition(RingsPanel::PercentColumn) +
                      header->sectionSize(RingsPanel::PercentColumn) / 2;
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
        const auto percent = column(RingsPanel::PercentColumn);
        QVERIFY(std::is_sorted(percent.begin(), percent.end()) ||
                std::is_sorted(percent.rbegin(), percent.rend()));
        QVERIFY(percent.front() != percent.back());
    }

    // The peak moments are written in one unit, named in the header, so they compare at a glance;
    // numbers and their headers are right-aligned.
    void peakMomentsReadInOneUnit()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        QTableWidget *table = panel.table();
        std::vector<double> moments;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, RingsPanel::AtColumn)->text() != QStringLiteral("—"))
                moments.push_back(table->item(r, RingsPanel::AtColumn)->data(Qt::UserRole).toDouble());
        QVERIFY(!moments.empty());
        const TimeUnit unit = columnUnit(moments);
        QCOMPARE(table->horizontalHeaderItem(RingsPanel::AtColumn)->text(),
                 QStringLiteral("At, inferred (%1)").arg(unitSuffix(unit)));
        for (int r = 0; r < table->rowCount(); ++r) {
            const QTableWidgetItem *at = table->item(r, RingsPanel::AtColumn);
            QCOMPARE(at->textAlignment(), int(Qt::AlignRight | Qt::AlignVCenter));
            if (at->text() == QStringLiteral("—"))
                continue;
            bool number = false;
            const double shown = at->text().toDouble(&number);
            QVERIFY2(number, qPrintable(at->text())); // no unit in the cell
            QVERIFY(std::abs(shown * unitScaleUs(unit) - at->data(Qt::UserRole).toDouble()) <=
                    unitScaleUs(unit) * 0.05); // within rounding
        }
        QCOMPARE(table->horizontalHeaderItem(RingsPanel::PercentColumn)->textAlignment(),
                 int(Qt::AlignRight | Qt::AlignVCenter));
    }

    void thresholdsAreInTheTooltip()
    {
        RingsPanel panel;
        const auto *label = panel.findChild<QLabel *>(QStringLiteral("ringDiagnosis"));
        QVERIFY(label);
        QVERIFY(label->toolTip().contains(QStringLiteral("at least 90% of them")));
        QVERIFY(label->toolTip().contains(QStringLiteral("reaches 95% of its capacity")));
        QCOMPARE(panel.diagnosisText(), QStringLiteral("No capture."));
    }

    void withoutScopeStatsCapacitiesAreUnknown()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.scopeStats = false;
        o.tasks = 60;
        o.blockDim = 2;
        o.hostLog = false;
        const CapturePtr capture = generateAndLoad(o, dir.path());
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        QVERIFY(panel.diagnosisText().contains(QStringLiteral("No scope_stats.jsonl")));
        const int row = rowOf(panel.table(), 0, QStringLiteral("task window"));
        QVERIFY(row >= 0);
        QCOMPARE(panel.table()->item(row, RingsPanel::CapacityColumn)->text(), QStringLiteral("unknown"));
        QCOMPARE(panel.table()->item(row, RingsPanel::PercentColumn)->text(), QStringLiteral("—"));
        QVERIFY(rowOf(panel.table(), 0, QStringLiteral("heap")) < 0);
    }
};

QTEST_MAIN(TestRingsPanel)
#include "tst_ringspanel.moc"
