#pragma once

#include <QString>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace lanescope {

enum class TaskKind : std::uint8_t { Aic, Aiv, Mix, Dummy, Alloc };
enum class EdgeSource : std::uint8_t { Tensormap, Creator, Explicit };

struct KernelFunction
{
    std::int32_t id = 0;
    std::string name; // empty: deliberately missing from the name map
};

// One submit_task() / alloc_tensors() call of the program (spec glossary "logical task").
struct LogicalTask
{
    std::uint64_t taskId = 0;
    std::uint32_t localId = 0;     // per-ring counter (TMR) / per-space counter (HBG)
    std::uint32_t durationNs = 0;  // kernel time of one subtask
    std::uint32_t blockNum = 1;    // SPMD blocks (>1 = SPMD)
    std::uint32_t outputBytes = 0; // heap bytes the task allocates
    std::uint32_t firstEdge = 0;   // its incoming edges: Workload::edges[firstEdge, +edgeCount)
    std::uint32_t edgeCount = 0;
    std::array<std::int32_t, 3> kernelIds = {-1, -1, -1}; // aic, aiv0, aiv1
    std::uint8_t depth = 0;                               // scope depth at submit
    std::uint8_t ring = 0;                                // min(depth, 3)
    TaskKind kind = TaskKind::Aiv;
    bool predicatedSkip = false; // a kernel task whose predicate turns out false
    bool earlyDispatch = false;  // may be staged once its producers are dispatched
    bool manualScope = false;

    bool isKernel() const { return kind == TaskKind::Aic || kind == TaskKind::Aiv || kind == TaskKind::Mix; }
    bool runsOnCores() const { return isKernel() && !predicatedSkip; }
    // AICore executions of the task: one per SPMD block, or the 2-3 cores of a MIX cluster.
    std::uint32_t subtaskCount() const
    {
        if (!runsOnCores())
            return 0;
        if (kind == TaskKind::Mix)
            return kernelIds[2] >= 0 ? 3 : 2;
        return blockNum;
    }
};

// A producer -> consumer dependency as dep_gen records it (one per consumer argument; the same
// pair can repeat). Edges are stored grouped by consumer, in program order.
struct WorkloadEdge
{
    std::uint32_t pred = 0; // task indices
    std::uint32_t succ = 0;
    std::int32_t arg = -1;
    EdgeSource source = EdgeSource::Tensormap;
};

struct ProgramStep
{
    enum class Type : std::uint8_t { ScopeBegin, ScopeEnd, Submit };
    Type type = Type::Submit;
    std::uint8_t depth = 0;
    std::uint32_t value = 0; // task index (Submit) or site index (scope steps)
};

// A program: tasks in submit order, their dependencies and the scope structure around them.
struct Workload
{
    std::vector<KernelFunction> functions;
    std::vector<LogicalTask> tasks;
    std::vector<WorkloadEdge> edges;
    std::vector<ProgramStep> program;
    std::vector<std::string> sites; // "<file basename>:<line>"
    QString orchestratorName;       // name map orchestrator_name, empty = null
};

} // namespace lanescope
