#include "model/io/companions/namemapreader.h"
#include "model/io/json/bytesource.h"
#include "testmain.h"

using namespace lanescope;

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/namemap/") + QLatin1String(name);
}

struct Result
{
    bool ok = false;
    NameMap map;
    QStringList warnings;
    ReadError error;
};

Result read(std::unique_ptr<ByteSource> source)
{
    Result r;
    r.map.level = -7; // proves the reader assigns every field
    r.ok = readNameMap(*source, r.map, r.warnings, &r.error);
    return r;
}

Result readText(const QByteArray &text)
{
    return read(ByteSource::fromMemory(text, QStringLiteral("name_map.json")));
}

using Names = QHash<int, QString>;

} // namespace

class TestNameMapReader : public QObject
{
    Q_OBJECT

private slots:
    void levelTwoMap()
    {
        ReadError openError;
        auto source = ByteSource::open(fixture("name_map_paged_attention.json"), &openError);
        QVERIFY2(source, qPrintable(openError.toString()));
        const Result r = read(std::move(source));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.map.level, 2);
        QCOMPARE(r.map.orchestratorName, QStringLiteral("paged_attention_orch"));
        // "x" and "-1" are not func ids, 4 is null, 5 is a number, 26 is empty: none of them names a kernel.
        QCOMPARE(r.map.names, (Names{{0, "QK"}, {1, "SF"}, {2, "PV"}, {3, "UP"}}));
        QCOMPARE(r.warnings.size(), 2);
        QCOMPARE(r.warnings.at(0),
                 QStringLiteral("name_map_paged_attention.json: 2 keys of callable_id_to_name are "
                                "not decimal func ids and were skipped (\"x\", \"-1\")"));
        QCOMPARE(r.warnings.at(1),
                 QStringLiteral("name_map_paged_attention.json: 1 names in callable_id_to_name are "
                                "not strings and were skipped"));
    }

    void otherLevelsKeepNoNames()
    {
        ReadError openError;
        auto source = ByteSource::open(fixture("name_map_level3.json"), &openError);
        QVERIFY(source);
        const Result r = read(std::move(source));
        QVERIFY(r.ok);
        QCOMPARE(r.map.level, 3);
        QVERIFY(r.map.names.isEmpty());
        QVERIFY(r.map.orchestratorName.isEmpty());
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().contains(QLatin1String("level 3")));
        QVERIFY(r.warnings.first().contains(QLatin1String("its 2 names are not used")));
    }

    void keys_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<Names>("names");
        QTest::addColumn<int>("warnings");
        QTest::newRow("no level means 2")
            << QByteArray(R"({"callable_id_to_name":{"7":"mm"}})") << Names{{7, "mm"}} << 0;
        QTest::newRow("large id") << QByteArray(R"({"level":2,"callable_id_to_name":{"2147483647":"last"}})")
                                  << Names{{2147483647, "last"}} << 0;
        QTest::newRow("beyond int") << QByteArray(R"({"level":2,"callable_id_to_name":{"2147483648":"x"}})")
                                    << Names{} << 1;
        QTest::newRow("sign and space")
            << QByteArray(R"({"callable_id_to_name":{"+1":"a"," 2":"b","3 ":"c","4":"d"}})")
            << Names{{4, "d"}} << 1;
        QTest::newRow("unicode name") << QByteArray(R"({"callable_id_to_name":{"0":"\u00e9t\u00e9"}})")
                                      << Names{{0, QStringLiteral("\u00e9t\u00e9")}} << 0;
        QTest::newRow("orchestrator only")
            << QByteArray(R"({"level":2,"orchestrator_name":"o"})") << Names{} << 1;
        QTest::newRow("names not an object")
            << QByteArray(R"({"callable_id_to_name":["QK"]})") << Names{} << 1;
    }

    void keys()
    {
        QFETCH(QByteArray, json);
        QFETCH(Names, names);
        QFETCH(int, warnings);
        const Result r = readText(json);
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.map.names, names);
        QCOMPARE(r.map.level, 2);
        QCOMPARE(r.warnings.size(), warnings);
    }

    void truncatedKeepsNames()
    {
        // Not a raw string: its unbalanced quotes would derail moc's scanner.
        const Result r = readText("{\"level\":2,\"callable_id_to_name\":{\"0\":\"QK\",\"1\":\"S");
        QVERIFY(r.ok);
        QCOMPARE(r.map.names, (Names{{0, "QK"}}));
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().startsWith(QLatin1String("name_map.json: truncated at byte 49")));
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("empty") << QByteArray("") << qint64(0);
        QTest::newRow("array") << QByteArray("[]") << qint64(0);
        QTest::newRow("syntax") << QByteArray(R"({"level":2 "x":1})") << qint64(11);
        QTest::newRow("bad escape") << QByteArray(R"({"callable_id_to_name":{"0":"a\qb"}})") << qint64(32);
    }

    void errors()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, offset);
        const Result r = readText(json);
        QVERIFY(!r.ok);
        QCOMPARE(r.error.file, QStringLiteral("name_map.json"));
        QCOMPARE(r.error.byteOffset, offset);
        QVERIFY(!r.error.message.isEmpty());
        QCOMPARE(r.map.level, -7); // untouched on failure
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestNameMapReader)
#include "tst_namemapreader.moc"
