#include "workloadbuilder.h"

namespace lanescope {

WorkloadBuilder::WorkloadBuilder(TaskIdLayout layout) : m_layout(layout)
{
    const auto root = siteIndex("(unknown):0");
    m_workload.program.push_back({ProgramStep::Type::ScopeBegin, 0, root});
    m_openSites.push_back(root);
}

std::int32_t WorkloadBuilder::addFunction(const std::string &name)
{
    const auto id = std::int32_t(m_workload.functions.size());
    m_workload.functions.push_back({id, name});
    return id;
}

std::uint32_t WorkloadBuilder::siteIndex(const std::string &site)
{
    for (std::size_t i = 0; i < m_workload.sites.size(); ++i)
        if (m_workload.sites[i] == site)
            return std::uint32_t(i);
    m_workload.sites.push_back(site);
    return std::uint32_t(m_workload.sites.size() - 1);
}

void WorkloadBuilder::beginScope(const std::string &site)
{
    ++m_depth;
    if (m_depth == 1) {
        ++m_scopeOrdinal;
        m_subtaskLocal = 0;
    }
    const auto s = siteIndex(site);
    m_openSites.push_back(s);
    m_workload.program.push_back({ProgramStep::Type::ScopeBegin, std::uint8_t(m_depth), s});
}

void WorkloadBuilder::endScope()
{
    if (m_depth == 0)
        return;
    m_workload.program.push_back({ProgramStep::Type::ScopeEnd, std::uint8_t(m_depth), m_openSites.back()});
    m_openSites.pop_back();
    --m_depth;
}

void WorkloadBuilder::assignId(LogicalTask &task)
{
    task.depth = std::uint8_t(m_depth);
    task.ring = std::uint8_t(m_depth < 3 ? m_depth : 3);
    if (m_layout == TaskIdLayout::RingLocal) {
        task.localId = m_ringLocal[task.ring]++;
        task.taskId = (std::uint64_t(task.ring) << 32) | task.localId;
        return;
    }
    // Newer upstream HBG layout (§11): space in the top two bits; SUB_TASK ids carry their parent.
    if (task.kind == TaskKind::Alloc) {
        task.localId = m_paramLocal++;
        task.taskId = (std::uint64_t(2) << 62) | task.localId;
    } else if (m_depth == 0) {
        task.localId = m_globalLocal++;
        task.taskId = task.localId;
    } else {
        task.localId = m_subtaskLocal++;
        task.taskId =
            (std::uint64_t(1) << 62) | (std::uint64_t(m_scopeOrdinal & 0xFFFFF) << 32) | task.localId;
    }
}

std::uint32_t WorkloadBuilder::submit(LogicalTask task, std::span<const std::uint32_t> preds)
{
    const auto index = std::uint32_t(m_workload.tasks.size());
    assignId(task);
    task.firstEdge = std::uint32_t(m_workload.edges.size());
    std::int32_t arg = 0;
    for (const auto p : preds) {
        if (p >= index)
            continue;
        const auto &producer = m_workload.tasks[p];
        WorkloadEdge e;
        e.pred = p;
        e.succ = index;
        if (producer.kind == TaskKind::Alloc) {
            e.source = EdgeSource::Creator;
        } else if (producer.kind == TaskKind::Dummy || task.kind == TaskKind::Dummy) {
            e.source = EdgeSource::Explicit;
        }
        e.arg = e.source == EdgeSource::Explicit ? -1 : arg++;
        m_workload.edges.push_back(e);
    }
    task.edgeCount = std::uint32_t(m_workload.edges.size()) - task.firstEdge;
    m_workload.tasks.push_back(task);
    m_workload.program.push_back({ProgramStep::Type::Submit, std::uint8_t(m_depth), index});
    return index;
}

std::uint32_t WorkloadBuilder::addKernel(const KernelSpec &spec, std::span<const std::uint32_t> preds)
{
    LogicalTask t;
    t.kind = spec.kind;
    t.kernelIds = spec.kernelIds;
    t.blockNum = spec.kind == TaskKind::Mix || spec.blockNum < 1 ? 1 : spec.blockNum;
    t.durationNs = spec.durationNs;
    t.outputBytes = spec.outputBytes;
    t.earlyDispatch = spec.earlyDispatch;
    t.predicatedSkip = spec.predicatedSkip;
    t.manualScope = spec.manualScope;
    return submit(t, preds);
}

std::uint32_t WorkloadBuilder::addDummy(std::span<const std::uint32_t> preds)
{
    LogicalTask t;
    t.kind = TaskKind::Dummy;
    t.outputBytes = 0;
    return submit(t, preds);
}

std::uint32_t WorkloadBuilder::addAlloc(std::uint32_t bytes)
{
    LogicalTask t;
    t.kind = TaskKind::Alloc;
    t.outputBytes = bytes;
    return submit(t, {});
}

Workload WorkloadBuilder::finish()
{
    while (m_depth > 0)
        endScope();
    m_workload.program.push_back({ProgramStep::Type::ScopeEnd, 0, m_openSites.front()});
    m_openSites.clear();
    return std::move(m_workload);
}

} // namespace lanescope
