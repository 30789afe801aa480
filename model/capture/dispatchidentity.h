#pragma once

#include <QString>
#include <cstdint>
#include <optional>

namespace lanescope {

// The dispatch one host invocation served (upstream §2.2, §2.8). The host log's root chip.run
// span spells it run_id, dispatch_id, slot_id, generation; a capture's dispatch_identity.json
// spells the same four numbers run_id, endpoint_dispatch_id, pipeline_slot, pipeline_generation.
struct DispatchKey
{
    std::int64_t runId = 0;
    std::int64_t dispatchId = 0;
    std::int64_t slotId = 0;
    std::int64_t generation = 0;

    bool operator==(const DispatchKey &o) const
    {
        return runId == o.runId && dispatchId == o.dispatchId && slotId == o.slotId &&
               generation == o.generation;
    }
    bool operator!=(const DispatchKey &o) const { return !(*this == o); }
    // In the host log's spelling, which is what a reader compares it with.
    QString toString() const
    {
        return QStringLiteral("run_id %1 dispatch_id %2 slot_id %3 generation %4")
            .arg(runId)
            .arg(dispatchId)
            .arg(slotId)
            .arg(generation);
    }
};

// What a capture's dispatch_identity.json says about the host invocation that ran it. A part that
// is missing or unusable narrows nothing.
struct DispatchIdentity
{
    std::optional<std::int64_t> hostPid;
    std::optional<DispatchKey> key;

    bool isEmpty() const { return !hostPid && !key; }
};

} // namespace lanescope
