#include "phasekinds.h"

namespace lanescope {

namespace {
constexpr std::string_view kKnownKinds[] = {
    // Current scheduler taxonomy (§2.7).
    "complete",
    "async_poll",
    "dispatch",
    "release",
    "dummy",
    "early_dispatch",
    "drain",
    "graph_prepare",
    "resolve",
    "drain_prepare",
    "drain_publish",
    "dummy_task",
    "predicated_skip",
    // Legacy scheduler kinds (§2.7, §10).
    "scan",
    "poll",
    "idle",
    "fanout",
    "prestage",
    "wire",
    "unknown",
    // Newer upstream scheduler kinds (§11).
    "state_probe",
    "worksteal",
    "refill",
    "resolve_standalone",
    // AICore-resident schedulers (supplement §7): bootstrap and measured idle are current; the
    // others are the legacy kinds that are kept but not drawn.
    "bootstrap",
    "ready_claim",
    "ready_steal",
    "direct_refill",
    "fanin",
    // Orchestrator phases, current and legacy per-sub-step names (§2.7b, §10).
    "orch_submit",
    "orch_sync",
    "orch_alloc",
    "orch_params",
    "orch_lookup",
    "orch_heap",
    "orch_insert",
    "orch_fanin",
    "orch_finalize",
    "orch_scope_end",
    // Host uploads (§2.9).
    "graph_upload",
    "sm_h2d",
    "arena_h2d",
};
} // namespace

bool PhaseKindTable::isKnown(std::string_view name)
{
    if (name.empty())
        return false;
    for (const auto k : kKnownKinds)
        if (k == name)
            return true;
    return false;
}

std::uint16_t PhaseKindTable::intern(std::string_view name)
{
    for (const auto &[cached, id] : m_cache)
        if (cached == name)
            return id;
    if (m_cache.size() >= kMaxKinds && name != "unknown") {
        // A hostile file could name millions of kinds; past the cap they all read as "unknown".
        ++m_overflow;
        name = "unknown";
        for (const auto &[cached, id] : m_cache)
            if (cached == name)
                return id;
    }
    if (!isKnown(name))
        m_unknown.emplace_back(name);
    const auto id = std::uint16_t(m_table.intern(name));
    m_cache.emplace_back(std::string(name), id);
    return id;
}

} // namespace lanescope
