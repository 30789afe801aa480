#include "model/io/companions/scopestatsreader.h"
#include "model/io/json/bytesource.h"
#include "readertesting.h"
#include "testmain.h"

#include <QHash>

#include <algorithm>
#include <atomic>

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
    return runReaderOnFile<ScopeStats>(path, [](ByteSource &s, ScopeStats &v, QStringList &w, ReadError *e) {
        return readScopeStats(s, v, w, e);
    });
}

Result readText(const QByteArray &text)
{
    return runReaderOnBytes<ScopeStats>(text, QStringLiteral("scope_stats.jsonl"),
                                        [](ByteSource &s, ScopeStats &v, QStringList &w, ReadError *e) {
                                            return readScopeStats(s, v, w, e);
                                        });
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
        QCOMPARE(r.value.format, ScopeStatsFormat::Versioned);
        QVERIFY(r.value.heapOffsetsWrap());
        QVERIFY(!r.error.isSet()); // nothing lost
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
        QVERIFY(!begin.hasRunEpoch);
        QVERIFY(!begin.hasBufSeq);

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
        // Dropped samples are a loss: the data is partial, pointing at the metadata line.
        QCOMPARE(r.error.line, qint64(1));
        QCOMPARE(r.error.message, QStringLiteral("2 of 10 samples were dropped on the device"));
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

    // The current writer's default path (supplement §9.1, §9.3): 7 keys, no "version"; samples
    // stamped with run_epoch and buf_seq.
    void unversionedDefaultPath()
    {
        const Result r = readFile(fixture("v7_default.jsonl"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QVERIFY2(!r.error.isSet(), qPrintable(r.error.toString()));
        QCOMPARE(r.warnings, QStringList());
        const ScopeStats &v = r.value;
        QCOMPARE(v.format, ScopeStatsFormat::Unversioned);
        QCOMPARE(v.version, 0);
        QVERIFY(v.hasMetadata());
        QVERIFY(!v.isEmpty());
        QVERIFY(!v.heapOffsetsWrap()); // monotonic cumulative bytes
        QVERIFY(!v.lacksDepPool());
        QCOMPARE(v.total, quint64(6));
        QCOMPARE(v.taskWindowMax, (std::array<std::int64_t, 4>{8, 4, 8, 8}));
        QCOMPARE(v.heapMax, (std::array<std::uint64_t, 4>{1000, 1000, 1000, 1000}));
        QVERIFY(v.hasDepPoolMax);
        QCOMPARE(v.depPoolMax, (std::array<std::int64_t, 4>{100, 100, 100, 100}));
        QCOMPARE(v.tensormapMax, qint64(64));
        QCOMPARE(v.verdict, CollectionVerdict::None);
        QVERIFY(!v.countsUnknown && !v.hostReceivedRecords && !v.hostRetainedRecords);
        QCOMPARE(v.samples.size(), std::size_t(6));
        QList<quint64> bufSeqs;
        for (const ScopeSample &s : v.samples) {
            QVERIFY(s.hasRunEpoch && s.hasBufSeq);
            QCOMPARE(s.runEpoch, 1u);
            bufSeqs << s.bufSeq;
        }
        QCOMPARE(bufSeqs, (QList<quint64>{0, 0, 1, 1, 2, 2}));
        QCOMPARE(v.samples[3].heapEnd, quint64(500));
        QCOMPARE(v.samples[3].depPoolEnd, qint64(4));
    }

    // Line 1 is metadata by its keys alone; a line with a sample's keys is a sample.
    void metadataRecognisedByKeys_data()
    {
        QTest::addColumn<QByteArray>("line1");
        QTest::addColumn<int>("format");
        QTest::newRow("7 keys")
            << QByteArray(
                   R"({"fatal": false, "dropped": 0, "total": 2, "task_window_max": [8, 8, 8, 8], "heap_max": [64, 64, 64, 64], "dep_pool_max": [4, 4, 4, 4], "tensormap_max": 32})")
            << int(ScopeStatsFormat::Unversioned);
        QTest::newRow("total only") << QByteArray(R"({"total": 2})") << int(ScopeStatsFormat::Unversioned);
        QTest::newRow("verdict only")
            << QByteArray(R"({"collection_verdict": "published"})") << int(ScopeStatsFormat::Unversioned);
        QTest::newRow("versioned") << QByteArray(R"({"version": 6, "total": 2})")
                                   << int(ScopeStatsFormat::Versioned);
        QTest::newRow("a sample") << sampleLine("a.cpp:1", "begin", 0) << int(ScopeStatsFormat::None);
    }

    void metadataRecognisedByKeys()
    {
        QFETCH(QByteArray, line1);
        QFETCH(int, format);
        const Result r = readText(line1 + '\n' + sampleLine("a.cpp:1", "end", 0) + '\n');
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(int(r.value.format), format);
        QCOMPARE(r.value.samples.size(), std::size_t(format == int(ScopeStatsFormat::None) ? 2 : 1));
    }

    // Background mode (supplement §9.2, §5.3): anything but published is a loss, named with its counters.
    void collectionVerdicts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<bool>("countsUnknown");
        QTest::addColumn<quint64>("received");
        QTest::addColumn<quint64>("retained");
        QTest::addColumn<QString>("warning"); // empty: none, and not partial
        QTest::newRow("published") << "v7_background_published.jsonl" << int(CollectionVerdict::Published)
                                   << false << quint64(6) << quint64(6) << QString();
        QTest::newRow("partial_safe")
            << "v7_background_partial_safe.jsonl" << int(CollectionVerdict::PartialSafe) << false
            << quint64(6) << quint64(4)
            << "v7_background_partial_safe.jsonl: collection verdict partial_safe: content incomplete (host "
               "received 6, "
               "host retained 4, dropped 0, total 6)";
        QTest::newRow("partial_cut_unknown")
            << "v7_background_partial_cut_unknown.jsonl" << int(CollectionVerdict::PartialCutUnknown) << true
            << quint64(5) << quint64(5)
            << "v7_background_partial_cut_unknown.jsonl: collection verdict partial_cut_unknown: "
               "completeness unknown "
               "(counts unknown, host received 5, host retained 5, dropped 0, total 7)";
    }

    void collectionVerdicts()
    {
        QFETCH(QString, file);
        QFETCH(int, verdict);
        QFETCH(bool, countsUnknown);
        QFETCH(quint64, received);
        QFETCH(quint64, retained);
        QFETCH(QString, warning);
        const Result r = readFile(fixture(qPrintable(file)));
        QVERIFY(r.ok);
        QCOMPARE(int(r.value.verdict), verdict);
        QCOMPARE(r.value.countsUnknown, std::optional<bool>(countsUnknown));
        QCOMPARE(r.value.hostReceivedRecords, std::optional<std::uint64_t>(received));
        QCOMPARE(r.value.hostRetainedRecords, std::optional<std::uint64_t>(retained));
        QCOMPARE(r.value.samples.size(), std::size_t(retained)); // the file holds what the host kept
        if (warning.isEmpty()) {
            QCOMPARE(r.warnings, QStringList());
            QVERIFY(!r.error.isSet());
            return;
        }
        QCOMPARE(r.warnings, QStringList{warning});
        QVERIFY(r.error.isSet()); // partial
        QCOMPARE(r.error.line, qint64(1));
        QVERIFY(warning.endsWith(r.error.message));
    }

    void unknownVerdictIsPartial_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("shown");
        QTest::newRow("quarantined") << QByteArray(R"("quarantined")")
                                     << QStringLiteral("collection verdict \"quarantined\" is not");
        QTest::newRow("not a string")
            << QByteArray("7")
            << QStringLiteral("collection verdict is not a string (7): completeness unknown");
        QTest::newRow("uppercase") << QByteArray(R"("PUBLISHED")")
                                   << QStringLiteral("collection verdict \"PUBLISHED\" is not");
    }

    void unknownVerdictIsPartial()
    {
        QFETCH(QByteArray, value);
        QFETCH(QString, shown);
        const Result r = readText(R"({"fatal": false, "dropped": 0, "total": 1, "collection_verdict": )" +
                                  value + "}\n" + sampleLine("a.cpp:1", "begin", 0) + '\n');
        QVERIFY(r.ok);
        QCOMPARE(r.value.verdict, CollectionVerdict::Unrecognised);
        QCOMPARE(warningsContaining(r.warnings, shown), 1);
        QVERIFY(r.error.isSet());
    }

    void damagedBackgroundCountersAreIgnored()
    {
        const Result r = readText(
            R"({"total": 1, "counts_unknown": "no", "host_received_records": -2, "host_retained_records": 1})"
            "\n" +
            sampleLine("a.cpp:1", "begin", 0) + '\n');
        QVERIFY(r.ok);
        QVERIFY(!r.value.countsUnknown);
        QVERIFY(!r.value.hostReceivedRecords);
        QCOMPARE(r.value.hostRetainedRecords, std::optional<std::uint64_t>(1));
        QCOMPARE(r.warnings, QStringList{"scope_stats.jsonl: line 1: ignored counts_unknown (not a boolean), "
                                         "host_received_records (not a non-negative integer)"});
    }

    // Lost buffers show as a jump of buf_seq within a run (supplement §9.3, §9.4).
    void bufSeqGapIsALoss()
    {
        const Result r = readFile(fixture("v7_buf_seq_gap.jsonl"));
        QVERIFY(r.ok);
        QCOMPARE(r.value.samples.size(), std::size_t(6));
        const QString loss =
            QStringLiteral("run_epoch 1: 2 buffers missing (buf_seq jumps from 1 to 4 at line 6)");
        QCOMPARE(r.warnings, QStringList{QStringLiteral("v7_buf_seq_gap.jsonl: ") + loss});
        QCOMPARE(r.error.line, qint64(6));
        QCOMPARE(r.error.message, loss);
    }

    void bufSeqGapsPerRun_data()
    {
        QTest::addColumn<QList<int>>("epochs"); // -1: no run_epoch key
        QTest::addColumn<QList<int>>("bufSeqs");
        QTest::addColumn<QStringList>("warnings");
        QTest::newRow("consecutive") << QList<int>{1, 1, 1, 1} << QList<int>{5, 5, 6, 7} << QStringList{};
        QTest::newRow("runs restart") << QList<int>{1, 1, 2, 2} << QList<int>{0, 1, 0, 1} << QStringList{};
        QTest::newRow("interleaved runs continue")
            << QList<int>{1, 2, 1, 2} << QList<int>{0, 1, 1, 2} << QStringList{};
        QTest::newRow("one run has a gap")
            << QList<int>{1, 2, 1, 2} << QList<int>{0, 0, 1, 3}
            << QStringList{
                   "scope_stats.jsonl: run_epoch 2: 2 buffers missing (buf_seq jumps from 0 to 3 at line 5)"};
        QTest::newRow("two gaps") << QList<int>{4, 4, 4} << QList<int>{0, 2, 5}
                                  << QStringList{"scope_stats.jsonl: run_epoch 4: 3 buffers missing (2 gaps; "
                                                 "the first: buf_seq jumps from 0 "
                                                 "to 2 at line 3)"};
        QTest::newRow("without run_epoch") << QList<int>{-1, -1} << QList<int>{0, 2}
                                           << QStringList{"scope_stats.jsonl: the samples without run_epoch: "
                                                          "1 buffers missing (buf_seq jumps from 0 "
                                                          "to 2 at line 3)"};
        QTest::newRow("out of order")
            << QList<int>{1, 1, 1, 1} << QList<int>{1, 1, 0, 2}
            << QStringList{
                   "scope_stats.jsonl: run_epoch 1 is not in buf_seq order (first out of order: line 4); its "
                   "samples are read in buf_seq order"};
    }

    void bufSeqGapsPerRun()
    {
        QFETCH(QList<int>, epochs);
        QFETCH(QList<int>, bufSeqs);
        QFETCH(QStringList, warnings);
        QByteArray text = QByteArray(R"({"fatal": false, "dropped": 0, "total": )") +
                          QByteArray::number(epochs.size()) + "}\n";
        QHash<int, int> seen; // begin and end alternate within each run, so every end pairs
        for (int i = 0; i < epochs.size(); ++i) {
            QByteArray line = sampleLine("a.cpp:1", seen[epochs[i]]++ % 2 ? "end" : "begin", 0);
            line.chop(1);
            if (epochs[i] >= 0)
                line += ", \"run_epoch\": " + QByteArray::number(epochs[i]);
            text += line + ", \"buf_seq\": " + QByteArray::number(bufSeqs[i]) + "}\n";
        }
        const Result r = readText(text);
        QVERIFY(r.ok);
        QCOMPARE(r.warnings, warnings);
        const bool lost = std::any_of(warnings.begin(), warnings.end(),
                                      [](const QString &w) { return w.contains("missing"); });
        QCOMPARE(r.error.isSet(), lost);
    }

    // Within a run, samples are read in buf_seq order, file order inside a buffer; other runs and
    // samples without buf_seq keep their places.
    void samplesAreOrderedByBufSeqWithinARun()
    {
        QByteArray text = R"({"total": 5})"
                          "\n";
        const int epochs[] = {1, 2, 1, 1, 1};
        const int bufs[] = {1, 0, 0, 0, -1};
        for (int i = 0; i < 5; ++i) {
            QByteArray line = sampleLine("a.cpp:1", "begin", 0);
            line.chop(1);
            line += ", \"run_epoch\": " + QByteArray::number(epochs[i]);
            if (bufs[i] >= 0)
                line += ", \"buf_seq\": " + QByteArray::number(bufs[i]);
            text += line + "}\n";
        }
        const Result r = readText(text);
        QVERIFY(r.ok);
        QList<int> lines;
        for (const ScopeSample &s : r.value.samples)
            lines << s.line;
        // Run 1's buffered samples (lines 2, 4, 5) fill run 1's places in buf_seq order: 4, 5, 2.
        QCOMPARE(lines, (QList<int>{4, 3, 5, 2, 6}));
        QCOMPARE(warningsContaining(r.warnings,
                                    "run_epoch 1 is not in buf_seq order (first out of order: line 4)"),
                 1);
        QVERIFY(!r.error.isSet()); // reordering loses nothing
    }

    void damagedRunIdentity_data()
    {
        QTest::addColumn<QByteArray>("fields");
        QTest::addColumn<bool>("hasRunEpoch");
        QTest::addColumn<bool>("hasBufSeq");
        QTest::addColumn<QString>("warning");
        const QString badEpoch =
            QStringLiteral("1 samples have a run_epoch that is not an integer in 0..4294967295 and "
                           "were read without a run (first: line 2)");
        const QString badSeq = QStringLiteral("1 samples have a buf_seq that is not a non-negative integer");
        QTest::newRow("epoch negative")
            << QByteArray(R"("run_epoch": -1, "buf_seq": 0)") << false << true << badEpoch;
        QTest::newRow("epoch 2^32") << QByteArray(R"("run_epoch": 4294967296, "buf_seq": 0)") << false << true
                                    << badEpoch;
        QTest::newRow("epoch beyond 2^64")
            << QByteArray(R"("run_epoch": 18446744073709551616, "buf_seq": 0)") << false << true << badEpoch;
        QTest::newRow("epoch string")
            << QByteArray(R"("run_epoch": "1", "buf_seq": 0)") << false << true << badEpoch;
        QTest::newRow("epoch bool") << QByteArray(R"("run_epoch": true, "buf_seq": 0)") << false << true
                                    << badEpoch;
        QTest::newRow("epoch max") << QByteArray(R"("run_epoch": 4294967295, "buf_seq": 0)") << true << true
                                   << QString();
        QTest::newRow("seq float") << QByteArray(R"("run_epoch": 1, "buf_seq": 1.5)") << true << false
                                   << badSeq;
        QTest::newRow("seq negative")
            << QByteArray(R"("run_epoch": 1, "buf_seq": -3)") << true << false << badSeq;
        QTest::newRow("seq null") << QByteArray(R"("run_epoch": 1, "buf_seq": null)") << true << false
                                  << badSeq;
        QTest::newRow("seq max") << QByteArray(R"("run_epoch": 1, "buf_seq": 18446744073709551615)") << true
                                 << true << QString();
    }

    void damagedRunIdentity()
    {
        QFETCH(QByteArray, fields);
        QFETCH(bool, hasRunEpoch);
        QFETCH(bool, hasBufSeq);
        QFETCH(QString, warning);
        QByteArray line = sampleLine("a.cpp:1", "begin", 0);
        line.chop(1);
        const Result r = readText(QByteArray(R"({"total": 1})") + '\n' + line + ", " + fields + "}\n");
        QVERIFY(r.ok);
        QCOMPARE(r.value.samples.size(),
                 std::size_t(1)); // a damaged identity costs the identity, not the sample
        QCOMPARE(r.value.samples[0].hasRunEpoch, hasRunEpoch);
        QCOMPARE(r.value.samples[0].hasBufSeq, hasBufSeq);
        if (warning.isEmpty())
            QCOMPARE(r.warnings, QStringList());
        else
            QCOMPARE(warningsContaining(r.warnings, warning), 1);
    }

    // Many runs with gaps are summed up, not listed without end.
    void runMessagesAreBounded()
    {
        QByteArray text = R"({"total": 60})"
                          "\n";
        for (int run = 0; run < 30; ++run)
            for (int seq : {0, 2}) {
                QByteArray line = sampleLine("a.cpp:1", seq ? "end" : "begin", 0);
                line.chop(1);
                text += line + ", \"run_epoch\": " + QByteArray::number(run) +
                        ", \"buf_seq\": " + QByteArray::number(seq) + "}\n";
            }
        const Result r = readText(text);
        QVERIFY(r.ok);
        QCOMPARE(warningsContaining(r.warnings, "buffers missing (buf_seq jumps"), 8);
        QCOMPARE(warningsContaining(r.warnings, "22 more runs have buf_seq gaps (22 buffers missing)"), 1);
        QCOMPARE(r.warnings.size(), 9);
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
        QCOMPARE(r.value.format, ScopeStatsFormat::None);
        QVERIFY(!r.value.hasMetadata());
        QVERIFY(!r.value.isEmpty());
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

    void cancellation_data()
    {
        QTest::addColumn<bool>("cancelled");
        QTest::newRow("cancelled: nothing kept") << true;
        QTest::newRow("not cancelled: read whole") << false;
    }

    void cancellation()
    {
        QFETCH(bool, cancelled);
        std::atomic<bool> cancel{cancelled};
        LoadControl control;
        control.cancel = &cancel;
        const QByteArray text = kMetaV6 + '\n' + sampleLine("loop.cpp:12", "begin", 1) + '\n' +
                                sampleLine("loop.cpp:12", "end", 1) + '\n';
        const Result r =
            runReaderOnBytes<ScopeStats>(text, QStringLiteral("scope_stats.jsonl"),
                                         [&](ByteSource &s, ScopeStats &v, QStringList &w, ReadError *e) {
                                             return readScopeStats(s, v, w, e, &control);
                                         });
        QCOMPARE(r.ok, !cancelled);
        QCOMPARE(r.value.samples.size(), cancelled ? std::size_t(0) : std::size_t(2));
        QCOMPARE(r.error.message.contains(QLatin1String("cancelled")), cancelled);
        if (cancelled)
            QCOMPARE(r.error.file, QStringLiteral("scope_stats.jsonl"));
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
        QTest::newRow("foreign object")
            << QByteArray("\n{\"traceEvents\": []}\n") << qint64(2)
            << QStringLiteral("has neither a metadata key (\"version\", \"total\", …) nor \"site\"");
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

LANESCOPE_TEST_GUILESS_MAIN(TestScopeStatsReader)
#include "tst_scopestatsreader.moc"
