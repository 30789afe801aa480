// dispatch_identity.json (upstream §2.8): the host pid and the dispatch a capture names, read
// tolerantly: an odd field costs that filter with a warning, broken JSON costs the file.
#include "model/io/companions/dispatchidentityreader.h"
#include "model/io/json/bytesource.h"
#include "testmain.h"

using namespace lanescope;

namespace {

struct Result
{
    bool ok = false;
    DispatchIdentity identity;
    QStringList warnings;
    ReadError error;
};

Result readText(const QByteArray &text)
{
    Result r;
    r.identity.hostPid = -99; // proves the reader assigns every field
    auto source = ByteSource::fromMemory(text, QStringLiteral("dispatch_identity.json"));
    r.ok = readDispatchIdentity(*source, r.identity, r.warnings, &r.error);
    return r;
}

} // namespace

class TestDispatchIdentityReader : public QObject
{
    Q_OBJECT

private slots:
    void readsTheFields_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<qint64>("pid"); // 0: none
        QTest::addColumn<bool>("hasKey");
        QTest::addColumn<QString>("warning"); // empty: none expected

        const QByteArray full =
            "{\"schema_version\": 1, \"host_pid\": 4242, \"run_id\": 17, "
            "\"endpoint_dispatch_id\": 3, \"pipeline_slot\": 2, \"pipeline_generation\": 9}";
        QTest::newRow("every field") << full << qint64(4242) << true << QString();
        QTest::newRow("decimal strings")
            << QByteArray("{\"host_pid\": \"4242\", \"run_id\": \"17\", \"endpoint_dispatch_id\": \"3\", "
                          "\"pipeline_slot\": \"2\", \"pipeline_generation\": \"9\"}")
            << qint64(4242) << true << QString();
        QTest::newRow("integral floats")
            << QByteArray("{\"host_pid\": 4242.0, \"run_id\": 17, \"endpoint_dispatch_id\": 3.0, "
                          "\"pipeline_slot\": 2, \"pipeline_generation\": 9e0}")
            << qint64(4242) << true << QString();
        QTest::newRow("pid only") << QByteArray("{\"host_pid\": 4242}") << qint64(4242) << false << QString();
        QTest::newRow("identity only")
            << QByteArray("{\"run_id\": 17, \"endpoint_dispatch_id\": 3, \"pipeline_slot\": 2, "
                          "\"pipeline_generation\": 9}")
            << qint64(0) << true << QString();
        QTest::newRow("empty object") << QByteArray("{}") << qint64(0) << false << QString();
        QTest::newRow("null pid") << QByteArray("{\"host_pid\": null}") << qint64(0) << false << QString();
        QTest::newRow("later key wins")
            << QByteArray("{\"host_pid\": 1, \"host_pid\": 4242}") << qint64(4242) << false << QString();
        QTest::newRow("pid a word")
            << QByteArray("{\"host_pid\": \"self\"}") << qint64(0) << false
            << QStringLiteral("dispatch_identity.json: host_pid at byte 13 is not a positive integer");
        QTest::newRow("pid fractional") << QByteArray("{\"host_pid\": 42.5}") << qint64(0) << false
                                        << QStringLiteral("host_pid at byte 13 is not a positive integer");
        QTest::newRow("pid zero") << QByteArray("{\"host_pid\": 0}") << qint64(0) << false
                                  << QStringLiteral("host_pid at byte 13 is not a positive integer");
        QTest::newRow("pid a bool") << QByteArray("{\"host_pid\": true}") << qint64(0) << false
                                    << QStringLiteral("host_pid at byte 13 is not a positive integer");
        QTest::newRow("identity missing a field")
            << QByteArray(
                   "{\"host_pid\": 4242, \"run_id\": 17, \"endpoint_dispatch_id\": 3, \"pipeline_slot\": 2}")
            << qint64(4242) << false << QStringLiteral("but pipeline_generation is missing");
        QTest::newRow("identity field null")
            << QByteArray("{\"run_id\": 17, \"endpoint_dispatch_id\": 3, \"pipeline_slot\": null, "
                          "\"pipeline_generation\": 9}")
            << qint64(0) << false << QStringLiteral("but pipeline_slot is null;");
        QTest::newRow("identity field not an integer")
            << QByteArray("{\"run_id\": 17, \"endpoint_dispatch_id\": [3], \"pipeline_slot\": 2, "
                          "\"pipeline_generation\": 9}")
            << qint64(0) << false << QStringLiteral("endpoint_dispatch_id at byte 39 is not an integer");
    }

    void readsTheFields()
    {
        QFETCH(QByteArray, text);
        QFETCH(qint64, pid);
        QFETCH(bool, hasKey);
        QFETCH(QString, warning);
        const Result r = readText(text);
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.identity.hostPid.value_or(0), pid);
        QCOMPARE(bool(r.identity.key), hasKey);
        if (warning.isEmpty()) {
            QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(u'\n')));
        } else {
            QCOMPARE(r.warnings.size(), 1);
            QVERIFY2(r.warnings.front().contains(warning), qPrintable(r.warnings.front()));
            QVERIFY2(r.warnings.front().contains(QStringLiteral("(inferred")),
                     qPrintable(r.warnings.front()));
        }
    }

    // The sidecar spells the host log's dispatch_id, slot_id, generation differently (§2.8).
    void keyKeepsTheFieldOrder()
    {
        const Result r =
            readText("{\"pipeline_generation\": 9, \"pipeline_slot\": 2, \"endpoint_dispatch_id\": 3, "
                     "\"run_id\": 17}");
        QVERIFY(r.ok);
        QVERIFY(r.identity.key);
        QCOMPARE(*r.identity.key, (DispatchKey{17, 3, 2, 9}));
        QCOMPARE(r.identity.key->toString(),
                 QStringLiteral("run_id 17 dispatch_id 3 slot_id 2 generation 9"));
    }

    void malformedIsAnErrorWithItsPosition_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("truncated") << QByteArray("{\"host_pid\": 42") << QStringLiteral("byte 15");
        QTest::newRow("empty") << QByteArray("") << QStringLiteral("byte 0");
        QTest::newRow("top-level array") << QByteArray("[4242]") << QStringLiteral("expected an object");
        QTest::newRow("trailing data") << QByteArray("{\"host_pid\": 42} {}")
                                       << QStringLiteral("byte 17: data after the top-level object");
        QTest::newRow("bare word") << QByteArray("host_pid=42") << QStringLiteral("byte 0");
    }

    void malformedIsAnErrorWithItsPosition()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const Result r = readText(text);
        QVERIFY(!r.ok);
        QVERIFY(r.error.isSet());
        const QString line = r.error.toString();
        QVERIFY2(line.startsWith(QStringLiteral("dispatch_identity.json: byte ")), qPrintable(line));
        QVERIFY2(line.contains(message), qPrintable(line));
        QCOMPARE(r.identity.hostPid, std::optional<std::int64_t>(-99)); // untouched
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestDispatchIdentityReader)
#include "tst_dispatchidentityreader.moc"
