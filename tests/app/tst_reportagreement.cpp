#include "app/cli/comparereport.h"
#include "testmain.h"
#include "widgets/comparison/comparisontablemodel.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QColor>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <cmath>

using namespace lanescope;

// The HTML report of `lanescope compare` and the window's comparison table show each metric
// alike: the same Before, After and Δ text, the same verdict word, in the same colour. One row
// per verdict and per kind of unit, so a colour or a format that drifts in either fails here.
class TestReportAgreement : public QObject
{
    Q_OBJECT

    struct HtmlRow
    {
        QString before, after, delta, verdictClass, verdict;
    };

    static MetricComparison metric(const QString &id, const QString &unit, double before, double after,
                                   Verdict verdict)
    {
        MetricComparison m;
        m.id = id;
        m.name = QStringLiteral("metric ") + id;
        m.unit = unit;
        m.before = before;
        m.after = after;
        m.delta = after - before;
        m.deltaRelative =
            before != 0 ? std::optional<double>((after - before) / std::abs(before)) : std::nullopt;
        m.expected = ExpectedDirection::Decrease;
        m.verdict = verdict;
        return m;
    }

    static HtmlRow htmlRow(const QString &html, const QString &id)
    {
        const QRegularExpression row(
            QStringLiteral("<tr><td>%1</td><td>[^<]*</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td>"
                           "<td>[^<]*</td><td class=\"([^\"]*)\"><b>([^<]*)</b></td>")
                .arg(QRegularExpression::escape(id)));
        const QRegularExpressionMatch m = row.match(html);
        return m.hasMatch()
                   ? HtmlRow{m.captured(1), m.captured(2), m.captured(3), m.captured(4), m.captured(5)}
                   : HtmlRow{};
    }

    // ".improved{color:#2e8b3e}" → {"improved": #2e8b3e}
    static QHash<QString, QColor> cssColours(const QString &html)
    {
        QHash<QString, QColor> colours;
        const QRegularExpression rule(QStringLiteral("\\.([a-z-]+)\\{color:(#[0-9a-fA-F]{6})\\}"));
        for (auto it = rule.globalMatch(html); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            colours.insert(m.captured(1), QColor(m.captured(2)));
        }
        return colours;
    }

private slots:
    void reportAndTableAgree_data()
    {
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("before");
        QTest::addColumn<double>("after");
        QTest::addColumn<int>("verdict");
        QTest::newRow("time, improved") << "µs" << 22941.0 << 20100.5 << int(Verdict::Improved);
        QTest::newRow("share, regressed") << "share" << 0.125 << 0.3 << int(Verdict::Regressed);
        QTest::newRow("count, unchanged") << "tasks" << 12.0 << 12.0 << int(Verdict::Unchanged);
        QTest::newRow("count, held") << "tasks" << 12.0 << 12.0 << int(Verdict::Held);
        QTest::newRow("count, broken") << "tasks" << 12.0 << 13.0 << int(Verdict::Broken);
        QTest::newRow("time, inconclusive") << "µs" << 100.0 << 98.0 << int(Verdict::Inconclusive);
        QTest::newRow("percent, not comparable") << "%" << 40.0 << 35.25 << int(Verdict::NotComparable);
        QTest::newRow("ratio, improved") << "ratio" << 1.5 << 1.2345 << int(Verdict::Improved);
        QTest::newRow("negative time, not comparable") << "µs" << -3.5 << 0.0 << int(Verdict::NotComparable);
    }
    void reportAndTableAgree()
    {
        QFETCH(QString, unit);
        QFETCH(double, before);
        QFETCH(double, after);
        QFETCH(int, verdict);
        CaptureComparison comparison;
        comparison.technique = QStringLiteral("general");
        comparison.metrics = {metric(QStringLiteral("M1"), unit, before, after, Verdict(verdict))};

        ComparisonTableModel table;
        QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        table.setComparison(comparison);
        const CompareReportInput input{QStringLiteral("before"),
                                       QStringLiteral("after"),
                                       QString(),
                                       &comparison,
                                       nullptr,
                                       nullptr,
                                       nullptr};
        const QString html =
            QString::fromUtf8(compareReportHtml(input, ReportPictures{{QByteArray("png"), {}}, {}, {}}));

        const HtmlRow row = htmlRow(html, QStringLiteral("M1"));
        QVERIFY2(!row.verdictClass.isEmpty(), qPrintable(html));
        const auto cell = [&](int column) { return table.index(0, column).data().toString(); };
        QCOMPARE(row.before, cell(ComparisonTableModel::Before));
        QCOMPARE(row.after, cell(ComparisonTableModel::After));
        QCOMPARE(row.delta, cell(ComparisonTableModel::Delta));
        QCOMPARE(row.verdict, cell(ComparisonTableModel::VerdictColumn));

        const QColor window = table.index(0, ComparisonTableModel::VerdictColumn)
                                  .data(Qt::ForegroundRole)
                                  .value<QBrush>()
                                  .color();
        const QHash<QString, QColor> css = cssColours(html);
        QVERIFY2(css.contains(row.verdictClass), qPrintable(row.verdictClass));
        QCOMPARE(css.value(row.verdictClass).name(), window.name());
    }

    // Each verdict has a colour of its own in the report: none borrows another's.
    void everyVerdictHasItsOwnColour()
    {
        CaptureComparison comparison;
        const QHash<QString, QColor> css = cssColours(QString::fromUtf8(compareReportHtml(
            CompareReportInput{QString(), QString(), QString(), &comparison, nullptr, nullptr, nullptr},
            ReportPictures{})));
        QSet<QString> names;
        for (const Verdict v : kAllVerdicts) {
            QString cls = verdictName(v);
            cls.replace(u' ', u'-');
            QVERIFY2(css.contains(cls), qPrintable(cls));
            names.insert(css.value(cls).name());
        }
        QCOMPARE(names.size(), qsizetype(std::size(kAllVerdicts)));
    }
};

LANESCOPE_TEST_MAIN(TestReportAgreement)
#include "tst_reportagreement.moc"
