#include "lifecyclerecordsreader.h"

#include "model/io/json/lenientvalues.h"

#include <string_view>

namespace lanescope {

namespace {

using Type = JsonCursor::Type;

struct StageKeys
{
    std::string_view start;
    std::string_view end;
    std::string_view name; // the slice name; <name>_start_cycles / <name>_end_cycles are accepted too
};

// The key pairs of spec §11, in LifecycleStage order. The base spec lists the field names but not
// which pair makes which slice of supplement §7; pairing them by name is our reading. Spellings
// built from the slice name itself (handshake_partition_start_cycles …) are accepted as well:
// that shape is inferred, not seen in a stored writer.
constexpr StageKeys kStages[kLifecycleStageCount] = {
    {"handshake_start_cycles", "handshake_complete_cycles", "handshake_partition"},
    {"config_start_cycles", "topology_complete_cycles", "topology_config"},
    {"context_publish_start_cycles", "context_publish_complete_cycles", "context_publish"},
    {"bootstrap_wait_start_cycles", "bootstrap_complete_cycles", "bootstrap_wait"},
    {"register_release_start_cycles", "register_release_end_cycles", "register_release"},
    {"exit_signal_start_cycles", "exit_signal_end_cycles", "exit_signal"},
    {"exit_wait_start_cycles", "exit_wait_end_cycles", "exit_wait"},
};

bool isGenericKey(std::string_view key, std::string_view name, std::string_view suffix)
{
    return key.size() == name.size() + suffix.size() && key.substr(0, name.size()) == name &&
           key.substr(name.size()) == suffix;
}

// Which stage and end a key sets: {stage, isEnd}, stage -1 for other keys.
std::pair<int, bool> stageOf(std::string_view key)
{
    for (int s = 0; s < kLifecycleStageCount; ++s) {
        const StageKeys &k = kStages[s];
        if (key == k.start || isGenericKey(key, k.name, "_start_cycles"))
            return {s, false};
        if (key == k.end || isGenericKey(key, k.name, "_end_cycles"))
            return {s, true};
    }
    return {-1, false};
}

} // namespace

void LifecycleRecordsReader::read()
{
    m_raw.hasLifecycle = true;
    if (m_c.peek() != Type::Array) {
        m_raw.note(
            QStringLiteral("aicpu_lifecycle_records at byte %1 is not an array (ignored)").arg(m_c.offset()));
        m_c.skip();
        return;
    }
    m_c.enterArray();
    while (m_c.nextElement()) {
        const auto at = m_c.offset();
        // One record per AICPU thread: a handful, never millions.
        if (m_c.peek() != Type::Object ||
            m_raw.lifecycle.size() >= std::size_t(RecordLimits::maxSchedulerId)) {
            m_raw.phaseDamage.note(at);
            if (!m_c.skip())
                return;
            continue;
        }
        RawLifecycle record;
        if (!readRecord(record))
            return;
        m_raw.lifecycle.push_back(record);
    }
}

bool LifecycleRecordsReader::readRecord(RawLifecycle &record)
{
    m_c.enterObject();
    while (m_c.nextMember(m_key)) {
        std::uint64_t v = 0;
        if (m_key == "aicpu_thread_id") {
            if (takeUInt64(m_c, v, m_scratch) == Took::Value && std::int64_t(v) >= 0 &&
                std::int64_t(v) < RecordLimits::maxSchedulerId)
                record.thread = std::int64_t(v);
        } else if (const auto [stage, isEnd] = stageOf(m_key); stage >= 0) {
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                (isEnd ? record.stages[std::size_t(stage)].end : record.stages[std::size_t(stage)].start) = v;
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return false;
    }
    return m_c.ok();
}

} // namespace lanescope
