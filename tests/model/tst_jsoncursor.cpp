#include "model/io/json/jsoncursor.h"
#include "testmain.h"

using namespace lanescope;

namespace {
std::unique_ptr<ByteSource> memory(const QByteArray &json)
{
    return ByteSource::fromMemory(json, QStringLiteral("mem.json"));
}
} // namespace

class TestJsonCursor : public QObject
{
    Q_OBJECT

private slots:
    void integers_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<quint64>("expected");
        QTest::newRow("zero") << QByteArray("0") << quint64(0);
        QTest::newRow("above 2^53") << QByteArray("9007199254740993") << quint64(9007199254740993ull);
        QTest::newRow("max u64") << QByteArray("18446744073709551615") << quint64(18446744073709551615ull);
        QTest::newRow("negative wraps (spec 2.1)") << QByteArray("-1") << quint64(0xFFFFFFFFFFFFFFFFull);
        QTest::newRow("exact float") << QByteArray("42.0") << quint64(42);
        QTest::newRow("whitespace") << QByteArray(" \n\t 7 ") << quint64(7);
        QTest::newRow("byte-order mark") << QByteArray("\xEF\xBB\xBF"
                                                       "12")
                                         << quint64(12);
    }
    void integers()
    {
        QFETCH(QByteArray, json);
        QFETCH(quint64, expected);
        auto src = memory(json);
        JsonCursor c(*src);
        std::uint64_t v = 0;
        QVERIFY2(c.readUInt64(v), qPrintable(c.errorMessage()));
        QCOMPARE(quint64(v), expected);
        QVERIFY(c.atEnd());
    }

    // Numbers with room behind them take the fast path, eight digits at a time: every length up to
    // where it hands over, digits other than 0 and 9 in each place, and tokens it leaves to the
    // general path.
    void integersWithRoomBehind_data()
    {
        QTest::addColumn<QByteArray>("number");
        QTest::addColumn<quint64>("expected");
        quint64 value = 0;
        QByteArray digits;
        for (int n = 1; n <= 19; ++n) {
            const int digit = (n * 7) % 10;
            digits += char('0' + digit);
            value = value * 10 + quint64(digit);
            QTest::addRow("%d digits", n) << digits << value;
        }
        QTest::newRow("leading zeros") << QByteArray("0000000000012") << quint64(12);
        QTest::newRow("twenty digits")
            << QByteArray("18446744073709551615") << quint64(18446744073709551615ull);
        QTest::newRow("exponent after eight digits") << QByteArray("12345678e2") << quint64(1234567800);
        QTest::newRow("exact fraction after eight digits") << QByteArray("12345678.0") << quint64(12345678);
    }
    void integersWithRoomBehind()
    {
        QFETCH(QByteArray, number);
        QFETCH(quint64, expected);
        auto src = memory(number + ',' + QByteArray(32, ' ') + '1');
        JsonCursor c(*src);
        std::uint64_t v = 0;
        QVERIFY2(c.readUInt64(v), qPrintable(c.errorMessage()));
        QCOMPARE(quint64(v), expected);
        QCOMPARE(qint64(c.offset()), qint64(number.size()));
    }

    void badIntegers_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("beyond 2^64") << QByteArray("  18446744073709551616") << qint64(2);
        QTest::newRow("fraction") << QByteArray("1.5") << qint64(0);
        QTest::newRow("fraction after eight digits, room behind")
            << QByteArray("12345678.5" + QByteArray(32, ' ')) << qint64(0);
        QTest::newRow("fraction inside the first eight digits, room behind")
            << QByteArray("1234.5678" + QByteArray(32, ' ')) << qint64(0);
        QTest::newRow("string") << QByteArray("\"x\"") << qint64(0);
        QTest::newRow("NaN literal") << QByteArray("NaN") << qint64(0);
        QTest::newRow("empty") << QByteArray("") << qint64(0);
    }
    void badIntegers()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, offset);
        auto src = memory(json);
        JsonCursor c(*src);
        std::uint64_t v = 0;
        QVERIFY(!c.readUInt64(v));
        QVERIFY(!c.ok());
        QCOMPARE(qint64(c.errorOffset()), offset);
        QVERIFY(c.error().toString().startsWith(QStringLiteral("mem.json: byte ")));
    }

    void walksNestedStructures()
    {
        // A plain literal: this moc version misreads raw strings that contain \".
        auto src = memory("{\"a\": [[1, 2, 3], []], \"s\": \"x\\\"y\\u00e9\\ud83d\\ude00\", \"b\": true, "
                          "\"n\": null, \"d\": -2.5e3}");
        JsonCursor c(*src);
        QVERIFY(c.enterObject());
        std::string key;
        QVERIFY(c.nextMember(key));
        QCOMPARE(key, std::string("a"));
        QVERIFY(c.enterArray());
        QVERIFY(c.nextElement());
        QVERIFY(c.enterArray());
        std::vector<std::uint64_t> got;
        while (c.nextElement()) {
            std::uint64_t v;
            QVERIFY(c.readUInt64(v));
            got.push_back(v);
        }
        QCOMPARE(got, (std::vector<std::uint64_t>{1, 2, 3}));
        QVERIFY(c.nextElement());
        QVERIFY(c.enterArray());
        QVERIFY(!c.nextElement());
        QVERIFY(!c.nextElement()); // outer array closes
        QVERIFY(c.ok());
        QVERIFY(c.nextMember(key));
        std::string s;
        QVERIFY(c.readString(s));
        QCOMPARE(QString::fromStdString(s),
                 QStringLiteral("x\"y\u00e9") + QString::fromUcs4(U"\U0001F600", 1));
        QVERIFY(c.nextMember(key));
        bool b = false;
        QVERIFY(c.readBool(b));
        QVERIFY(b);
        QVERIFY(c.nextMember(key));
        QVERIFY(c.readNull());
        QVERIFY(c.nextMember(key));
        double d = 0;
        QVERIFY(c.readDouble(d));
        QCOMPARE(d, -2500.0);
        QVERIFY(!c.nextMember(key));
        QVERIFY(c.ok());
        QCOMPARE(c.depth(), 0);
        QVERIFY(c.atEnd());
    }

    void truncationKeepsWhatWasRead_data()
    {
        QTest::addColumn<int>("cut");
        QTest::addColumn<int>("complete");
        const QByteArray doc("[[1,2],[3,4],[5,6]]");
        for (int cut = 0; cut < doc.size(); ++cut) {
            // Rows are complete once their closing bracket has been read.
            const int complete = cut >= 6 ? (cut >= 12 ? (cut >= 18 ? 3 : 2) : 1) : 0;
            QTest::newRow(qPrintable(QStringLiteral("cut %1").arg(cut))) << cut << complete;
        }
    }
    void truncationKeepsWhatWasRead()
    {
        QFETCH(int, cut);
        QFETCH(int, complete);
        const QByteArray doc = QByteArray("[[1,2],[3,4],[5,6]]").left(cut);
        auto src = memory(doc);
        JsonCursor c(*src);
        int rows = 0;
        if (c.enterArray()) {
            while (c.nextElement()) {
                if (!c.enterArray())
                    break;
                std::uint64_t v;
                bool ok = true;
                while (c.nextElement())
                    ok = c.readUInt64(v) && ok;
                if (!c.ok())
                    break;
                ++rows;
            }
        }
        QCOMPARE(rows, complete);
        QVERIFY(!c.ok());
        QVERIFY(c.truncated());
        QCOMPARE(qint64(c.errorOffset()), qint64(cut));
    }

    void skipHandlesEverything()
    {
        auto src = memory(R"([{"x":[1,{"y":"z"},[[]]],"w":{}}, "s", 1.5e-3, false, null, 7])");
        JsonCursor c(*src);
        QVERIFY(c.enterArray());
        QVERIFY(c.nextElement());
        QVERIFY(c.skip());
        int skipped = 0;
        std::uint64_t last = 0;
        while (c.nextElement()) {
            if (c.peek() == JsonCursor::Type::Number && skipped == 4)
                QVERIFY(c.readUInt64(last));
            else
                QVERIFY(c.skip());
            ++skipped;
        }
        QVERIFY2(c.ok(), qPrintable(c.errorMessage()));
        QCOMPARE(skipped, 5);
        QCOMPARE(last, std::uint64_t(7));
    }

    void skipFindsTheExtent_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("offset"); // where the cursor stands after the skip, or the error
        QTest::newRow("brackets in strings")
            << QByteArray("[\"]}\\\"[\", {\"a\":\"}\"}] 1") << true << qint64(20);
        QTest::newRow("mismatched") << QByteArray("[1, {2]]") << false << qint64(6);
        QTest::newRow("truncated") << QByteArray("{\"a\": [1, 2") << false << qint64(11);
        QTest::newRow("scalar") << QByteArray("\"abc\" ,") << true << qint64(5);
    }
    void skipFindsTheExtent()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, ok);
        QFETCH(qint64, offset);
        auto src = memory(json);
        JsonCursor c(*src);
        QCOMPARE(c.skip(), ok);
        QCOMPARE(qint64(ok ? c.offset() : c.errorOffset()), offset);
    }

    void leaveSkipsTheRestOfAContainer_data()
    {
        QTest::addColumn<QByteArray>("json"); // an object whose member "a" is read, then left
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("offset"); // where the cursor stands after leaving, or the error
        QTest::newRow("nothing left") << QByteArray(R"([{"a":1}, 9])") << true << qint64(8);
        // An ordinary literal: moc misreads raw strings whose brackets do not pair.
        QTest::newRow("brackets in strings")
            << QByteArray("[{\"a\":1,\"b\":\"}]\\\"{\",\"c\":[{}]}, 9]") << true << qint64(29);
        QTest::newRow("literals") << QByteArray(R"([{"a":1,"b":[true,false,null]}, 9])") << true
                                  << qint64(30);
        QTest::newRow("mismatched") << QByteArray(R"([{"a":1,"b":[}, 9])") << false << qint64(13);
        QTest::newRow("bad literal") << QByteArray(R"([{"a":1,"b":nope}, 9])") << false << qint64(12);
        QTest::newRow("truncated") << QByteArray(R"([{"a":1,"b":[1,)") << false << qint64(15);
    }
    void leaveSkipsTheRestOfAContainer()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, ok);
        QFETCH(qint64, offset);
        auto src = memory(json);
        JsonCursor c(*src);
        std::string key;
        std::uint64_t a = 0;
        QVERIFY(c.enterArray() && c.nextElement() && c.enterObject() && c.nextMember(key));
        QVERIFY(c.readUInt64(a));
        QCOMPARE(c.leave(), ok);
        QCOMPARE(qint64(ok ? c.offset() : c.errorOffset()), offset);
        if (!ok)
            return;
        // The array goes on after the object left.
        QCOMPARE(c.depth(), 1);
        std::uint64_t next = 0;
        QVERIFY(c.nextElement() && c.readUInt64(next));
        QCOMPARE(next, std::uint64_t(9));
        QVERIFY(!c.nextElement() && c.ok());
    }

    void leaveOutsideAContainerFails()
    {
        auto src = memory("1");
        JsonCursor c(*src);
        QVERIFY(!c.leave());
        QVERIFY(c.errorMessage().contains(QStringLiteral("leave")));
    }

    void hostileNestingIsAnErrorNotACrash()
    {
        auto src = memory(QByteArray(100000, '['));
        JsonCursor c(*src);
        QVERIFY(!c.skip());
        QVERIFY(c.errorMessage().contains(QStringLiteral("nesting")));
        QCOMPARE(qint64(c.errorOffset()), qint64(JsonCursor::kMaxDepth));
    }

    void flexibleIds_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<quint64>("expected");
        QTest::newRow("string") << QByteArray("\"18446744073709551615\"") << true
                                << quint64(18446744073709551615ull);
        QTest::newRow("number") << QByteArray("4294967301") << true << quint64(4294967301ull);
        QTest::newRow("junk string") << QByteArray("\"12a\"") << false << quint64(0);
        QTest::newRow("empty string") << QByteArray("\"\"") << false << quint64(0);
        QTest::newRow("object") << QByteArray("{}") << false << quint64(0);
    }
    void flexibleIds()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, ok);
        QFETCH(quint64, expected);
        auto src = memory(json);
        JsonCursor c(*src);
        std::uint64_t v = 0;
        QCOMPARE(c.readUInt64Flexible(v), ok);
        if (ok)
            QCOMPARE(quint64(v), expected);
    }

    void largeInputAcrossChunks()
    {
        // Values straddle the 1 MiB refill boundary; every one must come back intact.
        QByteArray doc("[");
        const int n = 300000;
        for (int i = 0; i < n; ++i) {
            doc += QByteArray::number(quint64(i) * 1000003ull + 9007199254740993ull);
            doc += i + 1 < n ? "," : "]";
        }
        auto src = memory(doc);
        JsonCursor c(*src);
        QVERIFY(c.enterArray());
        int i = 0;
        while (c.nextElement()) {
            std::uint64_t v;
            QVERIFY(c.readUInt64(v));
            QCOMPARE(quint64(v), quint64(i) * 1000003ull + 9007199254740993ull);
            ++i;
        }
        QVERIFY(c.ok());
        QCOMPARE(i, n);
    }

    void cancellation()
    {
        std::atomic<bool> cancel{true};
        LoadControl control;
        control.cancel = &cancel;
        auto src = memory(QByteArray("[1,2,3]"));
        JsonCursor c(*src, &control);
        QVERIFY(!c.enterArray());
        QVERIFY(c.cancelled());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestJsonCursor)
#include "tst_jsoncursor.moc"
