#include "aicpulifecycle.h"

namespace lanescope {

QString lifecycleStageName(LifecycleStage stage)
{
    switch (stage) {
    case LifecycleStage::HandshakePartition:
        return QStringLiteral("handshake_partition");
    case LifecycleStage::TopologyConfig:
        return QStringLiteral("topology_config");
    case LifecycleStage::ContextPublish:
        return QStringLiteral("context_publish");
    case LifecycleStage::BootstrapWait:
        return QStringLiteral("bootstrap_wait");
    case LifecycleStage::RegisterRelease:
        return QStringLiteral("register_release");
    case LifecycleStage::ExitSignal:
        return QStringLiteral("exit_signal");
    case LifecycleStage::ExitWait:
        return QStringLiteral("exit_wait");
    }
    return {};
}

} // namespace lanescope
