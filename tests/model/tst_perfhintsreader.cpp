#include "model/io/companions/perfhintjoin.h"
#include "model/io/companions/perfhintsreader.h"
#include "model/io/discovery.h"
#include "model/io/json/bytesource.h"
#include "model/io/loader.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/perf_hints/") + name;
}

struct Result
{
    bool ok = false;
    PerfHints hints;
    QStringList warnings;
    ReadError error;
};

Result readFile(const QString &path)
{
    Result r;
    if (auto source = ByteSource::open(path, &r.error))
        r.ok = readPerfHints(*source, r.hints, r.warnings, &r.error);
    return r;
}

Result readText(const QByteArray &text)
{
    Result r;
    auto source = ByteSource::fromMemory(text, QStringLiteral("perf_hints.log"));
    r.ok = readPerfHints(*source, r.hints, r.warnings, &r.error);
    return r;
}

bool write(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QByteArray kPh001 =
    "[perf_hint PH001] TileInnermostDimGranularity: tile.load has innermost dim = 64B (tile fp32[16], "
    "target_memory=Mat); moves 1024B as 16 x 64B rows; recommended >= 512B for backend a2a3 (L2 cache "
    "line = 512B). Consider increasing tile shape on the innermost axis. at examples/intermediate/"
    "05_assemble.py:70:5\n";

} // namespace

class TestPerfHintsReader : public QObject
{
    Q_OBJECT

private slots:
    // Every fixture: the unique hints, the records read, the warnings and the notes.
    void fixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("hints");
        QTest::addColumn<int>("records");
        QTest::addColumn<int>("warnings");
        QTest::addColumn<int>("notes");
        QTest::newRow("current build") << "current.log" << 8 << 8 << 0 << 0;
        QTest::newRow("compiled twice into one folder") << "recompiled.log" << 8 << 16 << 0 << 0;
        QTest::newRow("older versions") << "versions.log" << 6 << 6 << 0 << 0;
        // Warnings: the broken header (a note, with its follower), bad PH001 text, no rule and so no
        // PH-MR-001 facts, the overflowing PH001, the DSA hint without a function; the WARN line is a note.
        QTest::newRow("malformed") << "malformed.log" << 4 << 4 << 6 << 3;
        QTest::newRow("empty") << "empty.log" << 0 << 0 << 0 << 0;
        // The cut record is kept as text: its message no longer matches PH001, and it has no line end.
        QTest::newRow("truncated") << "truncated.log" << 2 << 2 << 2 << 0;
    }
    void fixtures()
    {
        QFETCH(QString, file);
        QFETCH(int, hints);
        QFETCH(int, records);
        QFETCH(int, warnings);
        QFETCH(int, notes);
        const Result r = readFile(fixture(file));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(int(r.hints.hints.size()), hints);
        QCOMPARE(r.hints.records, records);
        QCOMPARE(r.warnings.size(), warnings);
        QCOMPARE(r.hints.notes.size(), notes);
        QCOMPARE(r.hints.path, fixture(file));
        for (const QString &w : r.warnings)
            QVERIFY2(w.startsWith(file + QStringLiteral(": line ")), qPrintable(w));
    }

    void currentBuild()
    {
        const Result r = readFile(fixture(QStringLiteral("current.log")));
        QVERIFY(r.ok);
        const auto counts = r.hints.countsByCode();
        QCOMPARE(counts.value(QStringLiteral("PH001")), 3);
        QCOMPARE(counts.value(QStringLiteral("PH-MR-001")), 1);
        QCOMPARE(counts.value(QStringLiteral("PH-DSA-001")), 1);
        QCOMPARE(counts.value(QStringLiteral("PH-AT-005")), 1);
        QCOMPARE(counts.value(QStringLiteral("PH-AT-008")), 1);
        QCOMPARE(counts.value(QStringLiteral("PH-ZZ-900")), 1); // unknown codes are kept

        // PH-AT-005 spans two lines; its location is the last " at " of the joined record.
        const PerfHint &at5 = r.hints.hints[1];
        QCOMPARE(at5.code, QStringLiteral("PH-AT-005"));
        QCOMPARE(at5.fileLine, 2);
        QVERIFY(at5.message.contains(u'\n'));
        QVERIFY(at5.message.endsWith(QStringLiteral("l0_tile_chooser.cpp:559")));
        QCOMPARE(at5.location.toString(), QStringLiteral("kernel.py:31:9"));

        const PerfHint &mr = r.hints.hints[2];
        QCOMPARE(mr.fileLine, 4);
        QVERIFY(mr.pipeline);
        QCOMPARE(mr.pipeline->depth, 2);
        QCOMPARE(mr.pipeline->fitted, 1);
        QCOMPARE(mr.pipeline->space, QStringLiteral("Right"));
        QCOMPARE(mr.pipeline->slotBytes, 49152);
        QCOMPARE(mr.pipeline->freeBytes, 65536);
        QCOMPARE(mr.pipeline->reservedBytes, 0);
        QCOMPARE(mr.pipeline->maxSlotBytes.value_or(-1), 32768);

        QCOMPARE(r.hints.hints[3].functionName, QStringLiteral("attn_block_aiv"));

        const PerfHint &load = r.hints.hints[4];
        QCOMPARE(load.rule, QStringLiteral("TileInnermostDimGranularity"));
        QCOMPARE(load.location.file, QStringLiteral("examples/intermediate/05_assemble.py"));
        QCOMPARE(load.location.line, 70);
        QCOMPARE(load.location.column, 5);
        QVERIFY(load.transfer);
        QCOMPARE(load.transfer->movedBytes.value_or(-1), 1024);
        QCOMPARE(r.hints.hints[5].transfer->movedBytes.value_or(-1), 2048);
        for (const PerfHint &h : r.hints.hints)
            QCOMPARE(h.copies, 1);
    }

    // A recompile appends a second copy of every record (spec A.1); both copies fold into one.
    void duplicatesFold()
    {
        const Result once = readFile(fixture(QStringLiteral("current.log")));
        const Result twice = readFile(fixture(QStringLiteral("recompiled.log")));
        QVERIFY(once.ok && twice.ok);
        QCOMPARE(twice.hints.hints.size(), once.hints.hints.size());
        for (std::size_t i = 0; i < once.hints.hints.size(); ++i) {
            QCOMPARE(twice.hints.hints[i].message, once.hints.hints[i].message);
            QCOMPARE(twice.hints.hints[i].fileLine, once.hints.hints[i].fileLine);
            QCOMPARE(twice.hints.hints[i].copies, 2);
        }
        // Records that differ only in volume are two hints (A.6's first two lines).
        QCOMPARE(twice.hints.uniqueCount(QStringLiteral("PH001")), 3);
    }

    void tileTransfer_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("parses");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<qint64>("moved"); // -1: no "moves" clause
        QTest::addColumn<qint64>("recommended");
        QTest::addColumn<qint64>("occurrences");
        const QString tail = QStringLiteral("Consider increasing tile shape on the innermost axis.");
        QTest::newRow("current") << QStringLiteral("tile.store has innermost dim = 128B (tile fp32[32], "
                                                   "target_memory=Vec); moves 4096B as 32 x 128B rows; "
                                                   "recommended >= 512B for backend a2a3 (L2 cache line = "
                                                   "512B). ") +
                                        tail
                                 << true << "fp32" << qint64(4096) << qint64(512) << qint64(1);
        QTest::newRow("1b5f6f857, with occurrences")
            << QStringLiteral("tile.load has innermost dim = 64B (tile bf16[32], target_memory=unknown); "
                              "recommended >= 128B for backend a5 (L2 cache line = 512B). ") +
                   tail + QStringLiteral(" (4 occurrences at this source location)")
            << true << "bf16" << qint64(-1) << qint64(128) << qint64(4);
        QTest::newRow("a47c2a2e4") << QStringLiteral("tile.load has innermost dim = 64B; recommended >= "
                                                     "128B for backend a5 (L2 cache line = 512B). ") +
                                          tail
                                   << true << "" << qint64(-1) << qint64(128) << qint64(1);
        QTest::newRow("no advice") << QStringLiteral("tile.load has innermost dim = 64B; recommended >= "
                                                     "128B for backend a5 (L2 cache line = 512B).")
                                   << false << "" << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("not a number") << QStringLiteral("tile.load has innermost dim = 64B; recommended >= "
                                                        "99999999999999999999B for backend a5 (L2 cache "
                                                        "line = 512B). ") +
                                             tail
                                      << false << "" << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("empty") << QString() << false << "" << qint64(0) << qint64(0) << qint64(0);
    }
    void tileTransfer()
    {
        QFETCH(QString, message);
        QFETCH(bool, parses);
        QFETCH(QString, dtype);
        QFETCH(qint64, moved);
        QFETCH(qint64, recommended);
        QFETCH(qint64, occurrences);
        const auto t = parseTileTransfer(message);
        QCOMPARE(bool(t), parses);
        if (!t)
            return;
        QCOMPARE(t->dtype, dtype);
        QCOMPARE(t->movedBytes.value_or(-1), moved);
        QCOMPARE(t->recommendedBytes, recommended);
        QCOMPARE(t->occurrences, occurrences);
    }

    void location_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("message");
        QTest::newRow("plain") << QByteArray("[perf_hint PH-X] R: m at k.py:3:4") << "k.py:3:4"
                               << "m";
        QTest::newRow("colons and spaces in the file")
            << QByteArray("[perf_hint PH-X] R: m at C:\\my dir\\k.py:3:-1") << "C:\\my dir\\k.py:3:-1"
            << "m";
        QTest::newRow("0-indexed column of old builds")
            << QByteArray("[perf_hint PH-X] R: m at k.py:3:0") << "k.py:3:0"
            << "m";
        QTest::newRow("' at ' inside the message")
            << QByteArray("[perf_hint PH-X] R: failed at x.cpp:5 at k.py:3:4") << "k.py:3:4"
            << "failed at x.cpp:5";
        QTest::newRow("no span") << QByteArray("[perf_hint PH-X] R: m") << ""
                                 << "m";
        QTest::newRow("line 0 is no span") << QByteArray("[perf_hint PH-X] R: m at k.py:0:4") << ""
                                           << "m at k.py:0:4";
        QTest::newRow("line beyond int") << QByteArray("[perf_hint PH-X] R: m at k.py:99999999999:4") << ""
                                         << "m at k.py:99999999999:4";
        QTest::newRow("CRLF") << QByteArray("[perf_hint PH-X] R: m at k.py:3:4\r\n") << "k.py:3:4"
                              << "m";
        QTest::newRow("empty code") << QByteArray("[perf_hint] R: m at k.py:3:4") << "k.py:3:4"
                                    << "m";
    }
    void location()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, where);
        QFETCH(QString, message);
        const Result r = readText(line);
        QVERIFY(r.ok);
        QCOMPARE(int(r.hints.hints.size()), 1);
        QCOMPARE(r.hints.hints[0].location.toString(), where);
        QCOMPARE(r.hints.hints[0].message, message);
        QCOMPARE(r.hints.hints[0].rule, QStringLiteral("R"));
    }

    void malformedLinesAreNamed()
    {
        const Result r = readFile(fixture(QStringLiteral("malformed.log")));
        QVERIFY(r.ok);
        QCOMPARE(r.warnings.value(0), QStringLiteral("malformed.log: line 2: not a perf hint record (no "
                                                     "[perf_hint CODE] header); kept as a note"));
        QVERIFY(r.hints.notes.value(0).startsWith(QStringLiteral("malformed.log:1: 2026-08-20")));
        QCOMPARE(r.hints.notes.value(2),
                 QStringLiteral("malformed.log:3: this line follows the broken record"));
        // The record without its rule token keeps its code.
        QCOMPARE(r.hints.hints[1].code, QStringLiteral("PH-MR-001"));
        QVERIFY(r.hints.hints[1].rule.isEmpty());
        QVERIFY(!r.hints.hints[1].pipeline);
        QCOMPARE(r.hints.hints.back().fileLine, 8);
    }

    // Bytes that are no text at all read as notes and warnings, never as a crash or a hang.
    void garbage_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("NULs") << QByteArray(4096, '\0');
        QTest::newRow("only brackets") << QByteArray(10000, '[');
        QTest::newRow("invalid UTF-8") << QByteArray("[perf_hint PH001] R: \xff\xfe at \xc3:1:1\n");
        QTest::newRow("header alone") << QByteArray("[perf_hint");
        QTest::newRow("many line ends") << QByteArray(100000, '\n');
        QTest::newRow("one long record") << (QByteArray("[perf_hint PH001] R: ") + QByteArray(1 << 20, 'x'));
    }
    void garbage()
    {
        QFETCH(QByteArray, bytes);
        const Result r = readText(bytes);
        QVERIFY(r.ok);
        QVERIFY(int(r.hints.hints.size()) <= 1);
    }

    // A.1: ../report from <output_dir>/dfx_outputs/, ../../../report from an L3 leaf; the loader
    // reads the log into the capture and names it in its sources.
    void discoveredBesideTheCapture_data()
    {
        QTest::addColumn<QString>("captureDir");
        QTest::addColumn<bool>("withLog");
        QTest::newRow("single chip") << "out/dfx_outputs" << true;
        QTest::newRow("L3 leaf") << "out/dfx_outputs/rank1/d0" << true;
        QTest::newRow("report folder, no log") << "out/dfx_outputs" << false;
    }
    void discoveredBesideTheCapture()
    {
        QFETCH(QString, captureDir);
        QFETCH(bool, withLog);
        QTemporaryDir tmp;
        const QDir d(tmp.path());
        const QString capture = d.filePath(captureDir);
        QVERIFY(write(capture + QStringLiteral("/chip_swimlane_records.json"),
                      bytesOf(QStringLiteral(LANESCOPE_FIXTURES "/records/level1_receive.json"))));
        QVERIFY(QDir().mkpath(d.filePath(QStringLiteral("out/report"))));
        if (withLog)
            QVERIFY(write(d.filePath(QStringLiteral("out/report/perf_hints.log")), kPh001 + kPh001));
        ReadError err;
        const DiscoveredFiles f = discoverCapture(capture, &err);
        QVERIFY2(!err.isSet(), qPrintable(err.toString()));
        QCOMPARE(f.reportDir, QDir::cleanPath(d.filePath(QStringLiteral("out/report"))));
        QCOMPARE(f.perfHints.isEmpty(), !withLog);

        const LoadResult loaded = loadCapture(capture);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        const Capture &c = *loaded.runs.defaultRun();
        QCOMPARE(c.info.sources.perfHints, f.perfHints);
        QVERIFY(c.perfHints.known());
        QCOMPARE(c.perfHints.uniqueCount(QStringLiteral("PH001")), withLog ? 1 : 0);
        if (withLog)
            QCOMPARE(c.perfHints.hints[0].copies, 2);
    }

    void noReportFolder()
    {
        QTemporaryDir tmp;
        const QString capture = QDir(tmp.path()).filePath(QStringLiteral("dfx_outputs"));
        QVERIFY(write(capture + QStringLiteral("/chip_swimlane_records.json"),
                      bytesOf(QStringLiteral(LANESCOPE_FIXTURES "/records/level1_receive.json"))));
        const LoadResult loaded = loadCapture(capture);
        QVERIFY(loaded.ok());
        QVERIFY(!loaded.runs.defaultRun()->perfHints.known());
        QVERIFY(loaded.runs.defaultRun()->info.sources.perfHints.isEmpty());
    }

    // B.3: through ptoas/*.pto and the name map to func ids; PH-MR-001 picks its half by space,
    // PH-DSA-001 joins by the function it names; what joins to nothing stays.
    void join_data()
    {
        QTest::addColumn<int>("hint");
        QTest::addColumn<QList<int>>("funcIds");
        QTest::newRow("PH-AT-008 at a line of two kernels") << 0 << QList<int>{1, 2};
        QTest::newRow("PH-MR-001 in Right: the cube half") << 2 << QList<int>{1};
        QTest::newRow("PH-DSA-001 by name") << 3 << QList<int>{2};
        QTest::newRow("PH001 at a line of one kernel") << 5 << QList<int>{0};
        QTest::newRow("unknown code at a line no kernel has") << 7 << QList<int>{};
    }
    void join()
    {
        QFETCH(int, hint);
        QFETCH(QList<int>, funcIds);
        Result r = readFile(fixture(QStringLiteral("current.log")));
        QVERIFY(r.ok);
        PtoLocations pto;
        addPtoLocations("module {\n"
                        "  func.func @assemble(%a: i32) {\n"
                        "    %0 = pto.load %a loc(\"examples/intermediate/05_assemble.py\":70:5)\n"
                        "  }\n"
                        "  func.func @attn_block_aic(%a: i32) {\n"
                        "    %1 = pto.matmul %a loc(\"kernel.py\":20:13)\n"
                        "    %2 = pto.alloc loc(\"kernel.py\":12:5)\n"
                        "  }\n"
                        "  func.func @attn_block_aiv(%a: i32) {\n"
                        "    %3 = pto.matmul %a loc(\"kernel.py\":20:1)\n"
                        "    %4 = pto.alloc loc(\"kernel.py\":12:5)\n"
                        "  }\n"
                        "}\n",
                        pto);
        NameMap names;
        names.names = {{0, QStringLiteral("assemble")},
                       {1, QStringLiteral("attn_block_aic")},
                       {2, QStringLiteral("attn_block_aiv")}};
        joinPerfHints(r.hints, names, pto);
        const PerfHint &h = r.hints.hints[std::size_t(hint)];
        QCOMPARE(QList<int>(h.funcIds.begin(), h.funcIds.end()), funcIds);
        QCOMPARE(h.joinedBy.isEmpty(), funcIds.isEmpty());
        QCOMPARE(r.hints.hintedFuncIds(), (QSet<int>{0, 1, 2}));
        QCOMPARE(int(r.hints.hintsOf(0).size()), 2); // both loads at 05_assemble.py:70
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestPerfHintsReader)
#include "tst_perfhintsreader.moc"
