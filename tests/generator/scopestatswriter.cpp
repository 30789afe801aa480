#include "scopestatswriter.h"

#include "bufferedfile.h"
#include "recordswriter.h"

namespace lanescope {

bool writeScopeStats(const Workload &w, const SimulatedRun &run, const GeneratorOptions &o,
                     const QString &path)
{
    BufferedFile f(path);
    if (!f.isOpen())
        return false;
    const auto n = std::uint64_t(run.scopeSamples.size());
    const bool upstream = o.shape == RecordShape::Upstream;
    f.put(upstream ? "{" : "{\"version\": 6, ");
    f.put("\"fatal\": false, \"dropped\": 0, \"total\": ").put(n);
    f.put(", \"task_window_max\": [");
    for (int r = 0; r < 4; ++r)
        f.put(r ? ", " : "").put(std::int32_t(o.taskWindowMax));
    f.put("], \"heap_max\": [");
    for (int r = 0; r < 4; ++r)
        f.put(r ? ", " : "").put(kScopeHeapMax);
    f.put("], \"dep_pool_max\": [");
    for (int r = 0; r < 4; ++r)
        f.put(r ? ", " : "").put(kScopeDepPoolMax);
    f.put("], \"tensormap_max\": ").put(kScopeTensormapMax).put("}\n");
    std::size_t index = 0;
    for (const auto &s : run.scopeSamples) {
        f.put("{\"site\": ")
            .putQuoted(w.sites[s.site])
            .put(", \"phase\": ")
            .putQuoted(s.begin ? "begin" : "end");
        f.put(", \"depth\": ").put(std::uint32_t(s.depth)).put(", \"ring\": ").put(std::uint32_t(s.ring));
        f.put(", \"task_window_start\": ")
            .put(s.taskWindowStart)
            .put(", \"task_window_end\": ")
            .put(s.taskWindowEnd);
        f.put(", \"heap_start\": ").put(s.heapStart).put(", \"heap_end\": ").put(s.heapEnd);
        f.put(", \"dep_pool_start\": ").put(s.depPoolStart).put(", \"dep_pool_end\": ").put(s.depPoolEnd);
        f.put(", \"tensormap\": ").put(s.tensormap);
        if (upstream) {
            f.put(", \"run_epoch\": ").put(kUpstreamRunEpoch);
            f.put(", \"buf_seq\": ").put(std::uint64_t(index / kScopeSamplesPerBuffer));
        }
        f.put("}\n");
        ++index;
    }
    return f.close();
}

} // namespace lanescope
