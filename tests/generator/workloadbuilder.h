#pragma once

#include "generatoroptions.h"
#include "workload.h"

#include <span>

namespace lanescope {

struct KernelSpec
{
    TaskKind kind = TaskKind::Aiv;
    std::array<std::int32_t, 3> kernelIds = {-1, -1, -1};
    std::uint32_t blockNum = 1;
    std::uint32_t durationNs = 1000;
    std::uint32_t outputBytes = 64 * 1024;
    bool earlyDispatch = false;
    bool predicatedSkip = false;
    bool manualScope = false;
};

// Assembles a Workload in program order: scopes, kernel/dummy/alloc submits and their edges, and
// task ids in the chosen layout. The implicit root scope ("(unknown):0", depth 0) is open from the
// start and closed by finish().
class WorkloadBuilder
{
public:
    explicit WorkloadBuilder(TaskIdLayout layout);

    std::int32_t addFunction(const std::string &name);
    void setOrchestratorName(const QString &name) { m_workload.orchestratorName = name; }

    void beginScope(const std::string &site);
    void endScope();
    int depth() const { return m_depth; }

    // Edge sources follow the producer/consumer kinds: alloc -> creator, dummy -> explicit,
    // otherwise tensormap. A producer listed twice yields two edges (two arguments).
    std::uint32_t addKernel(const KernelSpec &spec, std::span<const std::uint32_t> preds);
    std::uint32_t addDummy(std::span<const std::uint32_t> preds);
    std::uint32_t addAlloc(std::uint32_t bytes);

    const Workload &workload() const { return m_workload; }
    std::size_t taskCount() const { return m_workload.tasks.size(); }
    Workload finish();

private:
    std::uint32_t submit(LogicalTask task, std::span<const std::uint32_t> preds);
    void assignId(LogicalTask &task);
    std::uint32_t siteIndex(const std::string &site);

    Workload m_workload;
    TaskIdLayout m_layout;
    int m_depth = 0;
    std::array<std::uint32_t, 4> m_ringLocal = {0, 0, 0, 0};
    std::uint32_t m_globalLocal = 0;  // HBG GLOBAL space
    std::uint32_t m_paramLocal = 0;   // HBG PARAM space (allocations)
    std::uint32_t m_scopeOrdinal = 0; // HBG SUB_TASK parent of the current top-level scope
    std::uint32_t m_subtaskLocal = 0;
    std::vector<std::uint32_t> m_openSites;
};

} // namespace lanescope
