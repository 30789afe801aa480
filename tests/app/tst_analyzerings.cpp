// `lanescope analyze --json` reports the ring peaks: one object per ring with the task window, heap
// and dep pool capacities and peaks, null where the capture cannot tell.

#include "capturegenerator.h"
#include "generatedcapture.h"
#include "lanescoperun.h"
#include "testmain.h"

#include <QTemporaryDir>

#include <nlohmann/json.hpp>

using namespace lanescope;
using json = nlohmann::ordered_json; // keeps the key order of the output

namespace {

json analyzeJson(const QString &path)
{
    const LanescopeRun r = runLanescope({"analyze", path, "--json"});
    if (r.exitCode != 0)
        return nullptr;
    return json::parse(r.out.constData(), r.out.constData() + r.out.size(), nullptr, false);
}

} // namespace

class TestAnalyzeRings : public QObject
{
    Q_OBJECT

private slots:
    void atCapacityRings()
    {
        QTemporaryDir dir;
        const GeneratedCapture g = generateCapture(ringAtCapacityOptions(), dir.path());
        QVERIFY(g.ok());
        const json j = analyzeJson(dir.path());
        QVERIFY(j.is_object());
        const json &rings = j.at("rings");
        QVERIFY(rings.is_array());
        QCOMPARE(int(rings.size()), 4);
        for (int r = 0; r < 4; ++r) {
            const json &ring = rings[std::size_t(r)];
            QCOMPARE(ring.at("ring").get<int>(), r);
            std::vector<std::string> keys;
            for (const auto &item : ring.items())
                keys.push_back(item.key());
            QCOMPARE(keys, (std::vector<std::string>{"ring", "task_window_capacity", "task_window_peak",
                                                     "heap_capacity", "heap_peak", "dep_pool_capacity",
                                                     "dep_pool_peak"}));
            QCOMPARE(ring.at("task_window_capacity").get<std::int64_t>(), std::int64_t(16));
            QCOMPARE(ring.at("task_window_peak").get<std::int64_t>(),
                     g.expected.ringWindowPeak[std::size_t(r)]);
        }
        QCOMPARE(rings[2].at("task_window_peak").get<int>(), 16);
        QCOMPARE(rings[2].at("heap_capacity").get<std::int64_t>(), std::int64_t(256) << 20);
        QVERIFY(rings[2].at("heap_peak").get<std::int64_t>() > 0);
        QVERIFY(rings[2].at("dep_pool_peak").is_number_integer());
        // Ring 3 has no scope sample: its heap and dep pool use are unknown, not zero, while their
        // capacities are in the metadata line.
        QVERIFY(rings[3].at("heap_peak").is_null());
        QVERIFY(rings[3].at("dep_pool_peak").is_null());
        QCOMPARE(rings[3].at("dep_pool_capacity").get<int>(), 65536);
    }

    void withoutScopeStatsCapacitiesAreNull()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.level = 2;
        o.scopeStats = false;
        o.tasks = 60;
        o.blockDim = 2;
        o.hostLog = false;
        QVERIFY(generateCapture(o, dir.path()).ok());
        const json j = analyzeJson(dir.path());
        QVERIFY(j.is_object());
        const json &ring0 = j.at("rings")[0];
        QVERIFY(ring0.at("task_window_capacity").is_null());
        QVERIFY(ring0.at("task_window_peak").get<int>() > 0);
        QVERIFY(ring0.at("heap_capacity").is_null());
        QVERIFY(ring0.at("heap_peak").is_null());
    }

    void levelOneKnowsNoRing()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.level = 1;
        o.tasks = 40;
        o.blockDim = 2;
        o.hostLog = false;
        QVERIFY(generateCapture(o, dir.path()).ok());
        const json j = analyzeJson(dir.path());
        QVERIFY(j.is_object());
        // No allocation time and nothing to place the scope samples at: no curve, so no peak; the
        // capacities still come from the scope stats metadata.
        for (const json &ring : j.at("rings")) {
            for (const char *key : {"task_window_peak", "heap_peak", "dep_pool_peak"})
                QVERIFY(ring.at(key).is_null());
            QCOMPARE(ring.at("task_window_capacity").get<int>(), 16384);
        }
    }
};

LANESCOPE_TEST_MAIN(TestAnalyzeRings)
#include "tst_analyzerings.moc"
