// Hostile and broken inputs (tests/fixtures/corrupt, written by tests/fuzz/make-corrupt-corpus.py):
// every file goes through its reader directly and through loadCapture, within a time bound, and
// must give the outcome its manifest row states — a one-line error naming the file and a position,
// or data flagged partial with a warning, or a clean load.
#include "model/io/companions/depsreader.h"
#include "model/io/companions/dispatchidentityreader.h"
#include "model/io/companions/hostlogreader.h"
#include "model/io/companions/namemapreader.h"
#include "model/io/companions/perfhintsreader.h"
#include "model/io/companions/scopestatsreader.h"
#include "model/io/loader.h"
#include "model/io/records/recordsreader.h"
#include "model/io/trace/tracereader.h"
#include "sanitizerbuild.h"
#include "testmain.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

const QString kCorpus = QStringLiteral(LANESCOPE_FIXTURES "/corrupt");
// Sanitizer builds run the readers several times slower; the bound is for an optimised build.
constexpr qint64 kTimeBoundMs = 5000 * kSanitizerSlowdown;

struct Observed
{
    QString outcome; // error | partial | ok
    QString message; // the error line, or all warnings joined
    ReadError error;
};

// The reader a corpus file is for: its subdirectory, except in retained/ and windows/, where each
// file of a retained layout or of a folder of DFX windows (loaded as folders by tst_retainedlayout
// and tst_dfxwindows) is a records file or deps.json.
QString kindOf(const QString &relative)
{
    const QString kind = relative.section(QLatin1Char('/'), 0, 0);
    if (kind != QLatin1String("retained") && kind != QLatin1String("windows"))
        return kind;
    return QFileInfo(relative).fileName() == QLatin1String("deps.json") ? QStringLiteral("deps")
                                                                        : QStringLiteral("records");
}

QString joined(const QStringList &warnings)
{
    return warnings.join(QStringLiteral(" | "));
}

// Reads `path` with the reader its corpus subdirectory is for, classifying the result the way the
// loader does: false is an error; true with a kept-before-damage error, a partial flag or (for the
// line-oriented companions, which have no flag) warnings is partial.
Observed readDirect(const QString &relative)
{
    const QString path = kCorpus + QLatin1Char('/') + relative;
    const QString kind = kindOf(relative);
    Observed seen;
    ReadError &error = seen.error;
    auto source = ByteSource::open(path, &error);
    if (!source) {
        seen.outcome = QStringLiteral("error");
        seen.message = error.toString();
        return seen;
    }
    bool ok = false;
    bool partial = false;
    QStringList warnings;
    if (kind == QLatin1String("records") || kind == QLatin1String("zstd") || kind == QLatin1String("trace")) {
        Capture capture;
        ok = kind == QLatin1String("trace") ? readChromeTrace(*source, capture, &error)
                                            : readRecords(*source, capture, &error);
        partial = capture.info.partial;
        warnings = capture.info.warnings;
    } else if (kind == QLatin1String("deps")) {
        DepGraph graph;
        ok = readDeps(*source, graph, warnings, &error);
        partial = error.isSet();
    } else if (kind == QLatin1String("namemap")) {
        NameMap map;
        ok = readNameMap(*source, map, warnings, &error);
        partial = error.isSet();
    } else if (kind == QLatin1String("scopestats")) {
        ScopeStats stats;
        ok = readScopeStats(*source, stats, warnings, &error);
        partial = error.isSet() || !warnings.isEmpty(); // an error with true: data lost
    } else if (kind == QLatin1String("dispatchidentity")) {
        DispatchIdentity identity;
        ok = readDispatchIdentity(*source, identity, warnings, &error);
        partial = !warnings.isEmpty(); // a field it could not use narrows nothing
    } else if (kind == QLatin1String("hostlog")) {
        HostLog log;
        ok = readHostLog(*source, log, warnings, &error);
        partial = !warnings.isEmpty();
    } else if (kind == QLatin1String("perfhints")) {
        PerfHints hints;
        ok = readPerfHints(*source, hints, warnings, &error);
        partial = !warnings.isEmpty(); // a record it could not read, or a cut last line
    }
    if (!ok) {
        seen.outcome = QStringLiteral("error");
        seen.message = error.toString();
    } else {
        seen.outcome = partial ? QStringLiteral("partial") : QStringLiteral("ok");
        seen.message = joined(warnings);
    }
    return seen;
}

struct ManifestRow
{
    QString file;
    QString outcome;
    QString substring;
};

QList<ManifestRow> manifest()
{
    QList<ManifestRow> rows;
    QFile f(kCorpus + QStringLiteral("/manifest.tsv"));
    if (!f.open(QIODevice::ReadOnly))
        return rows;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList cols = line.split(QLatin1Char('\t'));
        rows.append(
            {cols.value(0), cols.value(1), cols.value(2) == QLatin1String("-") ? QString() : cols.value(2)});
    }
    return rows;
}

QStringList corpusFiles()
{
    QStringList files;
    QDirIterator it(kCorpus, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString rel = QDir(kCorpus).relativeFilePath(it.next());
        if (rel.contains(QLatin1Char('/')))
            files << rel;
    }
    files.sort();
    return files;
}

void checkErrorLine(const ReadError &error, const QString &fileName)
{
    const QString line = error.toString();
    QVERIFY2(!line.contains(QLatin1Char('\n')), qPrintable(line));
    QVERIFY2(line.contains(fileName), qPrintable(line));
    QVERIFY2(error.byteOffset >= 0 || error.line >= 0, qPrintable(QStringLiteral("no position: ") + line));
}

} // namespace

class TestCorruptCorpus : public QObject
{
    Q_OBJECT

private slots:
    void manifestCoversEveryFile()
    {
        const QStringList files = corpusFiles();
        QVERIFY2(files.size() >= 200, qPrintable(QString::number(files.size())));
        QStringList listed;
        for (const ManifestRow &row : manifest()) {
            QVERIFY2(row.outcome == QLatin1String("error") || row.outcome == QLatin1String("partial") ||
                         row.outcome == QLatin1String("ok"),
                     qPrintable(row.file + QStringLiteral(": bad outcome ") + row.outcome));
            listed << row.file;
        }
        listed.sort();
        QCOMPARE(listed, files);
    }

    void readerDirect_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<QString>("substring");
        for (const ManifestRow &row : manifest())
            QTest::newRow(qPrintable(row.file)) << row.file << row.outcome << row.substring;
    }

    void readerDirect()
    {
        QFETCH(QString, file);
        QFETCH(QString, outcome);
        QFETCH(QString, substring);
        QElapsedTimer timer;
        timer.start();
        const Observed seen = readDirect(file);
        QVERIFY2(timer.elapsed() < kTimeBoundMs, qPrintable(QStringLiteral("%1 ms").arg(timer.elapsed())));
        QVERIFY2(seen.outcome == outcome, qPrintable(seen.outcome + QStringLiteral(": ") + seen.message));
        QVERIFY2(seen.message.contains(substring), qPrintable(seen.message));
        if (outcome == QLatin1String("error"))
            checkErrorLine(seen.error, QFileInfo(file).fileName());
        if (outcome == QLatin1String("partial"))
            QVERIFY2(!seen.message.isEmpty(), "partial data without a warning");
    }

    // The whole loader on the same file: main files must agree with their reader; companions
    // opened alone (and files the loader cannot classify) must fail cleanly.
    void loadCaptureOnFile_data() { readerDirect_data(); }

    void loadCaptureOnFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, outcome);
        const QString path = kCorpus + QLatin1Char('/') + file;
        const QString kind = kindOf(file);
        QElapsedTimer timer;
        timer.start();
        const LoadResult result = loadCapture(path);
        if (result.ok()) // as the window does after every load
            QCOMPARE(bool(layOutAllRuns(result.runs)), result.runs.size() > 1);
        QVERIFY2(timer.elapsed() < kTimeBoundMs, qPrintable(QStringLiteral("%1 ms").arg(timer.elapsed())));
        if (!result.ok()) {
            const QString line = result.error.toString();
            QVERIFY2(!line.contains(QLatin1Char('\n')), qPrintable(line));
            QVERIFY2(line.contains(QFileInfo(file).fileName()), qPrintable(line));
        }
        const bool mainKind = kind == QLatin1String("records") || kind == QLatin1String("zstd") ||
                              kind == QLatin1String("trace") || kind == QLatin1String("scopestats");
        if (!mainKind)
            return;
        QCOMPARE(result.ok(), outcome != QLatin1String("error"));
        if (result.ok() && kind != QLatin1String("scopestats"))
            QCOMPARE(result.capture->info.partial, outcome == QLatin1String("partial"));
        // Scope stats warn about more than losses, so only one direction holds: lost data is partial.
        if (result.ok() && kind == QLatin1String("scopestats") && result.capture->info.partial)
            QCOMPARE(outcome, QStringLiteral("partial"));
    }

    // A truncated name map keeps its names but must mark the capture partial, like a truncated
    // deps.json: the reader reports the damage as a kept-before-damage error.
    void truncatedNameMapMarksCapturePartial()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(QStringLiteral(LANESCOPE_FIXTURES "/records/level1_receive.json"),
                            dir.filePath(QStringLiteral("chip_swimlane_records.json"))));
        QVERIFY(QFile::copy(kCorpus + QStringLiteral("/namemap/name_map-truncated-at-0075.json"),
                            dir.filePath(QStringLiteral("name_map_case.json"))));
        const LoadResult result = loadCapture(dir.path());
        QVERIFY2(result.ok(), qPrintable(result.error.toString()));
        QVERIFY(result.capture->info.partial);
        QVERIFY(joined(result.capture->info.warnings)
                    .contains(QLatin1String("truncated at byte 75; kept the 1 names")));
        QCOMPARE(result.capture->info.sources.nameMap, dir.filePath(QStringLiteral("name_map_case.json")));
    }

    // Scope stats that lost data (dropped samples, a partial verdict, missing buffers) keep their
    // samples and mark the capture partial, whether they are the companion or the file opened.
    void scopeStatsLossMarksCapturePartial_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<bool>("partial");
        QTest::addColumn<QString>("warning");
        QTest::newRow("published") << "v7_background_published.jsonl" << false << QString();
        QTest::newRow("partial_safe") << "v7_background_partial_safe.jsonl" << true
                                      << "collection verdict partial_safe: content incomplete";
        QTest::newRow("buf_seq gap") << "v7_buf_seq_gap.jsonl" << true << "run_epoch 1: 2 buffers missing";
        QTest::newRow("dropped") << "v6_damaged.jsonl" << true
                                 << "2 of 10 samples were dropped on the device";
    }

    void scopeStatsLossMarksCapturePartial()
    {
        QFETCH(QString, fixture);
        QFETCH(bool, partial);
        QFETCH(QString, warning);
        const QString source = QStringLiteral(LANESCOPE_FIXTURES "/scopestats/") + fixture;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("scope_stats")));
        QVERIFY(QFile::copy(QStringLiteral(LANESCOPE_FIXTURES "/records/level1_receive.json"),
                            dir.filePath(QStringLiteral("chip_swimlane_records.json"))));
        QVERIFY(QFile::copy(source, dir.filePath(QStringLiteral("scope_stats/scope_stats.jsonl"))));
        for (const QString &path : {dir.path(), source}) {
            const LoadResult result = loadCapture(path);
            QVERIFY2(result.ok(), qPrintable(result.error.toString()));
            QVERIFY(!result.capture->scopeStats.samples.empty());
            QCOMPARE(result.capture->info.partial, partial);
            if (!warning.isEmpty())
                QVERIFY2(joined(result.capture->info.warnings).contains(warning),
                         qPrintable(joined(result.capture->info.warnings)));
        }
    }

    // Prints what every corpus file gives today as manifest rows, for reviewing a regenerated
    // corpus: LANESCOPE_CORPUS_OBSERVE=1 tst_corruptcorpus observe
    void observe()
    {
        if (qEnvironmentVariableIsEmpty("LANESCOPE_CORPUS_OBSERVE"))
            QSKIP("set LANESCOPE_CORPUS_OBSERVE=1 to print the observed outcomes");
        QFile out;
        QVERIFY(out.open(stdout, QIODevice::WriteOnly));
        for (const QString &file : corpusFiles()) {
            const Observed seen = readDirect(file);
            out.write(
                QStringLiteral("%1\t%2\t%3\n").arg(file, seen.outcome, seen.message.left(160)).toUtf8());
        }
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCorruptCorpus)
#include "tst_corruptcorpus.moc"
