#include "beforeafterpair.h"
#include "lanescoperun.h"

#include "model/io/loader.h"
#include "model/techniques/capturecomparison.h"
#include "model/techniques/confirmationmetrics.h"
#include "model/techniques/techniquecatalogue.h"
#include "testmain.h"
#include "widgets/comparison/comparisontablemodel.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace lanescope;

// The window's comparison table, `lanescope compare` and its Markdown and HTML reports print one
// metric alike: on the bundled 01a pair, the same Before, After and Δ text in all four.
class TestMetricAgreement : public QObject
{
    Q_OBJECT

    const QString m_before = beforeAfterPath("before");
    const QString m_after = beforeAfterPath("after");
    QTemporaryDir m_dir;
    QString m_cli;
    QString m_markdown;
    QString m_html;
    ComparisonTableModel m_table;

    struct Cells
    {
        QString before, after, delta;
    };

    Cells tableCells(const QString &id) const
    {
        for (int row = 0; row < m_table.rowCount(); ++row)
            if (m_table.index(row, 0).data(ComparisonTableModel::MetricIdRole).toString() == id) {
                const auto text = [&](int column) { return m_table.index(row, column).data().toString(); };
                return {text(ComparisonTableModel::Before), text(ComparisonTableModel::After),
                        text(ComparisonTableModel::Delta)};
            }
        return {};
    }

    // The text for people names a value by its tag and name, never its id: "M7  Total gap time".
    static QString tagAndName(const QString &id, const QString &between)
    {
        return QRegularExpression::escape(metricTag(id)) + between +
               QRegularExpression::escape(metricName(id));
    }

    // "M6  Mean bar duration: 1.048 µs -> 2.1 µs  Δ +1.052 µs (+100.4 %)  [decrease] regressed"
    Cells cliCells(const QString &id) const
    {
        const QRegularExpression line(
            QStringLiteral("^%1: (.*) -> (.*)  Δ (.*)  \\[").arg(tagAndName(id, QStringLiteral("  "))),
            QRegularExpression::MultilineOption);
        const QRegularExpressionMatch m = line.match(m_cli);
        return m.hasMatch() ? Cells{m.captured(1), m.captured(2), m.captured(3)} : Cells{};
    }

    // "| M7 | Total gap time | before | after | Δ | …"
    Cells markdownCells(const QString &id) const
    {
        const QRegularExpression row(QStringLiteral("^\\| %1 \\| ([^|]*) \\| ([^|]*) \\| ([^|]*) \\|")
                                         .arg(tagAndName(id, QStringLiteral(" \\| "))),
                                     QRegularExpression::MultilineOption);
        const QRegularExpressionMatch m = row.match(m_markdown);
        return m.hasMatch() ? Cells{m.captured(1), m.captured(2), m.captured(3)} : Cells{};
    }

    Cells htmlCells(const QString &id) const
    {
        const QRegularExpression row(
            QStringLiteral("<tr><td>%1</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td>")
                .arg(tagAndName(id, QStringLiteral("</td><td>"))));
        const QRegularExpressionMatch m = row.match(m_html);
        return m.hasMatch() ? Cells{m.captured(1), m.captured(2), m.captured(3)} : Cells{};
    }

    static QString readText(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString md = m_dir.filePath(QStringLiteral("review.md"));
        const QString html = m_dir.filePath(QStringLiteral("review.html"));
        const QStringList args{QStringLiteral("compare"), m_before, m_after, QStringLiteral("--technique"),
                               QStringLiteral("01a")};
        const LanescopeRun run = runLanescope(args + QStringList{QStringLiteral("-o"), md});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        m_cli = QString::fromUtf8(run.out);
        QVERIFY2(runLanescope(args + QStringList{QStringLiteral("-o"), html}).exitCode == 0, "html report");
        m_markdown = readText(md);
        m_html = readText(html);
        QVERIFY(!m_markdown.isEmpty() && !m_html.isEmpty());

        QString error;
        const auto catalogue = TechniqueCatalogue::fromFile(beforeAfterCatalogue(), &error);
        QVERIFY2(catalogue, qPrintable(error));
        const CapturePtr before = loadCapture(m_before).capture;
        const CapturePtr after = loadCapture(m_after).capture;
        QVERIFY(before && after);
        m_table.setComparison(compareCaptures(*before, computeMetrics(*before), *after,
                                              computeMetrics(*after), *catalogue, QStringLiteral("01a"), {}));
    }

    void sameText_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("after");
        QTest::newRow("mean bar duration") << "M6" << QString();
        // 22 941 µs: the table once read "22.941 µs" here.
        QTest::newRow("total gap time") << "M7.gap_total_us"
                                        << "22.941 ms";
        QTest::newRow("task count") << "M1"
                                    << "512 tasks";
    }
    void sameText()
    {
        QFETCH(QString, id);
        QFETCH(QString, after);
        const Cells table = tableCells(id);
        QVERIFY2(!table.after.isEmpty(), qPrintable(id));
        if (!after.isEmpty())
            QCOMPARE(table.after, after);
        for (const auto &[where, cells] :
             {std::pair{"compare", cliCells(id)}, std::pair{"markdown", markdownCells(id)},
              std::pair{"html", htmlCells(id)}}) {
            const QByteArray what = QByteArray(where) + ' ' + id.toUtf8();
            QVERIFY2(!cells.after.isEmpty(), what.constData());
            QCOMPARE(cells.before, table.before);
            QCOMPARE(cells.after, table.after);
            QCOMPARE(cells.delta, table.delta);
        }
    }
};

LANESCOPE_TEST_MAIN(TestMetricAgreement)
#include "tst_metricagreement.moc"
