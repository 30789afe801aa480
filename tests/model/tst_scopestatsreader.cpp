#include "model/io/bytesource.h"
#include "model/io/scopestatsreader.h"
#include "readertesting.h"

#include <QTest>

using namespace lanescope;

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/scopestats/") + QLatin1String(name);
}

using Result = ReaderRun<ScopeStats>;

// Lambdas, so that readers with defaulted trailing parameters fit the helper.
Result readFile(const QString &path)
{
    return runReaderOnFile<ScopeStats>(path, [](ByteSource &s, ScopeStats &v, QStringList &w, ReadError *e) { return readScopeStats(s, v, w, e); });
}

Result readText(const QByteArray &text)
{
    return runReaderOnBytes<ScopeStats>(text, QStringLiteral("scope_stats.jsonl"),
                                  [](ByteSource &s, ScopeStats &v, QStringList &w, ReadError *e) { return readScopeStats(s, v, w, e); });
}

const QByteArray kMetaV6 =
    R"({"version": 6, "fatal": false, "dropped": 0, "total": 2, "task_window_max": [8, 8, 8, 8],)"
    R"( "heap_max": [64, 64, 64, 64], "dep_pool_max": [4, 4, 4, 4], "tensormap_max": 32})";

QByteArray sampleLine(const char *site, const char *phase, int ring)
{
    return QByteArray(R"({"site": ")") + site + R"(", "phase": ")" + phase + R"(", "depth": )" +
           QByteArray::number(ring) + R"(, "ring": )" + QByteArray::number(ring) +
           R"(, "task_window_start": 0, "task_window_end": 1, "heap_start": 0, "heap_end": 0, "tensormap": 0})";
}

int warningsContaining(const QStringList &warnings, const QString &needle)
{
    int n = 0;
    for (const QString &w : warnings)
        n += w.contains(needle) ? 1 : 0;
    return n;
}

} // namespace

class TestScopeStatsReader : public QObject
{
    Q_OBJECT

private slots:
    // The stray real v4 file from hw-native-sys/simpler: metadata plus one begin/end pair of the
    // executor's implicit root scope.
    void realV4File()
    {
        const Result r = readFile(fixture("scope_stats.jsonl"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.value.version, 4);
        QCOMPARE(r.value.fatal, false);
        QCOMPARE(r.value.dropped, quint64(0));
        QCOMPARE(r.value.total, quint64(2));
        QCOMPARE(r.value.taskWindowMax, (std::array<std::int64_t, 4>{16384, 16384, 16384, 16384}));
        QCOMPARE(r.value.heapMax, (std::array<std::uint64_t, 4>{268435456, 268435456, 268435456, 268435456}));
        QCOMPARE(r.value.hasDepPoolMax, false);
        QCOMPARE(r.value.depPoolMax, (std::array<std::int64_t, 4>{0, 0, 0, 0}));
        QCOMPARE(r.value.tensormapMax, qint64(65536));
        QCOMPARE(r.value.sites, QStringList{QStringLiteral("(unknown):0")});
        QCOMPARE(r.value.samples.size(), std::size_t(2));

        const ScopeSample &begin = r.value.samples[0];
        QVERIFY(begin.begin);
        QCOMPARE(begin.line, 2);
        QCOMPARE(begin.site, 0);
        QCOMPARE(int(begin.depth), 0);
        QCOMPARE(int(begin.ring), 0);
        QCOMPARE(begin.taskWindowEnd, qint64(0));
        QCOMPARE(begin.tensormap, qint64(0));
        QVERIFY(!begin.hasDepPool);

        const ScopeSample &end = r.value.samples[1];
        QVERIFY(!end.begin);
        QCOMPARE(end.line, 3);
        QCOMPARE(end.taskWindowStart, qint64(0));
        QCOMPARE(end.taskWindowEnd, qint64(1));
        QCOMPARE(end.heapEnd, quint64(0));
        QCOMPARE(end.tensormap, qint64(1));

        // The only note: v4 heap offsets wrap.
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().startsWith(QLatin1String("scope_stats.jsonl: schema v4 heap fields")));
    }

    void damagedV6File()
    {
        const Result r = readFile(fixture("v6_damaged.jsonl"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.value.version, 6);
        QCOMPARE(r.value.fatal, true);
        QCOMPARE(r.value.dropped, quint64(2));
        QCOMPARE(r.value.total, quint64(10));
        QCOMPARE(r.value.hasDepPoolMax, true);
        QCOMPARE(r.value.depPoolMax, (std::array<std::int64_t, 4>{65536, 0, 0, 0}));
        QCOMPARE(r.value.taskWindowMax, (std::array<std::int64_t, 4>{16384, 8192, 4096, 1024}));
        // Lines 2, 3, 4, 5 and 8 are kept; 6 (ring 5), 7 (not JSON) and 9 (partial) are not.
        QList<int> lines;
        for (const ScopeSample &s : r.value.samples)
            lines.append(s.line);
        QCOMPARE(lines, (QList<int>{2, 3, 4, 5, 8}));
        QCOMPARE(r.value.sites, (QStringList{"(unknown):0", "decode_layer_orchestration.cpp:42",
                                             "decode_layer_orchestration.cpp:57"}));
        const ScopeSample &scopeEnd = r.value.samples[2];
        QCOMPARE(scopeEnd.site, 1);
        QCOMPARE(int(scopeEnd.ring), 1);
        QVERIFY(scopeEnd.hasDepPool);
        QCOMPARE(scopeEnd.depPoolStart, qint64(1));
        QCOMPARE(scopeEnd.depPoolEnd, qint64(9));
        QCOMPARE(scopeEnd.heapStart, quint64(1024));
        QCOMPARE(scopeEnd.heapEnd, quint64(8192));
        QCOMPARE(scopeEnd.taskWindowStart, qint64(4));
        QCOMPARE(scopeEnd.taskWindowEnd, qint64(12));
        QCOMPARE(scopeEnd.tensormap, qint64(11));
        // The end of :57 has no begin but is kept for the analysis to judge.
        QVERIFY(!r.value.samples[3].begin);
        QCOMPARE(r.value.samples[3].site, 2);

        const QStringList expected = {
            "v6_damaged.jsonl: the device latched a fatal error; samples after it are diagnostic only",
            "v6_damaged.jsonl: 2 of 10 samples were dropped on the device",
            "v6_damaged.jsonl: 1 lines are not valid JSON objects and were skipped (first: line 7)",
            "v6_damaged.jsonl: partial last line 9 skipped (the writer was interrupted)",
            "v6_damaged.jsonl: 1 samples with a ring outside 0..3 were skipped (first: line 6)",
            "v6_damaged.jsonl: 1 end samples have no pending begin of the same ring and site (first: line 5)",
        };
        QCOMPARE(r.warnings, expected);
    }

    void versions_data()
    {
        QTest::addColumn<int>("version");
        QTest::addColumn<QString>("warning"); // empty: none
        QTest::newRow("v4") << 4 << QStringLiteral("schema v4 heap fields are ring offsets that wrap");
        QTest::newRow("v5") << 5 << QStringLiteral("schema v5 heap fields are ring offsets that wrap");
        QTest::newRow("v6") << 6 << QString();
        QTest::newRow("v7") << 7 << QStringLiteral("unknown schema version 7");
        QTest::newRow("v3") << 3 << QStringLiteral("unknown schema version 3");
    }

    void versions()
    {
        QFETCH(int, version);
        QFETCH(QString, warning);
        QByteArray meta = kMetaV6;
        meta.replace("\"version\": 6", "\"version\": " + QByteArray::number(version));
        const Result r = readText(meta + '\n' + sampleLine("a.cpp:1", "begin", 0) + '\n' +
                                  sampleLine("a.cpp:1", "end", 0) + '\n');
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.value.version, version);
        QCOMPARE(r.value.samples.size(), std::size_t(2));
        if (warning.isEmpty()) {
            QCOMPARE(r.warnings, QStringList());
        } else {
            QCOMPARE(r.warnings.size(), 1);
            QVERIFY2(r.warnings.first().contains(warning), qPrintable(r.warnings.first()));
        }
    }

    void pairingPerRingAndSite()
    {
        // LIFO per (ring, site): the same site on another ring does not close a begin.
        const QByteArray text = kMetaV6 + '\n' + sampleLine("a.cpp:1", "begin", 1) + '\n' +
                                sampleLine("a.cpp:1", "end", 2) + '\n' + sampleLine("a.cpp:1", "end", 1) +
                                '\n' + sampleLine("a.cpp:1", "end", 1) + '\n';
        const Result r = readText(text);
        QVERIFY(r.ok);
        QCOMPARE(r.value.samples.size(), std::size_t(4));
        QCOMPARE(r.value.sites, QStringList{"a.cpp:1"});
        QCOMPARE(warningsContaining(r.warnings, "2 end samples have no pending begin"), 1);
        QCOMPARE(warningsContaining(r.warnings, "(first: line 3)"), 1);
        // total 2 but four sample lines.
        QCOMPARE(warningsContaining(r.warnings,
                                    "the metadata counts 2 collected samples (total 2 - dropped 0) but the "
                                    "file holds 4 sample lines"),
                 1);
        QCOMPARE(r.warnings.size(), 2);
    }

    void toleratedLineShapes()
    {
        // CRLF line ends, blank lines, ring derived from depth, a missing phase.
        const QByteArray text = kMetaV6 + "\r\n\r\n" +
                                R"({"site": "b.cpp:9", "phase": "begin", "depth": 7, "task_window_end": 3})" +
                                "\r\n" + R"({"site": "b.cpp:9", "depth": 1, "ring": 1})" + "\r\n";
        const Result r = readText(text);
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.value.samples.size(), std::size_t(1));
        QCOMPARE(int(r.value.samples[0].ring), 3); // min(depth, 3)
        QCOMPARE(int(r.value.samples[0].depth), 7);
        QCOMPARE(r.value.samples[0].line, 3);
        QCOMPARE(r.value.samples[0].taskWindowEnd, qint64(3));
        QCOMPARE(
            warningsContaining(r.warnings,
                               "1 samples without a begin/end phase or a ring were skipped (first: line 4)"),
            1);
        QCOMPARE(r.warnings.size(), 1);
    }

    void samplesWithoutMetadata()
    {
        const Result r = readText(sampleLine("c.cpp:2", "begin", 0) + '\n' + sampleLine("c.cpp:2", "end", 0));
        QVERIFY(r.ok);
        QCOMPARE(r.value.version, 0);
        QCOMPARE(r.value.samples.size(), std::size_t(2)); // the last line lacks '\n' but is complete
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().contains(QLatin1String("line 1 is a sample, not the metadata line")));
    }

    void manyLinesAcrossChunks()
    {
        // More than one 1 MiB read: lines split across reads must still parse.
        QByteArray text = kMetaV6;
        text.replace("\"total\": 2", "\"total\": 20000");
        text += '\n';
        for (int i = 0; i < 10000; ++i)
            text += sampleLine("loop.cpp:12", "begin", 1) + '\n' + sampleLine("loop.cpp:12", "end", 1) + '\n';
        QVERIFY(text.size() > (1 << 21));
        const Result r = readText(text);
        QVERIFY(r.ok);
        QCOMPARE(r.value.samples.size(), std::size_t(20000));
        QCOMPARE(r.value.samples.back().line, 20001);
        QCOMPARE(r.warnings, QStringList());
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<qint64>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray() << qint64(-1) << QStringLiteral("empty file");
        QTest::newRow("blank lines only")
            << QByteArray("\n\n  \n") << qint64(-1) << QStringLiteral("empty file");
        QTest::newRow("not json") << QByteArray("hello\n{}\n") << qint64(1)
                                  << QStringLiteral("not scope stats: line 1");
        QTest::newRow("foreign object") << QByteArray("\n{\"traceEvents\": []}\n") << qint64(2)
                                        << QStringLiteral("has neither \"version\" nor \"site\"");
        QTest::newRow("partial metadata")
            << QByteArray("{\"version\": 6, \"fat") << qint64(1) << QStringLiteral("line 1 is truncated");
    }

    void errors()
    {
        QFETCH(QByteArray, text);
        QFETCH(qint64, line);
        QFETCH(QString, message);
        const Result r = readText(text);
        QVERIFY(!r.ok);
        QCOMPARE(r.error.file, QStringLiteral("scope_stats.jsonl"));
        QCOMPARE(r.error.line, line);
        if (line < 0)
            QCOMPARE(r.error.byteOffset, qint64(0));
        QVERIFY2(r.error.message.contains(message), qPrintable(r.error.message));
        QVERIFY(r.value.isEmpty());
        QVERIFY(r.warnings.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestScopeStatsReader)
#include "tst_scopestatsreader.moc"
