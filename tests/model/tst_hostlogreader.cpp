#include "model/io/companions/hostlogreader.h"
#include "model/io/json/bytesource.h"
#include "readertesting.h"
#include "testmain.h"

using namespace lanescope;

namespace {

using Result = ReaderRun<HostLog>;

// Lambdas, so that readers with defaulted trailing parameters fit the helper.
Result readFile(const QString &path)
{
    return runReaderOnFile<HostLog>(path, [](ByteSource &s, HostLog &v, QStringList &w, ReadError *e) {
        return readHostLog(s, v, w, e);
    });
}

Result readText(const QByteArray &text)
{
    return runReaderOnBytes<HostLog>(
        text, QStringLiteral("run.log"),
        [](ByteSource &s, HostLog &v, QStringList &w, ReadError *e) { return readHostLog(s, v, w, e); });
}

using Attributes = QList<QPair<QString, QString>>;

QByteArray record(const QByteArray &name, const QByteArray &extra = {})
{
    return "[STRACE] v=1 pid=7 tid=8 inv=2 hid=beef depth=1 name=" + name + " ts=100 dur=5" + extra;
}

} // namespace

class TestHostLogReader : public QObject
{
    Q_OBJECT

private slots:
    void fixtureLog()
    {
        const Result r = readFile(QStringLiteral(LANESCOPE_FIXTURES "/hostlog/strace.log"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.value.recordHeads, qint64(9));
        QCOMPARE(r.value.tornRecords, qint64(2));
        QCOMPARE(r.value.spans.size(), std::size_t(7));

        QStringList names;
        QList<int> lines;
        for (const HostSpan &s : r.value.spans) {
            names.append(s.name);
            lines.append(s.line);
        }
        QCOMPARE(names,
                 (QStringList{"chip.run.bind", "chip.run.runner_run.device_wall", "chip.run", "chip.run",
                              "node.dispatch", "ext.my/producer.span~", "chip.run.validate"}));
        QCOMPARE(lines, (QList<int>{3, 4, 5, 6, 6, 7, 7}));

        const HostSpan &bind = r.value.spans[0];
        QCOMPARE(bind.pid, qint64(4242));
        QCOMPARE(bind.tid, qint64(4243));
        QCOMPARE(bind.inv, qint64(0));
        QCOMPARE(bind.hid, QStringLiteral("9f3a"));
        QCOMPARE(bind.depth, 1);
        QCOMPARE(bind.tsNs, qint64(1100));
        QCOMPARE(bind.durNs, qint64(300));
        QCOMPARE(bind.deviceClock, false);
        QCOMPARE(bind.attributes, (Attributes{{"ntensor", "4"}}));

        const HostSpan &deviceWall = r.value.spans[1];
        QCOMPARE(deviceWall.deviceClock, true);
        QCOMPARE(deviceWall.tsNs, qint64(50));
        QCOMPARE(deviceWall.durNs, qint64(900));
        QVERIFY(deviceWall.attributes.isEmpty()); // clk is a flag, not an attribute

        QCOMPARE(r.value.spans[2].attributes, (Attributes{{"run_id", "r=1 a"}}));

        // Two records on line 6, the first one ended by the next log prefix.
        QCOMPARE(r.value.spans[3].pid, qint64(4300));
        QCOMPARE(r.value.spans[3].durNs, qint64(10));
        QVERIFY(r.value.spans[3].attributes.isEmpty());
        QCOMPARE(r.value.spans[4].pid, qint64(4301));
        QCOMPARE(r.value.spans[4].attributes, (Attributes{{"worker_id", "3"}}));

        // Two records on line 7, the first one ended by the next [STRACE].
        QCOMPARE(r.value.spans[5].tsNs, qint64(5001));
        QCOMPARE(r.value.spans[5].durNs, qint64(2));
        QCOMPARE(r.value.spans[6].tsNs, qint64(5008));

        QCOMPARE(r.warnings,
                 QStringList{"strace.log: 2 of 9 [STRACE] records are torn (interleaved or cut writes) and "
                             "were skipped (first on line 8)"});
    }

    void records_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("name");
        QTest::addColumn<Attributes>("attributes");
        QTest::addColumn<bool>("deviceClock");

        QTest::newRow("bare record") << record("chip.run") << "chip.run" << Attributes{} << false;
        QTest::newRow("after a log prefix")
            << "[mono_ns=1][T0x1][TIMING] f: " + record("a.b") << "a.b" << Attributes{} << false;
        QTest::newRow("utf-8 escapes")
            << record("k%C3%A9rnel") << QStringLiteral("k\u00e9rnel") << Attributes{} << false;
        QTest::newRow("bad escapes kept") << record("a%zzb%4") << "a%zzb%4" << Attributes{} << false;
        QTest::newRow("truncation mark kept")
            << record("very.long.na~") << "very.long.na~" << Attributes{} << false;
        QTest::newRow("encoded attribute key and value")
            << record("x", " role%3A=a%20b slot_id=3") << "x"
            << Attributes{{"role:", "a b"}, {"slot_id", "3"}} << false;
        QTest::newRow("clk=dev") << record("chip.run.runner_run.device_wall.orch", " clk=dev")
                                 << "chip.run.runner_run.device_wall.orch" << Attributes{} << true;
        QTest::newRow("clk=host") << record("y", " clk=host") << "y" << Attributes{} << false;
        QTest::newRow("CRLF and trailing blanks") << record("z", " \t\r") << "z" << Attributes{} << false;
        QTest::newRow("empty attribute value")
            << record("e", " note=") << "e" << Attributes{{"note", ""}} << false;
    }

    void records()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, name);
        QFETCH(Attributes, attributes);
        QFETCH(bool, deviceClock);
        const Result r = readText("before\n" + line + "\nafter\n");
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.value.recordHeads, qint64(1));
        QCOMPARE(r.value.tornRecords, qint64(0));
        QCOMPARE(r.value.spans.size(), std::size_t(1));
        const HostSpan &s = r.value.spans[0];
        QCOMPARE(s.name, name);
        QCOMPARE(s.attributes, attributes);
        QCOMPARE(s.deviceClock, deviceClock);
        QCOMPARE(s.line, 2);
        QCOMPARE(s.pid, qint64(7));
        QCOMPARE(s.tid, qint64(8));
        QCOMPARE(s.inv, qint64(2));
        QCOMPARE(s.hid, QStringLiteral("beef"));
        QCOMPARE(s.depth, 1);
        QCOMPARE(s.tsNs, qint64(100));
        QCOMPARE(s.durNs, qint64(5));
        QVERIFY(r.warnings.isEmpty());
    }

    void tornRecords_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("missing dur") << QByteArray(
            "[STRACE] v=1 pid=7 tid=8 inv=2 hid=beef depth=1 name=a ts=100");
        QTest::newRow("cut by a prefix")
            << QByteArray("[STRACE] v=1 pid=7 tid=8 inv=2 hid=b[mono_ns=5][T0x1][INFO] x");
        QTest::newRow("repeated field") << record("a", " ts=7");
        QTest::newRow("bad number") << QByteArray(
            "[STRACE] v=1 pid=7x tid=8 inv=2 hid=beef depth=1 name=a ts=100 dur=5");
        QTest::newRow("stray token") << record("a", " garbage");
        QTest::newRow("empty name") << QByteArray(
            "[STRACE] v=1 pid=7 tid=8 inv=2 hid=beef depth=1 name= ts=100 dur=5");
        QTest::newRow("missing value")
            << QByteArray("[STRACE] v=1 pid= tid=8 inv=2 hid=beef depth=1 name=a ts=1 dur=5");
    }

    void tornRecords()
    {
        QFETCH(QByteArray, line);
        // One good record on the next line keeps the log usable.
        const Result r = readText(line + '\n' + record("good") + '\n');
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.value.recordHeads, qint64(2));
        QCOMPARE(r.value.tornRecords, qint64(1));
        QCOMPARE(r.value.spans.size(), std::size_t(1));
        QCOMPARE(r.value.spans[0].name, QStringLiteral("good"));
        QCOMPARE(r.warnings,
                 QStringList{"run.log: 1 of 2 [STRACE] records are torn (interleaved or cut writes) and "
                             "were skipped (first on line 1)"});
    }

    void otherGrammarVersion()
    {
        const Result r = readText("[STRACE] v=2 pid=7 tid=8 inv=2 hid=beef depth=1 name=a ts=100 dur=5\n");
        QVERIFY(r.ok);
        QCOMPARE(r.value.spans.size(), std::size_t(1));
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().contains(QLatin1String("grammar version other than 1")));
    }

    void lastLineWithoutNewline()
    {
        const Result r = readText("x\n" + record("tail"));
        QVERIFY(r.ok);
        QCOMPARE(r.value.spans.size(), std::size_t(1));
        QCOMPARE(r.value.spans[0].line, 2);
    }

    void manyRecordsAcrossChunks()
    {
        // Several 4 MiB reads; records straddle the read boundaries.
        QByteArray text;
        const QByteArray noise = "[mono_ns=123456][T0x7f00][INFO] worker: an ordinary line without markers\n";
        int expected = 0;
        for (int i = 0; text.size() < (10 << 20); ++i) {
            text += noise;
            text += "[mono_ns=1][T0x2][TIMING] s: [STRACE] v=1 pid=1 tid=2 inv=" + QByteArray::number(i) +
                    " hid=ab depth=0 name=chip.run ts=" + QByteArray::number(i * 10) + " dur=9\n";
            ++expected;
        }
        const Result r = readText(text);
        QVERIFY(r.ok);
        QCOMPARE(qint64(r.value.spans.size()), qint64(expected));
        QCOMPARE(r.value.tornRecords, qint64(0));
        QCOMPARE(r.value.spans.back().inv, qint64(expected - 1));
        QCOMPARE(r.value.spans.back().tsNs, qint64(expected - 1) * 10);
        QCOMPARE(r.value.spans.back().line, 2 * expected);
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("no [STRACE] records (0 lines read)");
        QTest::newRow("plain log")
            << QByteArray("[mono_ns=1][T0x1][INFO] a\n[CLOCK_ANCHOR] v=1 pid=1 mono_ns=1 wall_ns=2\n")
            << QStringLiteral("no [STRACE] records (2 lines read)");
        QTest::newRow("marker without record")
            << QByteArray("see [STRACE] output") << QStringLiteral("no [STRACE] records (1 lines read)");
        QTest::newRow("only torn") << QByteArray("ok\n[STRACE] v=1 pid=1\n")
                                   << QStringLiteral(
                                          "none of the 1 [STRACE] records could be parsed (first torn record "
                                          "on line 2)");
    }

    void errors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const Result r = readText(text);
        QVERIFY(!r.ok);
        QCOMPARE(r.error.file, QStringLiteral("run.log"));
        QCOMPARE(r.error.byteOffset, qint64(text.size()));
        QCOMPARE(r.error.message, message);
        QVERIFY(r.value.isEmpty());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestHostLogReader)
#include "tst_hostlogreader.moc"
