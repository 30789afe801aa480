#include "model/io/companions/depsreader.h"
#include "model/io/json/bytesource.h"
#include "readertesting.h"
#include "testmain.h"

using namespace lanescope;

namespace {

constexpr std::uint64_t kR1T0 = (std::uint64_t(1) << 32) | 0;
constexpr std::uint64_t kR1T1 = (std::uint64_t(1) << 32) | 1;
constexpr std::uint64_t kR2T2 = (std::uint64_t(2) << 32) | 2;
constexpr std::uint64_t kMaxId = ~std::uint64_t(0);

QString fixture(const char *name)
{
    return QStringLiteral(LANESCOPE_FIXTURES "/deps/") + QLatin1String(name);
}

using Result = ReaderRun<DepGraph>;

// Lambdas, so that readers with defaulted trailing parameters fit the helper.
Result readFile(const QString &path)
{
    return runReaderOnFile<DepGraph>(
        path, [](ByteSource &s, DepGraph &v, QStringList &w, ReadError *e) { return readDeps(s, v, w, e); });
}

Result readText(const QByteArray &text)
{
    return runReaderOnBytes<DepGraph>(
        text, QStringLiteral("deps.json"),
        [](ByteSource &s, DepGraph &v, QStringList &w, ReadError *e) { return readDeps(s, v, w, e); });
}

using EdgeIds = QList<QPair<quint64, quint64>>;

// Unique edges as task-id pairs, in DepGraph order.
EdgeIds edgeIds(const DepGraph &graph)
{
    EdgeIds out;
    for (const auto &[p, s] : graph.edges())
        out.append({graph.nodes()[p].taskId, graph.nodes()[s].taskId});
    return out;
}

QList<quint64> nodeIds(const DepGraph &graph)
{
    QList<quint64> out;
    for (const DepNode &n : graph.nodes())
        out.append(n.taskId);
    return out;
}

bool anyContains(const QStringList &list, const QString &needle)
{
    for (const QString &s : list) {
        if (s.contains(needle))
            return true;
    }
    return false;
}

} // namespace

class TestDepsReader : public QObject
{
    Q_OBJECT

private slots:
    void currentSchema()
    {
        const Result r = readFile(fixture("current.json"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.warnings, QStringList());
        // Four tasks plus r1t0, which only edges mention.
        QCOMPARE(nodeIds(r.value), (QList<quint64>{0, kR1T0, kR1T1, kR2T2, kMaxId}));
        QCOMPARE(r.value.rawEdgeCount(), std::size_t(7));
        // Three annotated t0 -> r1t1 edges collapse to one; the self-edge is kept.
        QCOMPARE(edgeIds(r.value),
                 (EdgeIds{{0, kR1T1}, {kR1T0, 0}, {kR1T1, kR2T2}, {kR2T2, kR2T2}, {kR2T2, kMaxId}}));

        const DepNode *t0 = r.value.find(0);
        QVERIFY(t0);
        QVERIFY(t0->inTasks());
        QCOMPARE(t0->kernelIds, (std::array<std::int32_t, 3>{0, -1, -1}));
        QCOMPARE(t0->blockNum, 1);
        QCOMPARE(int(t0->flags), int(DepNode::InTasks | DepNode::HasKernelIds));

        const DepNode *spmd = r.value.find(kR1T1);
        QVERIFY(spmd);
        QCOMPARE(spmd->kernelIds, (std::array<std::int32_t, 3>{-1, 3, 4}));
        QCOMPARE(spmd->blockNum, 8);
        QCOMPARE(int(spmd->flags), int(DepNode::InTasks | DepNode::HasKernelIds | DepNode::EarlyDispatch |
                                       DepNode::ManualScope));

        const DepNode *dummy = r.value.find(kR2T2);
        QVERIFY(dummy && dummy->isDummy() && !dummy->isAlloc());

        const DepNode *alloc = r.value.find(kR1T0);
        QVERIFY(alloc && alloc->isAlloc() && !alloc->isDummy());
        QCOMPARE(alloc->kernelIds, (std::array<std::int32_t, 3>{-1, -1, -1}));

        // 2^64 - 1 written as a string survives exactly.
        const DepNode *big = r.value.find(kMaxId);
        QVERIFY(big && big->inTasks());
        QCOMPARE(big->kernelIds, (std::array<std::int32_t, 3>{5, 6, -1}));
    }

    void v1Pairs()
    {
        const Result r = readFile(fixture("v1.json"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(nodeIds(r.value), (QList<quint64>{0, 1, 2}));
        QCOMPARE(r.value.rawEdgeCount(), std::size_t(4));
        QCOMPARE(edgeIds(r.value), (EdgeIds{{0, 1}, {0, 2}, {1, 2}}));
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().contains(QLatin1String("no tasks[]")));
        QVERIFY(!r.value.find(0)->inTasks());
    }

    void v2Objects()
    {
        const Result r = readFile(fixture("v2.json"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.warnings, QStringList());
        // 2^53 + 1 as a JSON number: a double would have read 2^53.
        constexpr std::uint64_t big = (std::uint64_t(1) << 53) + 1;
        QCOMPARE(nodeIds(r.value), (QList<quint64>{0, big}));
        QCOMPARE(edgeIds(r.value), (EdgeIds{{0, big}}));
        QCOMPARE(r.value.rawEdgeCount(), std::size_t(2));
        const DepNode *t0 = r.value.find(0);
        QCOMPARE(int(t0->flags), int(DepNode::InTasks)); // no kernel_ids in v2
        QCOMPARE(t0->blockNum, 1);
        QVERIFY(!t0->isDummy());
    }

    void truncatedKeepsWhatWasRead()
    {
        const Result r = readFile(fixture("truncated.json"));
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().startsWith(QLatin1String("truncated.json: truncated at byte 2151")));
        QVERIFY(r.warnings.first().contains(QLatin1String("kept 4 tasks and 4 edges")));
        QCOMPARE(nodeIds(r.value), (QList<quint64>{0, kR1T0, kR1T1, kR2T2, kMaxId}));
        QCOMPARE(edgeIds(r.value), (EdgeIds{{0, kR1T1}, {kR1T0, 0}}));
    }

    void idForms_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<quint64>("expected");
        QTest::newRow("string") << QByteArray(R"({"tasks":[{"task_id":"4294967301"}]})")
                                << quint64(0x100000005);
        QTest::newRow("number") << QByteArray(R"({"tasks":[{"task_id":4294967301}]})")
                                << quint64(0x100000005);
        QTest::newRow("above 2^53 string")
            << QByteArray(R"({"tasks":[{"task_id":"9007199254740993"}]})") << quint64(9007199254740993ull);
        QTest::newRow("negative number wraps")
            << QByteArray(R"({"tasks":[{"task_id":-1}]})") << quint64(kMaxId);
        QTest::newRow("negative string wraps")
            << QByteArray(R"({"tasks":[{"task_id":"-2"}]})") << quint64(kMaxId - 1);
    }

    void idForms()
    {
        QFETCH(QByteArray, json);
        QFETCH(quint64, expected);
        const Result r = readText(json);
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(nodeIds(r.value), QList<quint64>{expected});
        QCOMPARE(r.warnings, QStringList());
    }

    void taskFields_data()
    {
        QTest::addColumn<QByteArray>("task");
        QTest::addColumn<int>("blockNum");
        QTest::addColumn<int>("flags");
        QTest::addColumn<int>("kernel0");
        QTest::addColumn<QString>("warning"); // substring of the only warning, or empty for none

        const int inTasks = DepNode::InTasks;
        const int withIds = DepNode::InTasks | DepNode::HasKernelIds;
        QTest::newRow("block_num absent means 1")
            << QByteArray(R"({"task_id":"1","kernel_ids":[2,-1,-1]})") << 1 << withIds << 2 << QString();
        QTest::newRow("block_num 0 clamps to 1") << QByteArray(R"({"task_id":"1","block_num":0})") << 1
                                                 << inTasks << -1 << QStringLiteral("invalid block_num");
        QTest::newRow("kernel_ids of two entries") << QByteArray(R"({"task_id":"1","kernel_ids":[2,3]})") << 1
                                                   << inTasks << -1 << QStringLiteral("not three integers");
        QTest::newRow("kernel_ids with a string")
            << QByteArray(R"({"task_id":"1","kernel_ids":[2,"x",-1]})") << 1 << inTasks << -1
            << QStringLiteral("not three integers");
        QTest::newRow("scope auto, early false")
            << QByteArray(R"({"task_id":"1","scope":"auto","early_dispatch":false,"block_num":3})") << 3
            << inTasks << -1 << QString();
        QTest::newRow("unknown keys skipped")
            << QByteArray(R"({"future":{"a":[1,{"b":null}]},"task_id":"1","args":[{"idx":0,"shape":[1,2]}]})")
            << 1 << inTasks << -1 << QString();
    }

    void taskFields()
    {
        QFETCH(QByteArray, task);
        QFETCH(int, blockNum);
        QFETCH(int, flags);
        QFETCH(int, kernel0);
        QFETCH(QString, warning);
        const Result r = readText("{\"tasks\":[" + task + "],\"edges\":[]}");
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        const DepNode *node = r.value.find(1);
        QVERIFY(node);
        QCOMPARE(node->blockNum, blockNum);
        QCOMPARE(int(node->flags), flags);
        QCOMPARE(node->kernelIds[0], kernel0);
        if (warning.isEmpty()) {
            QCOMPARE(r.warnings, QStringList());
        } else {
            QCOMPARE(r.warnings.size(), 1);
            QVERIFY2(r.warnings.first().contains(warning), qPrintable(r.warnings.first()));
        }
    }

    void edgeDetailAroundTheIds_data()
    {
        QTest::addColumn<QByteArray>("edge");
        // An ordinary literal: moc misreads raw strings whose brackets do not pair.
        QTest::newRow("ids first, detail after")
            << QByteArray("{\"pred\":\"1\",\"succ\":\"2\",\"flags\":[\"wait\",\"]}\"],"
                          "\"consumer_shape\":[1,[2]],\"x\":null}");
        QTest::newRow("ids last") << QByteArray(R"({"arg":0,"tensor_id":"7","succ":"2","pred":"1"})");
        QTest::newRow("ids apart") << QByteArray(R"({"succ":2,"overlap":{"a":[true]},"pred":1,"arg":-1})");
        QTest::newRow("pair with more after") << QByteArray(R"(["1","2",{"x":[3]},"4"])");
    }
    void edgeDetailAroundTheIds()
    {
        // Whatever follows both ids is passed over whole; the next entry still reads.
        QFETCH(QByteArray, edge);
        const Result r = readText("{\"edges\":[" + edge + R"(,{"pred":"2","succ":"3"}]})");
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(edgeIds(r.value), (EdgeIds{{1, 2}, {2, 3}}));
        QCOMPARE(r.warnings, QStringList{QStringLiteral("deps.json: no tasks[] (v1 file): kernel names, SPMD "
                                                        "block counts and alloc nodes are unknown")});
    }

    void skippedEntriesAreCounted()
    {
        const Result r =
            readText(R"({"tasks":[{"scope":"auto"},7,{"task_id":"x1"},{"task_id":"3"},{"task_id":"3"}],)"
                     R"("edges":[{"pred":"3"},"x",[3],[3,4,5],{"pred":"3","succ":"4"}]})");
        QVERIFY2(r.ok, qPrintable(r.error.toString()));
        QCOMPARE(nodeIds(r.value), (QList<quint64>{3, 4}));
        QCOMPARE(edgeIds(r.value), (EdgeIds{{3, 4}}));
        QCOMPARE(r.value.rawEdgeCount(), std::size_t(2));
        QVERIFY(anyContains(
            r.warnings,
            QStringLiteral("3 tasks[] entries without a usable task_id were skipped (first at byte 10)")));
        QVERIFY(
            anyContains(r.warnings, QStringLiteral("3 edges without a usable pred and succ were skipped")));
        QVERIFY(anyContains(r.warnings, QStringLiteral("1 tasks[] entries repeat a task id")));
        QCOMPARE(r.warnings.size(), 3);
    }

    void emptyEdgesAreLegal()
    {
        const Result r =
            readText(R"({"tasks":[{"task_id":"0","kernel_ids":[1,-1,-1]}],"tensors":[],"edges":[]})");
        QVERIFY(r.ok);
        QCOMPARE(r.warnings, QStringList());
        QCOMPARE(r.value.nodes().size(), std::size_t(1));
        QVERIFY(r.value.edges().empty());
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray() << qint64(0) << QStringLiteral("unexpected end of input");
        QTest::newRow("not an object")
            << QByteArray("[1,2]") << qint64(0) << QStringLiteral("expected an object");
        QTest::newRow("no tasks or edges")
            << QByteArray(R"({"traceEvents":[]})") << qint64(0) << QStringLiteral("not a deps.json");
        QTest::newRow("syntax error") << QByteArray(R"({"tasks":[{"task_id":"1"} {"task_id":"2"}]})")
                                      << qint64(26) << QStringLiteral("expected ',' or ']'");
        QTest::newRow("damage in the detail after an edge's ids")
            << QByteArray(R"({"edges":[{"pred":"1","succ":"2","shape":[1}]})") << qint64(43)
            << QStringLiteral("mismatched '}'");
        QTest::newRow("damage in the args after a task's fields")
            << QByteArray(
                   R"({"tasks":[{"task_id":"1","scope":"auto","early_dispatch":false,"kernel_ids":[1,-1,-1],)"
                   R"("block_num":1,"args":[{"idx":0]}]})")
            << qint64(116) << QStringLiteral("mismatched ']'");
        QTest::newRow("truncated before any array")
            << QByteArray(R"({"version": 2, )") << qint64(15) << QStringLiteral("unexpected end of input");
    }

    void errors()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, offset);
        QFETCH(QString, message);
        const Result r = readText(json);
        QVERIFY(!r.ok);
        QCOMPARE(r.error.file, QStringLiteral("deps.json"));
        QCOMPARE(r.error.byteOffset, offset);
        QVERIFY2(r.error.message.contains(message), qPrintable(r.error.message));
        QVERIFY(r.value.empty());
    }

    void nonArrayTasksIsIgnored()
    {
        const Result r = readText(R"({"tasks":{"0":{}},"edges":[["1","2"]]})");
        QVERIFY(r.ok);
        QCOMPARE(edgeIds(r.value), (EdgeIds{{1, 2}}));
        QVERIFY(anyContains(r.warnings, QStringLiteral("tasks is not an array")));
    }

    void cancellation()
    {
        std::atomic<bool> cancel{true};
        LoadControl control;
        control.cancel = &cancel;
        auto source = ByteSource::open(fixture("current.json"), nullptr);
        QVERIFY(source);
        DepGraph graph;
        QStringList warnings;
        ReadError error;
        QVERIFY(!readDeps(*source, graph, warnings, &error, &control));
        QVERIFY(error.message.contains(QLatin1String("cancelled")));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestDepsReader)
#include "tst_depsreader.moc"
