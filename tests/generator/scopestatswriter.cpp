#include "scopestatswriter.h"

#include "bufferedfile.h"
#include "recordswriter.h"

namespace lanescope {

namespace {

void writeSample(BufferedFile &f, const Workload &w, const SimScopeSample &s)
{
    f.put("{\"site\": ").putQuoted(w.sites[s.site]).put(", \"phase\": ").putQuoted(s.begin ? "begin" : "end");
    f.put(", \"depth\": ").put(std::uint32_t(s.depth)).put(", \"ring\": ").put(std::uint32_t(s.ring));
    f.put(", \"task_window_start\": ")
        .put(s.taskWindowStart)
        .put(", \"task_window_end\": ")
        .put(s.taskWindowEnd);
    f.put(", \"heap_start\": ").put(s.heapStart).put(", \"heap_end\": ").put(s.heapEnd);
    f.put(", \"dep_pool_start\": ").put(s.depPoolStart).put(", \"dep_pool_end\": ").put(s.depPoolEnd);
    f.put(", \"tensormap\": ").put(s.tensormap);
}

void writeMetadataLine(BufferedFile &f, const GeneratorOptions &o, std::uint64_t total, bool upstream,
                       bool retained)
{
    f.put(upstream ? "{" : "{\"version\": 6, ");
    f.put("\"fatal\": false, \"dropped\": 0, \"total\": ").put(total);
    f.put(", \"task_window_max\": [");
    for (int r = 0; r < 4; ++r)
        f.put(r ? ", " : "").put(std::int32_t(o.taskWindowMax));
    f.put("], \"heap_max\": [");
    for (int r = 0; r < 4; ++r)
        f.put(r ? ", " : "").put(kScopeHeapMax);
    f.put("], \"dep_pool_max\": [");
    for (int r = 0; r < 4; ++r)
        f.put(r ? ", " : "").put(kScopeDepPoolMax);
    f.put("], \"tensormap_max\": ").put(kScopeTensormapMax);
    if (retained)
        f.put(", \"collection_verdict\": \"published\", \"counts_unknown\": false, "
              "\"host_received_records\": ")
            .put(total)
            .put(", \"host_retained_records\": ")
            .put(total);
    f.put("}\n");
}

} // namespace

bool writeScopeStats(const Workload &w, const SimulatedRun &run, const GeneratorOptions &o,
                     const QString &path)
{
    BufferedFile f(path);
    if (!f.isOpen())
        return false;
    const bool upstream = o.shape == RecordShape::Upstream;
    writeMetadataLine(f, o, std::uint64_t(run.scopeSamples.size()), upstream, false);
    std::size_t index = 0;
    for (const auto &s : run.scopeSamples) {
        writeSample(f, w, s);
        if (upstream) {
            f.put(", \"run_epoch\": ").put(kUpstreamRunEpoch);
            f.put(", \"buf_seq\": ").put(std::uint64_t(index / kScopeSamplesPerBuffer));
        }
        f.put("}\n");
        ++index;
    }
    return f.close();
}

bool writeScopeStatsRuns(const Workload &w, const std::vector<ScopeStatsRun> &runs, const GeneratorOptions &o,
                         bool retained, const QString &path)
{
    BufferedFile f(path);
    if (!f.isOpen())
        return false;
    std::uint64_t total = 0;
    for (const auto &r : runs)
        total += r.capturedNothing ? 0 : r.run->scopeSamples.size();
    writeMetadataLine(f, o, total, true, retained);
    for (const auto &r : runs) {
        if (r.capturedNothing)
            continue;
        std::size_t index = 0;
        for (const auto &s : r.run->scopeSamples) {
            writeSample(f, w, s);
            f.put(", \"run_epoch\": ").put(r.runEpoch);
            f.put(", \"buf_seq\": ").put(std::uint64_t(index / kScopeSamplesPerBuffer)).put("}\n");
            ++index;
        }
    }
    return f.close();
}

} // namespace lanescope
