#include "model/io/trace/tracereader.h"
#include "testmain.h"

#include <QtTest>
#include <memory>

using namespace lanescope;

namespace {

struct Read
{
    bool ok = false;
    std::unique_ptr<Capture> capture = std::make_unique<Capture>();
    ReadError error;
};

Read readJson(const QByteArray &json)
{
    Read r;
    auto source = ByteSource::fromMemory(json, QStringLiteral("trace.json"));
    r.ok = readChromeTrace(*source, *r.capture, &r.error);
    return r;
}

Read readFixture(const QString &name)
{
    Read r;
    auto source = ByteSource::open(QStringLiteral(LANESCOPE_FIXTURES "/traces/") + name, &r.error);
    if (source)
        r.ok = readChromeTrace(*source, *r.capture, &r.error);
    return r;
}

int laneIndex(const Capture &c, const QString &group, const QString &name, int nth = 0)
{
    for (int i = 0; i < int(c.lanes.size()); ++i)
        if (c.lanes[i].group == group && c.lanes[i].name == name && nth-- == 0)
            return i;
    return -1;
}

QStringList laneTitles(const Capture &c)
{
    QStringList out;
    for (const Lane &l : c.lanes)
        out << l.group + QLatin1Char('/') + l.name;
    return out;
}

QStringList sliceNames(const Capture &c, const Lane &lane)
{
    QStringList out;
    for (const Slice &s : lane.slices)
        out << c.strings.at(s.label);
    return out;
}

QList<int> depths(const Lane &lane)
{
    QList<int> out;
    for (const Slice &s : lane.slices)
        out << s.depth;
    return out;
}

bool hasWarning(const Capture &c, const QString &fragment)
{
    for (const QString &w : c.info.warnings)
        if (w.contains(fragment))
            return true;
    return false;
}

} // namespace

class TestTraceReader : public QObject
{
    Q_OBJECT

private slots:
    void documentForms_data();
    void documentForms();
    void beginEndNesting();
    void completeEventNesting_data();
    void completeEventNesting();
    void unmatchedBeginEnd();
    void instants();
    void counters();
    void flowsV1();
    void flowsV2();
    void reverseTimeFlows_data();
    void reverseTimeFlows();
    void sortIndexOrdering();
    void truncation_data();
    void truncation();
    void absoluteTimestamps_data();
    void absoluteTimestamps();
    void stringIds();
    void invalidTimes();
    void unknownPhases();
    void asyncSlices();
    void mergedSwimlaneFixture();
    void otherProducerFixture();
    void badInput_data();
    void badInput();
    void hostileNesting();
    void namesPastWhatASliceKeeps_data();
    void namesPastWhatASliceKeeps();
    void cancelled();
};

// The same two slices on one thread, written in every shape the format allows.
void TestTraceReader::documentForms_data()
{
    QTest::addColumn<QByteArray>("json");
    const QByteArray events = R"([
        {"name":"thread_name","ph":"M","pid":1,"tid":7,"args":{"name":"worker"}},
        {"name":"a","ph":"X","pid":1,"tid":7,"ts":10,"dur":5},
        {"name":"b","ph":"X","pid":1,"tid":7,"ts":20.5,"dur":1.5}
    ])";
    QTest::newRow("bare array") << events;
    QTest::newRow("object") << QByteArray("{\"traceEvents\":" + events + "}");
    QTest::newRow("object, other members first") << QByteArray(
        R"({"displayTimeUnit":"ns","metadata":{"x":[1,{"y":null}]},"otherData":{},"traceEvents":)" + events +
        "}");
    QTest::newRow("object, other members last")
        << QByteArray("{\"traceEvents\":" + events +
                      R"(,"displayTimeUnit":"ms","systemTraceEvents":"x","stackFrames":{}})");
    QTest::newRow("members in reverse order") << QByteArray(R"([
        {"args":{"name":"worker"},"tid":7,"pid":1,"ph":"M","name":"thread_name"},
        {"args":{"k":[1,2]},"dur":5,"ts":10,"tid":7,"pid":1,"ph":"X","name":"a"},
        {"dur":1.5,"ts":20.5,"tid":7,"pid":1,"name":"b","ph":"X","cat":"c"}])");
}

void TestTraceReader::documentForms()
{
    QFETCH(QByteArray, json);
    const Read r = readJson(json);
    QVERIFY2(r.ok, qPrintable(r.error.toString()));
    const Capture &c = *r.capture;
    QCOMPARE(c.info.format, CaptureFormat::ChromeTrace);
    QVERIFY(!c.info.level.has_value());
    QVERIFY(!c.info.clockFreqHz.has_value());
    QVERIFY(!c.info.partial);
    QCOMPARE(c.info.warnings, QStringList());
    QCOMPARE(c.info.traceBaseUs, 10.0);
    QCOMPARE(laneTitles(c), QStringList({"Process 1/worker"}));
    const Lane &lane = c.lanes[0];
    QCOMPARE(lane.kind, LaneKind::Trace);
    QCOMPARE(lane.laneSource, 1);
    QCOMPARE(sliceNames(c, lane), QStringList({"a", "b"}));
    QCOMPARE(lane.slices[0].startUs, 0.0);
    QCOMPARE(lane.slices[0].endUs, 5.0);
    QCOMPARE(lane.slices[1].startUs, 10.5);
    QCOMPARE(lane.slices[1].endUs, 12.0);
    QCOMPARE(lane.slices[0].ref, 1u); // position in the event list
    QCOMPARE(lane.slices[1].ref, 2u);
}

void TestTraceReader::beginEndNesting()
{
    // File order differs from time order; pairing follows time, innermost first.
    const Read r = readJson(R"([
        {"name":"inner","ph":"B","pid":1,"tid":1,"ts":2},
        {"name":"outer","ph":"B","pid":1,"tid":1,"ts":0},
        {"ph":"E","pid":1,"tid":1,"ts":3},
        {"name":"innermost","ph":"B","pid":1,"tid":1,"ts":2.5},
        {"ph":"E","pid":1,"tid":1,"ts":2.75},
        {"ph":"E","pid":1,"tid":1,"ts":10},
        {"name":"sibling","ph":"B","pid":1,"tid":1,"ts":4},
        {"ph":"E","pid":1,"tid":1,"ts":5},
        {"name":"other thread","ph":"B","pid":1,"tid":2,"ts":1},
        {"ph":"E","pid":1,"tid":2,"ts":1.5}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.info.warnings, QStringList());
    QCOMPARE(c.lanes.size(), std::size_t(2));
    const Lane &t1 = c.lanes[0];
    QCOMPARE(sliceNames(c, t1), QStringList({"outer", "inner", "innermost", "sibling"}));
    QCOMPARE(depths(t1), QList<int>({0, 1, 2, 1}));
    QCOMPARE(t1.maxDepth, std::uint8_t(2));
    QCOMPARE(t1.slices[0].endUs, 10.0);
    QCOMPARE(t1.slices[1].endUs, 3.0);
    QCOMPARE(t1.slices[2].startUs, 2.5);
    QCOMPARE(t1.slices[2].endUs, 2.75);
    QCOMPARE(t1.slices[0].ref, 1u); // the B event's position
    QCOMPARE(t1.slices[0].flags, std::uint8_t(0));
    QCOMPARE(c.lanes[1].maxDepth, std::uint8_t(0));
}

void TestTraceReader::completeEventNesting_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QList<int>>("depth");
    QTest::addColumn<int>("maxDepth");

    // Children written before their parents (as producers that emit on completion do).
    QTest::newRow("post-order") << QByteArray(R"([
        {"name":"c1","ph":"X","pid":1,"tid":1,"ts":1,"dur":2},
        {"name":"g","ph":"X","pid":1,"tid":1,"ts":1.5,"dur":0.5},
        {"name":"c2","ph":"X","pid":1,"tid":1,"ts":4,"dur":3},
        {"name":"p","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
        {"name":"next","ph":"X","pid":1,"tid":1,"ts":10,"dur":1}])")
                                << QStringList{"p", "c1", "g", "c2", "next"} << QList<int>{0, 1, 2, 1, 0}
                                << 2;
    QTest::newRow("same start, longer is the parent")
        << QByteArray(R"([
        {"name":"short","ph":"X","pid":1,"tid":1,"ts":0,"dur":1},
        {"name":"long","ph":"X","pid":1,"tid":1,"ts":0,"dur":4}])")
        << QStringList{"long", "short"} << QList<int>{0, 1} << 1;
    QTest::newRow("adjacent slices do not nest") << QByteArray(R"([
        {"name":"a","ph":"X","pid":1,"tid":1,"ts":0,"dur":1},
        {"name":"b","ph":"X","pid":1,"tid":1,"ts":1,"dur":1},
        {"name":"c","ph":"X","pid":1,"tid":1,"ts":2,"dur":0}])")
                                                 << QStringList{"a", "b", "c"} << QList<int>{0, 0, 0} << 0;
    QTest::newRow("X inside B/E") << QByteArray(R"([
        {"name":"x","ph":"X","pid":1,"tid":1,"ts":1,"dur":1},
        {"name":"b","ph":"B","pid":1,"tid":1,"ts":0},
        {"ph":"E","pid":1,"tid":1,"ts":5}])")
                                  << QStringList{"b", "x"} << QList<int>{0, 1} << 1;
}

void TestTraceReader::completeEventNesting()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, names);
    QFETCH(QList<int>, depth);
    QFETCH(int, maxDepth);
    const Read r = readJson(json);
    QVERIFY(r.ok);
    QCOMPARE(r.capture->lanes.size(), std::size_t(1));
    const Lane &lane = r.capture->lanes[0];
    QCOMPARE(sliceNames(*r.capture, lane), names);
    QCOMPARE(depths(lane), depth);
    QCOMPARE(int(lane.maxDepth), maxDepth);
}

void TestTraceReader::unmatchedBeginEnd()
{
    const Read r = readJson(R"([
        {"ph":"E","pid":1,"tid":1,"ts":0},
        {"name":"open","ph":"B","pid":1,"tid":1,"ts":1},
        {"name":"closed","ph":"B","pid":1,"tid":1,"ts":2},
        {"ph":"E","pid":1,"tid":1,"ts":3},
        {"ph":"E","pid":1,"tid":2,"ts":4},
        {"name":"late","ph":"X","pid":1,"tid":2,"ts":5,"dur":7}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QVERIFY(!c.info.partial);
    QVERIFY(hasWarning(c, QStringLiteral("1 'B' event(s) without a matching 'E'")));
    QVERIFY(hasWarning(c, QStringLiteral("2 'E' event(s) without a matching 'B'")));
    const Lane &t1 = c.lanes[0];
    QCOMPARE(sliceNames(c, t1), QStringList({"open", "closed"}));
    QCOMPARE(t1.slices[0].flags, std::uint8_t(Slice::Unterminated));
    QCOMPARE(t1.slices[0].startUs, 1.0);
    QCOMPARE(t1.slices[0].endUs, 12.0); // the trace's last moment (5 + 7)
    QCOMPARE(t1.slices[1].flags, std::uint8_t(0));
    QCOMPARE(t1.slices[1].depth, std::uint8_t(1));
}

void TestTraceReader::instants()
{
    const Read r = readJson(R"([
        {"name":"mark","ph":"i","pid":1,"tid":1,"ts":1},
        {"name":"old mark","ph":"I","pid":1,"tid":1,"ts":2,"s":"t"},
        {"name":"proc","ph":"i","s":"p","pid":1,"tid":1,"ts":3},
        {"name":"everyone","ph":"i","s":"g","pid":1,"tid":1,"ts":4},
        {"name":"slice","ph":"X","pid":1,"tid":1,"ts":0,"dur":10}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(laneTitles(c),
             QStringList({"Process 1/Global instants", "Process 1/Process instants", "Process 1/Thread 1"}));
    QCOMPARE(sliceNames(c, c.lanes[0]), QStringList({"everyone"}));
    QCOMPARE(sliceNames(c, c.lanes[1]), QStringList({"proc"}));
    const Lane &thread = c.lanes[2];
    QCOMPARE(sliceNames(c, thread), QStringList({"slice", "mark", "old mark"}));
    const Slice &mark = thread.slices[1];
    QCOMPARE(mark.flags, std::uint8_t(Slice::Instant));
    QCOMPARE(mark.startUs, 1.0);
    QCOMPARE(mark.endUs, 1.0);
    QCOMPARE(mark.depth, std::uint8_t(1)); // inside "slice"
    QCOMPARE(c.lanes[0].slices[0].flags, std::uint8_t(Slice::Instant));
    QCOMPARE(c.lanes[0].slices[0].startUs, 4.0);
}

void TestTraceReader::counters()
{
    const Read r = readJson(R"([
        {"name":"process_name","ph":"M","pid":2,"args":{"name":"Sched"}},
        {"name":"queue","ph":"C","pid":2,"tid":9,"ts":30,"args":{"AIC":3,"AIV":"4.5"}},
        {"name":"queue","ph":"C","pid":2,"tid":8,"ts":10,"args":{"AIC":1,"AIV":2}},
        {"name":"queue","ph":"C","pid":3,"ts":20,"args":{"AIC":7,"bad":"x","obj":{}}},
        {"name":"mem","ph":"C","pid":2,"id":5,"ts":20,"args":{"bytes":1e6}}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.info.traceBaseUs, 10.0);
    QVERIFY(c.lanes.empty());
    QVERIFY(hasWarning(c, QStringLiteral("2 non-numeric counter value(s) ignored")));
    QCOMPARE(c.counters.size(), std::size_t(4));
    // Pid 2 ("Sched") before pid 3; within a process in order of first appearance.
    const CounterTrack &aic = c.counters[0];
    QCOMPARE(aic.group, QStringLiteral("Sched"));
    QCOMPARE(aic.name, QStringLiteral("queue"));
    QCOMPARE(aic.series, QStringLiteral("AIC"));
    QCOMPARE(aic.timesUs, std::vector<double>({0.0, 20.0}));
    QCOMPARE(aic.values, std::vector<double>({1.0, 3.0}));
    const CounterTrack &aiv = c.counters[1];
    QCOMPARE(aiv.series, QStringLiteral("AIV"));
    QCOMPARE(aiv.values, std::vector<double>({2.0, 4.5}));
    QCOMPARE(c.counters[2].name, QStringLiteral("mem 5"));
    QCOMPARE(c.counters[2].values, std::vector<double>({1e6}));
    QCOMPARE(c.counters[3].group, QStringLiteral("Process 3"));
    QCOMPARE(c.counters[3].timesUs, std::vector<double>({10.0}));
}

void TestTraceReader::flowsV1()
{
    // Process 9 sorts first, so lane indices differ from the order threads appear in the file.
    const Read r = readJson(R"([
        {"name":"a","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
        {"name":"b","ph":"X","pid":1,"tid":2,"ts":20,"dur":10},
        {"name":"c","ph":"X","pid":9,"tid":3,"ts":40,"dur":10},
        {"name":"process_sort_index","ph":"M","pid":9,"args":{"sort_index":-1}},
        {"name":"hop","cat":"x","ph":"f","bp":"e","id":"0x1","pid":9,"tid":3,"ts":45},
        {"name":"hop","cat":"x","ph":"s","id":"0x1","pid":1,"tid":1,"ts":5},
        {"name":"hop","cat":"x","ph":"t","id":"0x1","pid":1,"tid":2,"ts":25},
        {"name":"other","cat":"y","ph":"s","id":"0x1","pid":1,"tid":2,"ts":21},
        {"name":"other","cat":"y","ph":"f","id":"0x1","pid":1,"tid":1,"ts":8},
        {"name":"lonely","cat":"z","ph":"f","id":3,"pid":1,"tid":1,"ts":9}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(laneTitles(c), QStringList({"Process 9/Thread 3", "Process 1/Thread 1", "Process 1/Thread 2"}));
    // "lonely" has no start. cat "y" finishes before it starts: kept, backwards (reverseTimeFlows).
    QVERIFY(hasWarning(c, QStringLiteral("1 flow event(s) without a matching start or end")));
    QCOMPARE(c.flows.size(), std::size_t(3));
    const Flow &first = c.flows[0];
    QCOMPARE(first.fromLane, 1u);
    QCOMPARE(first.toLane, 2u);
    QCOMPARE(first.fromUs, 5.0);
    QCOMPARE(first.toUs, 25.0);
    QCOMPARE(c.strings.at(first.name), QStringLiteral("hop"));
    QVERIFY(!first.hbViolation);
    QCOMPARE(c.strings.at(c.flows[1].name), QStringLiteral("other"));
    const Flow &second = c.flows[2];
    QCOMPARE(second.fromLane, 2u);
    QCOMPARE(second.toLane, 0u);
    QCOMPARE(second.fromUs, 25.0);
    QCOMPARE(second.toUs, 45.0);
    QVERIFY(!second.hbViolation);
}

// A flow whose finish was recorded before its start (clock skew between threads, or a producer's
// bug) is one flow all the same: kept, backwards in time, and marked as a happens-before violation
// as a deps edge whose consumer starts before its producer ends is.
void TestTraceReader::reverseTimeFlows_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<double>("fromUs");
    QTest::addColumn<double>("toUs");
    QTest::newRow("v1 finish before start") << QByteArray(R"([
        {"name":"a","ph":"X","pid":1,"tid":1,"ts":100,"dur":10},
        {"name":"b","ph":"X","pid":1,"tid":2,"ts":40,"dur":20},
        {"name":"late","cat":"x","ph":"s","id":5,"pid":1,"tid":1,"ts":105},
        {"name":"late","cat":"x","ph":"f","bp":"e","id":5,"pid":1,"tid":2,"ts":50}
    ])") << 105.0 << 50.0;
    QTest::newRow("v1 finish before start, file order reversed") << QByteArray(R"([
        {"name":"a","ph":"X","pid":1,"tid":1,"ts":100,"dur":10},
        {"name":"b","ph":"X","pid":1,"tid":2,"ts":40,"dur":20},
        {"name":"late","cat":"x","ph":"f","bp":"e","id":5,"pid":1,"tid":2,"ts":50},
        {"name":"late","cat":"x","ph":"s","id":5,"pid":1,"tid":1,"ts":105}
    ])") << 105.0 << 50.0;
    QTest::newRow("v2 flow_in before flow_out") << QByteArray(R"([
        {"name":"producer","ph":"X","pid":1,"tid":1,"ts":100,"dur":10,"bind_id":9,"flow_out":true},
        {"name":"consumer","ph":"X","pid":1,"tid":2,"ts":40,"dur":20,"bind_id":9,"flow_in":true}
    ])") << 110.0 << 40.0;
}

void TestTraceReader::reverseTimeFlows()
{
    QFETCH(QByteArray, json);
    QFETCH(double, fromUs);
    QFETCH(double, toUs);
    const Read r = readJson(json);
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    const double base = c.info.traceBaseUs;
    QCOMPARE(c.flows.size(), std::size_t(1));
    const Flow &f = c.flows[0];
    QCOMPARE(laneTitles(c).at(int(f.fromLane)), QStringLiteral("Process 1/Thread 1"));
    QCOMPARE(laneTitles(c).at(int(f.toLane)), QStringLiteral("Process 1/Thread 2"));
    QCOMPARE(f.fromUs + base, fromUs);
    QCOMPARE(f.toUs + base, toUs);
    QVERIFY(f.hbViolation);
    QVERIFY(!hasWarning(c, QStringLiteral("without a matching start or end")));
    QVERIFY(hasWarning(c, QStringLiteral("1 flow(s) end before they start")));
}

void TestTraceReader::flowsV2()
{
    const Read r = readJson(R"([
        {"name":"consumer","ph":"X","pid":1,"tid":2,"ts":20,"dur":5,"bind_id":7,"flow_in":true},
        {"name":"producer","ph":"X","pid":1,"tid":1,"ts":0,"dur":10,"bind_id":7,"flow_out":true},
        {"name":"relay","ph":"X","pid":2,"tid":1,"ts":30,"dur":5,"id":8,"flow_in":true,"flow_out":true},
        {"name":"start","ph":"X","pid":1,"tid":2,"ts":26,"dur":1,"id":8,"flow_out":true},
        {"name":"end","ph":"X","pid":1,"tid":1,"ts":50,"dur":1,"id":8,"flow_in":true},
        {"name":"nowhere","ph":"X","pid":1,"tid":1,"ts":60,"dur":1,"flow_out":true}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(laneTitles(c), QStringList({"Process 1/Thread 1", "Process 1/Thread 2", "Process 2/Thread 1"}));
    QVERIFY(hasWarning(c, QStringLiteral("1 flow event(s) without an id")));
    QCOMPARE(c.flows.size(), std::size_t(3));
    // Arrows leave from the end of the flow_out slice and arrive at the start of the flow_in slice.
    QCOMPARE(c.flows[0].fromLane, 0u);
    QCOMPARE(c.flows[0].toLane, 1u);
    QCOMPARE(c.flows[0].fromUs, 10.0);
    QCOMPARE(c.flows[0].toUs, 20.0);
    QCOMPARE(c.flows[1].fromLane, 1u);
    QCOMPARE(c.flows[1].toLane, 2u);
    QCOMPARE(c.flows[1].fromUs, 27.0);
    QCOMPARE(c.flows[1].toUs, 30.0);
    QCOMPARE(c.flows[2].fromLane, 2u);
    QCOMPARE(c.flows[2].toLane, 0u);
    QCOMPARE(c.flows[2].fromUs, 35.0);
    QCOMPARE(c.flows[2].toUs, 50.0);
}

void TestTraceReader::sortIndexOrdering()
{
    const Read r = readJson(R"([
        {"name":"x","ph":"X","pid":1,"tid":1,"ts":0,"dur":1},
        {"name":"x","ph":"X","pid":1,"tid":2,"ts":0,"dur":1},
        {"name":"x","ph":"X","pid":1,"tid":3,"ts":0,"dur":1},
        {"name":"x","ph":"X","pid":2,"tid":1,"ts":0,"dur":1},
        {"name":"x","ph":"X","pid":3,"tid":1,"ts":0,"dur":1},
        {"name":"x","ph":"X","pid":10,"tid":1,"ts":0,"dur":1},
        {"name":"process_name","ph":"M","pid":1,"args":{"name":"one"}},
        {"name":"process_name","ph":"M","pid":2,"args":{"name":"two"}},
        {"name":"process_name","ph":"M","pid":3,"args":{"name":"two"}},
        {"name":"process_sort_index","ph":"M","pid":1,"args":{"sort_index":5}},
        {"name":"process_sort_index","ph":"M","pid":3,"args":{"sort_index":-2}},
        {"name":"thread_sort_index","ph":"M","pid":1,"tid":1,"args":{"sort_index":2}},
        {"name":"thread_sort_index","ph":"M","pid":1,"tid":3,"args":{"sort_index":-1}},
        {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"second"}}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    // Groups by sort index (default 0) then pid; lanes by sort index then tid.
    QCOMPARE(laneTitles(c),
             QStringList({"two (pid 3)/Thread 1", "two (pid 2)/Thread 1", "Process 10/Thread 1",
                          "one/Thread 3", "one/second", "one/Thread 1"}));
    QCOMPARE(c.lanes[3].sortKey, 0);
    QCOMPARE(c.lanes[5].sortKey, 2);
    QCOMPARE(c.lanes[2].laneSource, 10);
}

void TestTraceReader::truncation_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("slices");
    QTest::addColumn<bool>("partial");
    QTest::addColumn<QString>("warning");

    const QByteArray head = R"([{"name":"a","ph":"X","pid":1,"tid":1,"ts":0,"dur":1},
{"name":"b","ph":"X","pid":1,"tid":1,"ts":2,"dur":1})";
    const QString clean = QStringLiteral("trace ends without closing ']' (allowed)");
    QTest::newRow("no closing bracket") << head << 2 << false << clean;
    QTest::newRow("trailing comma") << QByteArray(head + ",\n") << 2 << false << clean;
    QTest::newRow("object form, trailing comma")
        << QByteArray("{\"traceEvents\":" + head + ",") << 2 << false << clean;
    QTest::newRow("object form, list closed") << QByteArray("{\"traceEvents\":" + head + "]") << 2 << false
                                              << QStringLiteral("trace ends without closing '}' (allowed)");
    // The cut event starts at byte 109 (after the comma and newline).
    QTest::newRow("cut inside an event")
        << QByteArray(head + ",\n{\"name\":\"c\",\"ph\":\"X\",\"ts\":5") << 2 << true
        << QStringLiteral("inside the event starting at byte 109; 2 complete events kept");
    QTest::newRow("cut inside a string") << QByteArray(head + ",{\"name\":\"unfinish") << 2 << true
                                         << QStringLiteral("2 complete events kept");
    QTest::newRow("cut inside args") << QByteArray(head + ",{\"ph\":\"X\",\"args\":{\"a\":[1,2") << 2 << true
                                     << QStringLiteral("2 complete events kept");
    QTest::newRow("garbage between events")
        << QByteArray(head + " }{ ") << 2 << true << QStringLiteral("malformed event list at byte");
    QTest::newRow("garbage inside an event") << QByteArray(head + R"(,{"name":"c","ph":"X",,"ts":5}])") << 2
                                             << true << QStringLiteral("malformed event at byte");
    QTest::newRow("trailing content") << QByteArray(head + "] trailing") << 2 << false
                                      << QStringLiteral("ignored content after the end of the trace at byte");
}

void TestTraceReader::truncation()
{
    QFETCH(QByteArray, json);
    QFETCH(int, slices);
    QFETCH(bool, partial);
    QFETCH(QString, warning);
    const Read r = readJson(json);
    QVERIFY2(r.ok, qPrintable(r.error.toString()));
    const Capture &c = *r.capture;
    QCOMPARE(c.info.partial, partial);
    QCOMPARE(c.info.warnings.size(), 1);
    QVERIFY2(c.info.warnings[0].contains(warning), qPrintable(c.info.warnings[0]));
    QCOMPARE(c.lanes.size(), std::size_t(1));
    QCOMPARE(int(c.lanes[0].slices.size()), slices);
}

void TestTraceReader::absoluteTimestamps_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<double>("base");
    QTest::addColumn<double>("tolerance");

    // 1.7e12 µs is a Unix time in µs; 1.7e15 what a ns clock gives when written into "ts" unscaled.
    QTest::newRow("absolute µs") << QByteArray(R"([
        {"name":"b","ph":"X","pid":1,"tid":1,"ts":1700000000123.25,"dur":2.5},
        {"name":"a","ph":"X","pid":1,"tid":1,"ts":1700000000000.5,"dur":100.125}])")
                                 << 1700000000000.5 << 1e-3;
    QTest::newRow("ns-scale values") << QByteArray(R"([
        {"name":"b","ph":"X","pid":1,"tid":1,"ts":1700000000000122.75,"dur":2.5},
        {"name":"a","ph":"X","pid":1,"tid":1,"ts":1700000000000000,"dur":100.125}])")
                                     << 1700000000000000.0 << 0.5;
}

void TestTraceReader::absoluteTimestamps()
{
    QFETCH(QByteArray, json);
    QFETCH(double, base);
    QFETCH(double, tolerance);
    const Read r = readJson(json);
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.info.traceBaseUs, base);
    const Lane &lane = c.lanes[0];
    QCOMPARE(sliceNames(c, lane), QStringList({"a", "b"}));
    QCOMPARE(lane.slices[0].startUs, 0.0);
    QVERIFY(std::abs(lane.slices[0].endUs - 100.125) < 1e-9); // durations keep their precision
    QVERIFY(std::abs(lane.slices[1].startUs - 122.75) <= tolerance);
    QVERIFY(std::abs((lane.slices[1].endUs - lane.slices[1].startUs) - 2.5) < 1e-9);
    QCOMPARE(lane.slices[1].depth, std::uint8_t(0)); // starts after "a" ends
}

void TestTraceReader::stringIds()
{
    const Read r = readJson(R"([
        {"name":"process_name","ph":"M","pid":"gpu","args":{"name":"GPU"}},
        {"name":"thread_name","ph":"M","pid":"gpu","tid":"queue 0","args":{"name":"Queue 0"}},
        {"name":"k1","ph":"X","pid":"gpu","tid":"queue 0","ts":1,"dur":1},
        {"name":"k2","ph":"X","pid":"gpu","tid":"queue 1","ts":1,"dur":1},
        {"name":"k3","ph":"X","pid":"gpu","tid":7,"ts":1,"dur":1},
        {"name":"host","ph":"X","pid":"7","tid":"7","ts":1,"dur":1},
        {"name":"num","ph":"X","pid":7,"tid":7,"ts":1,"dur":1},
        {"name":"main","ph":"X","pid":5,"ts":1,"dur":1}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    // Numbers before strings; "7" and 7 are different ids; a missing tid is the pid.
    QCOMPARE(laneTitles(c), QStringList({"Process 5/Thread 5", "Process 7/Thread 7", "Process 7/Thread 7",
                                         "GPU/Thread 7", "GPU/Queue 0", "GPU/Thread queue 1"}));
    QCOMPARE(sliceNames(c, c.lanes[1]), QStringList({"num"}));
    QCOMPARE(sliceNames(c, c.lanes[2]), QStringList({"host"}));
    QCOMPARE(c.lanes[1].laneSource, 7);
    QCOMPARE(c.lanes[2].laneSource, -1);
}

void TestTraceReader::invalidTimes()
{
    const Read r = readJson(R"([
        {"name":"ok","ph":"X","pid":1,"tid":1,"ts":"5","dur":"1.5"},
        {"name":"nan ts","ph":"X","pid":1,"tid":1,"ts":"NaN","dur":1},
        {"name":"inf dur","ph":"X","pid":1,"tid":1,"ts":1,"dur":"Infinity"},
        {"name":"negative","ph":"X","pid":1,"tid":1,"ts":1,"dur":-1},
        {"name":"word","ph":"B","pid":1,"tid":1,"ts":"soon"},
        {"name":"object","ph":"i","pid":1,"tid":1,"ts":{"v":1}},
        {"name":"no ts","ph":"X","pid":1,"tid":1,"dur":1},
        {"name":"no dur","ph":"X","pid":1,"tid":1,"ts":0},
        {"name":"meta needs none","ph":"M","pid":1,"tid":1,"args":{}}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.info.traceBaseUs, 5.0);
    QCOMPARE(sliceNames(c, c.lanes[0]), QStringList({"ok"}));
    QCOMPARE(c.lanes[0].slices[0].endUs, 1.5);
    QVERIFY(hasWarning(
        c, QStringLiteral("5 event(s) skipped: 'ts' or 'dur' is not a finite number, or 'dur' is negative")));
    QVERIFY(hasWarning(c, QStringLiteral("1 event(s) without 'ts' skipped")));
    QVERIFY(hasWarning(c, QStringLiteral("1 'X' event(s) without 'dur' skipped")));
    QCOMPARE(c.info.warnings.size(), 3);
}

void TestTraceReader::unknownPhases()
{
    const Read r = readJson(R"([
        {"name":"x","ph":"X","pid":1,"tid":1,"ts":0,"dur":1},
        {"name":"s","ph":"P","pid":1,"tid":1,"ts":0},
        {"name":"s","ph":"P","pid":1,"tid":1,"ts":1},
        {"name":"o","ph":"O","pid":1,"ts":0,"id":"0x1"},
        {"name":"o","ph":"N","pid":1,"ts":0,"id":"0x1"},
        {"name":"o","ph":"D","pid":1,"ts":0,"id":"0x1"},
        {"name":"weird","ph":"XX","pid":1,"ts":0},
        {"name":"none","pid":1,"ts":0},
        {"name":"typed","ph":5,"pid":1,"ts":0}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(c.lanes.size(), std::size_t(1));
    QVERIFY(hasWarning(c, QStringLiteral("2 event(s) with unsupported phase 'P' skipped")));
    QVERIFY(hasWarning(c, QStringLiteral("1 event(s) with unsupported phase 'O' skipped")));
    QVERIFY(hasWarning(c, QStringLiteral("1 event(s) with unsupported phase 'N' skipped")));
    QVERIFY(hasWarning(c, QStringLiteral("1 event(s) with unsupported phase 'D' skipped")));
    QVERIFY(hasWarning(c, QStringLiteral("1 event(s) with unsupported phase 'XX' skipped")));
    QVERIFY(hasWarning(c, QStringLiteral("2 event(s) without 'ph' skipped")));
    QCOMPARE(c.info.warnings.size(), 6);
}

void TestTraceReader::asyncSlices()
{
    const Read r = readJson(R"([
        {"name":"load","cat":"net","ph":"b","id":1,"pid":1,"tid":1,"ts":0},
        {"name":"load","cat":"net","ph":"b","id":2,"pid":1,"tid":2,"ts":1},
        {"name":"parse","cat":"net","ph":"b","id":1,"pid":1,"tid":1,"ts":2},
        {"name":"parse","cat":"net","ph":"e","id":1,"pid":1,"tid":1,"ts":3},
        {"name":"load","cat":"net","ph":"e","id":2,"pid":1,"tid":3,"ts":6},
        {"name":"load","cat":"net","ph":"e","id":1,"pid":1,"tid":1,"ts":4},
        {"name":"ping","cat":"net","ph":"n","id":1,"pid":1,"tid":1,"ts":5},
        {"name":"load","cat":"net","ph":"b","id":3,"pid":1,"tid":1,"ts":7},
        {"name":"load","cat":"other","ph":"e","id":9,"pid":1,"tid":1,"ts":8}
    ])");
    QVERIFY(r.ok);
    const Capture &c = *r.capture;
    QCOMPARE(laneTitles(c),
             QStringList({"Process 1/Async: load", "Process 1/Async: parse", "Process 1/Async: ping"}));
    const Lane &load = c.lanes[0];
    QCOMPARE(load.slices.size(), std::size_t(3));
    // Overlapping operations get separate rows; a row is reused once free.
    QCOMPARE(load.slices[0].startUs, 0.0);
    QCOMPARE(load.slices[0].endUs, 4.0);
    QCOMPARE(load.slices[1].startUs, 1.0);
    QCOMPARE(load.slices[1].endUs, 6.0);
    QCOMPARE(depths(load), QList<int>({0, 1, 0}));
    QCOMPARE(load.slices[2].flags, std::uint8_t(Slice::Unterminated));
    QCOMPARE(load.slices[2].endUs, 8.0);
    QCOMPARE(load.maxDepth, std::uint8_t(1));
    QCOMPARE(c.lanes[2].slices[0].flags, std::uint8_t(Slice::Instant));
    QVERIFY(hasWarning(c, QStringLiteral("1 async begin event(s) without an end")));
    QVERIFY(hasWarning(c, QStringLiteral("1 async end event(s) without a begin")));
}

void TestTraceReader::mergedSwimlaneFixture()
{
    // Layout of spec §7: processes in generation order, not time order; names by metadata.
    const Read r = readFixture(QStringLiteral("merged_swimlane_small.json"));
    QVERIFY2(r.ok, qPrintable(r.error.toString()));
    const Capture &c = *r.capture;
    QCOMPARE(c.info.warnings, QStringList());
    QVERIFY(!c.info.partial);
    QCOMPARE(c.info.traceBaseUs, 100.0);
    QCOMPARE(laneTitles(c),
             QStringList({"AICPU Scheduler/Sched_0", "AICPU Scheduler/Sched_0", "Scheduler View/AIC_0",
                          "Scheduler View/AIV_1", "Scheduler View/AIV_1", "Worker View/AIC_0",
                          "Worker View/AIV_1", "Worker View/AICPU_0"}));
    QList<int> counts;
    for (const Lane &l : c.lanes)
        counts << int(l.slices.size());
    QCOMPARE(counts, QList<int>({4, 1, 2, 1, 1, 2, 2, 1}));
    const Lane &sched = c.lanes[0];
    QCOMPARE(sliceNames(c, sched),
             QStringList({"dispatch(2)", "complete(2)", "drain(1)", "drain_prepare(1)"}));
    QCOMPARE(depths(sched), QList<int>({0, 0, 0, 1}));
    QCOMPARE(sched.maxDepth, std::uint8_t(1));
    QCOMPARE(sched.laneSource, 2);
    const Lane &aic = c.lanes[laneIndex(c, "Worker View", "AIC_0")];
    QCOMPARE(sliceNames(c, aic), QStringList({"QK(t0)", "SV(t2)"}));
    QCOMPARE(aic.slices[0].startUs, 2.0);
    QCOMPARE(aic.slices[0].endUs, 5.0);
    QCOMPARE(sliceNames(c, c.lanes[6]), QStringList({"softmax(t1)", QString::fromUtf8("\u00b7(t3)")}));

    QCOMPARE(c.counters.size(), std::size_t(3));
    QCOMPARE(c.counters[0].group, QStringLiteral("AICPU Scheduler"));
    QCOMPARE(c.counters[0].name, QStringLiteral("shared_ready_queue"));
    QCOMPARE(c.counters[0].series, QStringLiteral("AIC"));
    QCOMPARE(c.counters[0].values, std::vector<double>({1.0, 0.0}));
    QCOMPARE(c.counters[1].series, QStringLiteral("AIV"));
    QCOMPARE(c.counters[2].series, QStringLiteral("MIX"));
    QCOMPARE(c.counters[1].values, std::vector<double>({2.0, 1.0}));
    QVERIFY(std::abs(c.counters[1].timesUs[0] - 1.6) < 1e-9);
    QVERIFY(std::abs(c.counters[1].timesUs[1] - 9.1) < 1e-9);

    QCOMPARE(c.flows.size(), std::size_t(2));
    QCOMPARE(c.strings.at(c.flows[0].name), QStringLiteral("dispatch"));
    QCOMPARE(c.flows[0].fromLane, 0u);
    QCOMPARE(c.flows[0].toLane, 5u);
    QCOMPARE(c.flows[0].fromUs, 0.5);
    QCOMPARE(c.flows[0].toUs, 2.0);
    QCOMPARE(c.strings.at(c.flows[1].name), QStringLiteral("dependency"));
    QCOMPARE(c.flows[1].fromLane, 5u);
    QCOMPARE(c.flows[1].toLane, 6u);
    QCOMPARE(c.flows[1].toUs, 6.0);
}

void TestTraceReader::otherProducerFixture()
{
    // Bare array, string pids and tids, absolute µs, no closing bracket after a trailing comma.
    const Read r = readFixture(QStringLiteral("other_producer_unterminated.json"));
    QVERIFY2(r.ok, qPrintable(r.error.toString()));
    const Capture &c = *r.capture;
    QVERIFY(!c.info.partial);
    QCOMPARE(c.info.warnings, QStringList({"trace ends without closing ']' (allowed)"}));
    QCOMPARE(c.info.traceBaseUs, 1700000000000.0);
    QCOMPARE(laneTitles(c), QStringList({"Renderer/Process instants", "Renderer/Thread compositor",
                                         "Renderer/CrRendererMain"}));
    const Lane &main = c.lanes[2];
    QCOMPARE(sliceNames(c, main), QStringList({"Layout", "Paint"}));
    QCOMPARE(depths(main), QList<int>({0, 1}));
    QCOMPARE(main.slices[0].endUs, 5.0);
    QCOMPARE(main.slices[1].startUs, 2.5);
    QCOMPARE(main.slices[1].endUs, 3.75);
    QCOMPARE(c.lanes[0].slices[0].startUs, 7.0);
}

void TestTraceReader::badInput_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<QString>("reason");

    QTest::newRow("binary garbage") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11) << qint64(0)
                                    << QStringLiteral("expected '{' or '['");
    QTest::newRow("leading spaces, then text")
        << QByteArray("   hello") << qint64(3) << QStringLiteral("expected '{' or '['");
    QTest::newRow("empty") << QByteArray() << qint64(0) << QStringLiteral("empty");
    QTest::newRow("no traceEvents") << QByteArray(R"({"foo":[1,2]})") << qint64(0)
                                    << QStringLiteral("traceEvents");
    QTest::newRow("traceEvents not an array")
        << QByteArray(R"({"traceEvents":5})") << qint64(0) << QStringLiteral("traceEvents");
    QTest::newRow("only an opening bracket")
        << QByteArray("[") << qint64(1) << QStringLiteral("end of input");
    QTest::newRow("broken first event")
        << QByteArray(R"([{"ph":"X" "ts":1}])") << qint64(11) << QStringLiteral("expected ','");
    QTest::newRow("garbage before the list") << QByteArray(R"({"metadata":{"a":tru},"traceEvents":[]})")
                                             << qint64(17) << QStringLiteral("invalid literal");
}

void TestTraceReader::badInput()
{
    QFETCH(QByteArray, json);
    QFETCH(qint64, offset);
    QFETCH(QString, reason);
    const Read r = readJson(json);
    QVERIFY(!r.ok);
    QCOMPARE(r.error.file, QStringLiteral("trace.json"));
    QCOMPARE(r.error.byteOffset, offset);
    QVERIFY2(r.error.message.contains(reason), qPrintable(r.error.message));
}

// A slice keeps its name's index in 20 bits. A capture whose string table is that full (the table
// is filled beforehand: a trace of a million names would make the test slow) shows the names that
// did not fit as one that says so, with a warning; names it already holds keep their own.
void TestTraceReader::namesPastWhatASliceKeeps_data()
{
    QTest::addColumn<int>("room");              // strings the table still takes before the limit
    QTest::addColumn<QByteArrayList>("events"); // their names, in time order
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<int>("unkept");
    QTest::newRow("room for all") << 16 << QByteArrayList{"a", "b", "c"} << QStringList{"a", "b", "c"} << 0;
    QTest::newRow("full but for its own; a name it holds")
        << 1 << QByteArrayList{"a", "held", "c"} << QStringList{"(name not kept)", "held", "(name not kept)"}
        << 2;
}
void TestTraceReader::namesPastWhatASliceKeeps()
{
    QFETCH(int, room);
    QFETCH(QByteArrayList, events);
    QFETCH(QStringList, expected);
    QFETCH(int, unkept);
    Read r;
    StringTable &strings = r.capture->strings;
    strings.intern(QStringLiteral("held"));
    while (strings.size() < qsizetype(Slice::kLabelLimit) - room)
        strings.intern(QString::number(strings.size()));
    QByteArrayList json;
    for (qsizetype i = 0; i < events.size(); ++i)
        json << R"({"name":")" + events[i] + R"(","ph":"X","pid":1,"tid":1,"ts":)" +
                    QByteArray::number(2 * i) + R"(,"dur":1})";
    auto source = ByteSource::fromMemory("[" + json.join(',') + "]", QStringLiteral("trace.json"));
    QVERIFY(readChromeTrace(*source, *r.capture, &r.error));
    QCOMPARE(r.capture->lanes.size(), std::size_t(1));
    QStringList names;
    for (const Slice &s : r.capture->lanes[0].slices) {
        QVERIFY(s.label < Slice::kLabelLimit);
        names << strings.at(s.label);
    }
    QCOMPARE(names, expected);
    QVERIFY(strings.size() <= qsizetype(Slice::kLabelLimit));
    QCOMPARE(hasWarning(*r.capture, QStringLiteral("%1 event(s) named beyond").arg(unkept)), unkept > 0);
}

void TestTraceReader::hostileNesting()
{
    // Deep JSON nesting inside an event: an error value, events before it kept.
    QByteArray deep = R"([{"name":"a","ph":"X","pid":1,"tid":1,"ts":0,"dur":1},{"args":)";
    deep += QByteArray(100000, '[');
    Read r = readJson(deep);
    QVERIFY(r.ok);
    QVERIFY(r.capture->info.partial);
    QVERIFY(hasWarning(*r.capture, QStringLiteral("nesting deeper than")));
    QCOMPARE(r.capture->lanes.size(), std::size_t(1));

    // Ten thousand nested B events: depth saturates at the deepest level a lane draws.
    QByteArrayList events;
    for (int i = 0; i < 10000; ++i)
        events << QByteArray(R"({"name":"n","ph":"B","pid":1,"tid":1,"ts":)") + QByteArray::number(i) + "}";
    for (int i = 0; i < 10000; ++i)
        events << QByteArray(R"({"ph":"E","pid":1,"tid":1,"ts":)") + QByteArray::number(20000 - i) + "}";
    r = readJson("[" + events.join(',') + "]");
    QVERIFY(r.ok);
    QCOMPARE(r.capture->info.warnings, QStringList());
    const Lane &lane = r.capture->lanes[0];
    QCOMPARE(lane.slices.size(), std::size_t(10000));
    QCOMPARE(lane.maxDepth, std::uint8_t(Slice::kMaxDepth));
    QCOMPARE(std::uint32_t(lane.slices[9999].depth), Slice::kMaxDepth);
    QCOMPARE(std::uint32_t(lane.slices[62].depth), 62u);
    QCOMPARE(std::uint32_t(lane.slices[100].depth), Slice::kMaxDepth);
}

void TestTraceReader::cancelled()
{
    std::atomic<bool> cancel{true};
    LoadControl control;
    control.cancel = &cancel;
    auto source = ByteSource::fromMemory(R"([{"name":"a","ph":"X","pid":1,"tid":1,"ts":0,"dur":1}])",
                                         QStringLiteral("trace.json"));
    Capture capture;
    ReadError error;
    QVERIFY(!readChromeTrace(*source, capture, &error, &control));
    QVERIFY2(error.message.contains(QStringLiteral("cancelled")), qPrintable(error.message));
    QVERIFY(capture.lanes.empty());
}

LANESCOPE_TEST_GUILESS_MAIN(TestTraceReader)
#include "tst_tracereader.moc"
