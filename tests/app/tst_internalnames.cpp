#include "beforeafterpair.h"
#include "lanescoperun.h"

#include "model/capture/labels.h"
#include "model/capture/phasevocabulary.h"
#include "model/session/capturedocument.h"
#include "model/techniques/capturecomparison.h"
#include "model/techniques/techniquecatalogue.h"
#include "testmain.h"
#include "widgets/comparison/comparisontablemodel.h"
#include "widgets/panels/reportmodel.h"
#include "widgets/panels/techniquespanel.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <map>

using namespace lanescope;

// No identifier of the code reaches a person: a value id ("M7.gap_total_us") or a snake_case key
// ("gap_pair_share", "oh_has_overhead") in any text written for people, over the bundled samples.
// Value ids stay in `--json`, which is for machines, and is not read here.
class TestInternalNames : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::map<QString, QString> m_texts; // what a person reads, by where it is read
    QSet<QString> m_capturesOwn;        // names the captures themselves carry

    // Words that look like identifiers and are not the program's: each is what the user writes or
    // reads elsewhere under that very name.
    static const QSet<QString> &genuine()
    {
        static const QSet<QString> words{
            QStringLiteral("enable_dep_gen"),      // the capture option the user sets (R0b)
            QStringLiteral("enable_scope_stats"),  // the capture option the user sets (R8b)
            QStringLiteral("allow_early_resolve"), // the PyPTO flag technique 02c asks for
            QStringLiteral("host_wall_us"),        // fields of the runner's benchmark output, which
            QStringLiteral("device_wall_us"),      // page 06's checks ask the user to compare
        };
        return words;
    }

    // The names a capture brings with it: its kernels, its scheduler phases, its runtime and its
    // files. A bar
    // called "tile_matmul" is the user's kernel, not an identifier of ours; an SPMD task's bar is
    // its kernel's name with "_spmd", as the reference converter labels it.
    void collectOwnNames(const Capture &c)
    {
        for (const TaskRow &r : c.rows) {
            const QString kernel = functionName(r.funcId, c.names);
            m_capturesOwn.insert(kernel);
            m_capturesOwn.insert(kernel + QStringLiteral("_spmd"));
        }
        for (qsizetype k = 0; k < c.phaseKinds.size(); ++k)
            m_capturesOwn.insert(c.phaseKinds.at(std::uint32_t(k)));
        // The runtime's own name ("tensormap_and_ringbuffer"), as the file info reports it.
        if (!c.info.runtime.isEmpty())
            m_capturesOwn.insert(c.info.runtime);
        const CaptureSources &s = c.info.sources;
        for (const QString &path :
             {s.records, s.deps, s.nameMap, s.scopeStats, s.hostLog, s.dispatchIdentity, s.perfHints})
            if (!path.isEmpty())
                m_capturesOwn.insert(QFileInfo(path).completeBaseName());
    }

    static QString readText(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    static QString cli(const QStringList &args)
    {
        const LanescopeRun run = runLanescope(args);
        return run.exitCode == 0 ? QString::fromUtf8(run.out) : QString();
    }

    // Every cell and header a model shows, depth first.
    static QString modelText(const QAbstractItemModel &model, const QModelIndex &parent = {})
    {
        QString text;
        for (int column = 0; !parent.isValid() && column < model.columnCount(); ++column)
            text += model.headerData(column, Qt::Horizontal).toString() + u'\n';
        for (int row = 0; row < model.rowCount(parent); ++row) {
            for (int column = 0; column < model.columnCount(parent); ++column) {
                const QModelIndex i = model.index(row, column, parent);
                text +=
                    i.data(Qt::DisplayRole).toString() + u'\n' + i.data(Qt::ToolTipRole).toString() + u'\n';
            }
            text += modelText(model, model.index(row, 0, parent));
        }
        return text;
    }

    static QString suggestionText(const std::vector<Suggestion> &suggestions)
    {
        QString text;
        for (const Suggestion &s : suggestions) {
            text += s.title + u'\n' + s.text + u'\n' + s.evidence.label + u'\n';
            for (const SuggestionNumber &n : s.numbers)
                text += n.text() + u'\n';
        }
        return text;
    }

    static QString laneText(const Capture &c)
    {
        QString text;
        for (const Lane &lane : c.lanes)
            text += lane.group + u'\n' + lane.name + u'\n' + lane.detail + u'\n';
        for (const CounterTrack &t : c.counters)
            text += t.group + u'\n' + t.name + u'\n' + t.series + u'\n' + t.note + u'\n';
        return text;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The runtime's scheduler phases ("async_poll", "early_dispatch") name the scheduler's bars and
        // the Part 5 budget in the reference's own words, whichever of them a capture holds.
        for (const SchedulerProducer producer : {SchedulerProducer::Aicpu, SchedulerProducer::Aicore})
            for (const QString &phase : phaseVocabulary(producer))
                m_capturesOwn.insert(phase);
        const QString before = beforeAfterPath("before"), after = beforeAfterPath("after");
        const QString sample = QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");

        // The command line's text, its reports (the HTML's markup and pictures are not text) and info.
        m_texts[QStringLiteral("compare text, general")] = cli({QStringLiteral("compare"), before, after});
        const QStringList technique{QStringLiteral("compare"), before, after, QStringLiteral("--technique"),
                                    QStringLiteral("01a")};
        m_texts[QStringLiteral("compare text, 01a")] = cli(technique);
        const QString md = m_dir.filePath(QStringLiteral("review.md"));
        const QString html = m_dir.filePath(QStringLiteral("review.html"));
        QVERIFY(!cli(technique + QStringList{QStringLiteral("-o"), md}).isEmpty());
        QVERIFY(!cli(technique + QStringList{QStringLiteral("-o"), html}).isEmpty());
        m_texts[QStringLiteral("markdown report")] = readText(md);
        static const QRegularExpression markup(QStringLiteral("<style>[^<]*</style>|<[^>]*>"));
        m_texts[QStringLiteral("html report")] = readText(html).replace(markup, QStringLiteral(" "));
        m_texts[QStringLiteral("info text, sample-l4")] = cli({QStringLiteral("info"), sample});
        m_texts[QStringLiteral("info text, before")] = cli({QStringLiteral("info"), before});

        // The window's words, over the same captures as the window opens them.
        QString error;
        const auto loaded = TechniqueCatalogue::fromFile(beforeAfterCatalogue(), &error);
        QVERIFY2(loaded, qPrintable(error));
        const auto catalogue = std::make_shared<const TechniqueCatalogue>(*loaded);
        std::map<QString, std::pair<CapturePtr, CaptureAnalysisPtr>> runs;
        for (const auto &[name, path] :
             {std::pair{QStringLiteral("sample-l4"), sample}, std::pair{QStringLiteral("before"), before},
              std::pair{QStringLiteral("after"), after}}) {
            const OpenedDocument opened = openDocument(path);
            QVERIFY2(opened.ok(), qPrintable(path));
            const CapturePtr run = opened.document->runs.runs.back();
            collectOwnNames(*run);
            runs[name] = {run, std::make_shared<const CaptureAnalysis>(analyseRun(*opened.document, *run))};
            m_texts[QStringLiteral("suggestions, ") + name] = suggestionText(runs[name].second->suggestions);
            m_texts[QStringLiteral("timeline lanes, ") + name] = laneText(*run);
            ReportModel report;
            report.setAnalysis(run, runs[name].second);
            m_texts[QStringLiteral("report panel, ") + name] = modelText(report);
        }

        // The comparison table for the general set and every technique: every metric value's name.
        const auto &[b, ba] = runs[QStringLiteral("before")];
        const auto &[a, aa] = runs[QStringLiteral("after")];
        QStringList ids{QStringLiteral("general")};
        for (const Technique &t : catalogue->techniques())
            ids << t.id;
        QString table, details;
        TechniquesPanel panel(catalogue);
        for (const QString &id : ids) {
            ComparisonTableModel model;
            model.setComparison(compareCaptures(*b, ba->metrics, *a, aa->metrics, *catalogue, id));
            table += modelText(model);
            if (panel.showTechnique(id))
                details += panel.detailsBrowser()->toPlainText() + u'\n';
        }
        m_texts[QStringLiteral("comparison table, every technique")] = table;
        m_texts[QStringLiteral("techniques panel, every technique")] = details;
    }

    void noInternalIdentifier_data()
    {
        QTest::addColumn<QString>("where");
        for (const char *where :
             {"compare text, general", "compare text, 01a", "markdown report", "html report",
              "info text, sample-l4", "info text, before", "suggestions, sample-l4", "suggestions, before",
              "suggestions, after", "timeline lanes, sample-l4", "timeline lanes, before",
              "report panel, sample-l4", "report panel, before", "comparison table, every technique",
              "techniques panel, every technique"})
            QTest::newRow(where) << QString::fromLatin1(where);
    }
    void noInternalIdentifier()
    {
        QFETCH(QString, where);
        QString text = m_texts[where];
        QVERIFY2(!text.trimmed().isEmpty(), "nothing was written");
        // A file's name is what the user finds on disk: "scope_stats.jsonl", "report/perf_hints.log".
        static const QRegularExpression fileName(
            QStringLiteral("[\\w./-]+\\.(json|jsonl|log|md|html|png|svg)\\b"));
        text.replace(fileName, QStringLiteral(" "));
        static const QRegularExpression identifier(
            QStringLiteral("\\bM\\d+\\.[A-Za-z_]\\w*|\\b[a-z]+(_[a-z0-9]+)+\\b"));
        QStringList leaks;
        for (auto it = identifier.globalMatch(text); it.hasNext();) {
            const QString token = it.next().captured(0);
            if (!genuine().contains(token) && !m_capturesOwn.contains(token) && !leaks.contains(token))
                leaks << token;
        }
        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(QStringLiteral(", "))));
    }

    // The rule a number is held against reads in the number's unit: a share beside a percentage
    // threshold, never "2.9 % (rule: < 0.8)".
    void thresholdsInTheValuesUnit()
    {
        static const QRegularExpression mixed(QStringLiteral("%\\s*\\(rule: [^)%]*\\d\\)"));
        for (const QString &where :
             {QStringLiteral("suggestions, sample-l4"), QStringLiteral("suggestions, before"),
              QStringLiteral("suggestions, after")}) {
            const QRegularExpressionMatch m = mixed.match(m_texts[where]);
            QVERIFY2(!m.hasMatch(), qPrintable(where + QStringLiteral(": ") + m.captured(0)));
        }
    }
};

LANESCOPE_TEST_MAIN(TestInternalNames)
#include "tst_internalnames.moc"
