#pragma once

#include <QString>
#include <cstdint>
#include <vector>

namespace lanescope {

// Start-up and shut-down stages of one AICPU thread (aicpu_lifecycle_records, spec §11; drawn as in
// supplement §7 "Lifecycle lane"), in the order a thread passes through them.
enum class LifecycleStage : std::uint8_t {
    HandshakePartition,
    TopologyConfig, // leader thread only
    ContextPublish,
    BootstrapWait,
    RegisterRelease,
    ExitSignal,
    ExitWait,
};
constexpr int kLifecycleStageCount = 7;

// "handshake_partition", "topology_config" …: the reference converter's slice names.
QString lifecycleStageName(LifecycleStage stage);

struct LifecycleSlice
{
    double startUs = 0;
    double endUs = 0;
    LifecycleStage stage = LifecycleStage::HandshakePartition;
    std::uint8_t unused[7] = {}; // as PhaseRecord's
};

struct AicpuLifecycle
{
    std::int64_t thread = 0;            // aicpu_thread_id, else the record's index
    bool threadFromIndex = false;       // the record had no usable aicpu_thread_id
    std::vector<LifecycleSlice> slices; // only stages whose end > 0 and end >= start, in stage order
};

} // namespace lanescope
