#include "metadatareader.h"

#include "model/io/json/lenientvalues.h"

#include <charconv>
#include <cmath>

namespace lanescope {

namespace {

using Type = JsonCursor::Type;

CoreType coreTypeOf(const std::string &s, bool &known)
{
    known = s == "aic" || s == "aiv";
    return s == "aic" ? CoreType::Aic : CoreType::Aiv;
}

} // namespace

MetadataReader::MetadataReader(JsonCursor &cursor, RawRecords &raw) : m_c(cursor), m_raw(raw) {}

bool MetadataReader::notArray(const char *what)
{
    if (m_c.peek() == Type::Array)
        return false;
    m_raw.note(
        QStringLiteral("%1 at byte %2 is not an array (ignored)").arg(QLatin1String(what)).arg(m_c.offset()));
    m_c.skip();
    return true;
}

void MetadataReader::read()
{
    m_raw.metadataOffset = m_c.offset();
    if (m_c.peek() != Type::Object) {
        m_raw.note(QStringLiteral("metadata at byte %1 is not an object (ignored)").arg(m_c.offset()));
        m_c.skip();
        return;
    }
    m_raw.hasMetadata = true;
    m_c.enterObject();
    std::string key;
    while (m_c.nextMember(key)) {
        std::uint64_t v = 0;
        if (key == "clock_freq_hz") {
            readClockFrequency();
        } else if (key == "num_cores") {
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                m_raw.numCores = std::int64_t(v);
        } else if (key == "core_types") {
            readCoreTypes();
        } else if (key == "core_to_thread") {
            readCoreToThread();
        } else if (key == "runtime" || key == "orchestrator_source") {
            if (takeString(m_c, m_text) == Took::Value)
                (key == "runtime" ? m_raw.runtime : m_raw.orchestratorSource) =
                    QString::fromStdString(m_text.substr(0, 256));
        } else if (key == "host_orchestration_origin_ns") {
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                m_raw.hostOriginNs = v;
        } else if (key == "host_timeline_origin_ns") {
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                m_raw.hostTimelineOriginNs = v;
        } else if (key == "clock_alignment") {
            readClockAlignment();
        } else if (key == "host_timestamp_quantization_ns") {
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                m_raw.hostQuantizationNs = std::int64_t(v);
        } else if (key == "host_capture") {
            readHostCapture();
        } else if (key == "clock_anchors") {
            readClockAnchors();
        } else if (key == "host_clock_domain_id") {
            // Its type is not documented: a string or an integer both name a domain.
            std::uint64_t v = 0;
            if (m_c.peek() == Type::Number) {
                if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                    m_raw.hostClockDomainId = QString::number(v);
            } else if (takeString(m_c, m_text) == Took::Value) {
                m_raw.hostClockDomainId = QString::fromStdString(m_text.substr(0, 128));
            }
        } else if (key == "collection") {
            readCollection();
        } else if (key == "run_boundaries" || key == "dropped_run_boundaries") {
            readRunBoundaryMember(key);
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return;
    }
}

JsonIntegerField MetadataReader::takeTypedInteger()
{
    JsonIntegerField f;
    switch (m_c.peek()) {
    case Type::Number:
        if (m_c.readNumberText(m_text))
            f = JsonIntegerField::fromNumberText(m_text);
        break;
    case Type::Bool: {
        bool b = false;
        m_c.readBool(b);
        f.kind = JsonIntegerField::Kind::Bool;
        break;
    }
    default:
        m_c.skip();
        f.kind = JsonIntegerField::Kind::Other;
        break;
    }
    return f;
}

void MetadataReader::readClockFrequency()
{
    m_raw.clockOffset = m_c.offset();
    if (m_c.peek() != Type::Number) {
        // Decimal strings are accepted for the time base, though never as a clock_alignment frequency.
        std::uint64_t v = 0;
        if (takeUInt64(m_c, v, m_scratch) == Took::Value)
            m_raw.clockFreqHz = std::int64_t(v);
        m_raw.clockFreqField.kind = JsonIntegerField::Kind::Other;
        return;
    }
    if (!m_c.readNumberText(m_text))
        return;
    m_raw.clockFreqField = JsonIntegerField::fromNumberText(m_text);
    if (m_raw.clockFreqField.isInteger()) {
        m_raw.clockFreqHz = m_raw.clockFreqField.value;
        return;
    }
    // Integral floats (5e7) still give the time base, as readUInt64 allows them.
    double d = 0;
    const char *b = m_text.data();
    auto [p, ec] = std::from_chars(b, b + m_text.size(), d);
    if (ec == std::errc() && p == b + m_text.size() && std::isfinite(d) && std::abs(d) < 9.2e18 &&
        double(std::int64_t(d)) == d)
        m_raw.clockFreqHz = std::int64_t(d);
}

void MetadataReader::readClockAlignment()
{
    auto &a = m_raw.clockAlignment;
    a = RawClockAlignment();
    a.present = true;
    a.offset = m_c.offset();
    if (m_c.peek() != Type::Object) {
        m_c.skip();
        return;
    }
    a.isObject = true;
    m_c.enterObject();
    std::string key;
    while (m_c.nextMember(key)) {
        JsonIntegerField *number = nullptr;
        if (key == "device_anchor_cycles")
            number = &a.deviceAnchorCycles;
        else if (key == "host_anchor_ns")
            number = &a.hostAnchorNs;
        else if (key == "host_anchor_min_ns")
            number = &a.hostAnchorMinNs;
        else if (key == "host_anchor_max_ns")
            number = &a.hostAnchorMaxNs;
        if (number) {
            *number = takeTypedInteger();
        } else if (key == "status") {
            const Took t = takeString(m_c, m_text);
            a.statusKind = t == Took::Value ? RawClockAlignment::StatusKind::String
                                            : RawClockAlignment::StatusKind::NotString;
            a.status = t == Took::Value ? m_text.substr(0, 64) : std::string();
        } else if (key == "reason") {
            if (takeString(m_c, m_text) == Took::Value)
                a.reason = m_text.substr(0, 512);
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return;
    }
}

void MetadataReader::readCoreTypes()
{
    if (notArray("metadata.core_types"))
        return;
    m_raw.hasCoreTypes = true;
    m_raw.coreTypes.clear();
    m_c.enterArray();
    while (m_c.nextElement()) {
        if (takeString(m_c, m_text) == Took::Failed)
            return;
        if (m_raw.coreTypes.size() >= RecordLimits::maxTableLength)
            continue;
        bool known = false;
        m_raw.coreTypes.push_back(coreTypeOf(m_text, known));
        if (!known)
            ++m_raw.unknownCoreTypeNames;
    }
}

void MetadataReader::readCoreToThread()
{
    if (notArray("core_to_thread"))
        return;
    m_raw.hasCoreToThread = true;
    m_raw.coreToThread.clear();
    m_c.enterArray();
    while (m_c.nextElement()) {
        std::uint64_t v = 0;
        const Took t = takeUInt64(m_c, v, m_scratch);
        if (t == Took::Failed)
            return;
        if (m_raw.coreToThread.size() >= RecordLimits::maxTableLength)
            continue;
        const auto s = std::int64_t(v);
        // Anything that is not a plausible thread index reads as "unassigned".
        m_raw.coreToThread.push_back(t == Took::Value && s >= 0 && s < RecordLimits::maxSchedulerId ? int(s)
                                                                                                    : -1);
    }
}

void MetadataReader::readCollection()
{
    if (m_c.peek() != Type::Object) {
        m_raw.note(
            QStringLiteral("metadata.collection at byte %1 is not an object (ignored)").arg(m_c.offset()));
        m_c.skip();
        return;
    }
    RunCollection &c = m_raw.collection;
    c.present = true;
    m_c.enterObject();
    std::string key;
    while (m_c.nextMember(key)) {
        std::optional<std::uint64_t> *count = nullptr;
        std::optional<bool> *flag = nullptr;
        if (key == "run_epoch")
            count = &c.runEpoch;
        else if (key == "session_id")
            count = &c.sessionId;
        else if (key == "not_received_buffers")
            count = &c.notReceivedBuffers;
        else if (key == "unpublished_loss")
            count = &c.unpublishedLoss;
        else if (key == "transport_retired")
            count = &c.transportRetired;
        else if (key == "transport_retired_records")
            count = &c.transportRetiredRecords;
        else if (key == "unattributable_handoffs")
            count = &c.unattributableHandoffs;
        else if (key == "cut_failed_queues")
            count = &c.cutFailedQueues;
        else if (key == "processing_complete")
            flag = &c.processingComplete;
        else if (key == "metadata_complete")
            flag = &c.metadataComplete;
        else if (key == "handoff_identity_verified")
            flag = &c.handoffIdentityVerified;
        const std::int64_t at = m_c.offset();
        if (count) {
            // Counters are unsigned: a negative value (it wraps past 2^63) or a non-integer is damage.
            std::uint64_t v = 0;
            const bool number = m_c.peek() == Type::Number; // the runtime writes integers, never strings
            const Took t = takeUInt64(m_c, v, m_scratch);
            if (t == Took::Value && number && v < (std::uint64_t(1) << 63))
                *count = v;
            else if (t != Took::Failed)
                m_raw.note(QStringLiteral("metadata.collection.%1 at byte %2 is not a count (ignored)")
                               .arg(QString::fromStdString(key))
                               .arg(at));
        } else if (flag) {
            bool v = false;
            const Took t = takeBool(m_c, v);
            if (t == Took::Value)
                *flag = v;
            else if (t == Took::Other)
                m_raw.note(QStringLiteral("metadata.collection.%1 at byte %2 is not true or false (ignored)")
                               .arg(QString::fromStdString(key))
                               .arg(at));
        } else if (key == "verdict") {
            const Took t = takeString(m_c, m_text);
            if (t == Took::Value)
                c.verdict = QString::fromStdString(m_text.substr(0, 64));
            else if (t == Took::Other)
                m_raw.note(QStringLiteral("metadata.collection.verdict at byte %1 is not a string (ignored)")
                               .arg(at));
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return;
    }
}

void MetadataReader::readRunBoundaryMember(const std::string &key)
{
    // run_boundaries holds one entry per launch (upstream §4.5), each a [k, start_cycles] pair
    // (field supplement §3); an entry of another shape is still counted, so that a file of several
    // launches is never taken for one. dropped_run_boundaries is a count; a number there is taken,
    // and so is an array, as its length.
    const bool boundaries = key == "run_boundaries";
    std::optional<std::uint64_t> &target = boundaries ? m_raw.runBoundaries : m_raw.droppedRunBoundaries;
    if (m_c.peek() == Type::Array) {
        std::uint64_t n = 0;
        m_c.enterArray();
        while (m_c.nextElement()) {
            const std::int64_t at = m_c.offset();
            ++n;
            if (!boundaries || m_raw.launchBoundaries.size() >= RecordLimits::maxTableLength) {
                if (!m_c.skip())
                    return;
                continue;
            }
            if (!readLaunchBoundary()) {
                if (!m_c.ok())
                    return;
                ++m_raw.unreadableRunBoundaries;
                if (m_raw.unreadableRunBoundaryOffset < 0)
                    m_raw.unreadableRunBoundaryOffset = at;
            }
        }
        target = n;
        return;
    }
    const std::int64_t at = m_c.offset();
    std::uint64_t v = 0;
    const Took took = takeUInt64(m_c, v, m_scratch);
    if (took == Took::Value)
        target = v;
    else if (took == Took::Other)
        m_raw.note(QStringLiteral("metadata.%1 at byte %2 is not a count (ignored)")
                       .arg(QString::fromStdString(key))
                       .arg(at));
}

bool MetadataReader::readLaunchBoundary()
{
    if (m_c.peek() != Type::Array)
        return m_c.skip() && false;
    m_c.enterArray();
    std::uint64_t values[2] = {0, 0};
    std::size_t count = 0;
    bool numbers = true;
    while (m_c.nextElement()) {
        if (count < 2 && m_c.peek() == Type::Number) {
            if (!m_c.readUInt64(values[count]))
                return false;
        } else {
            numbers = false;
            if (!m_c.skip())
                return false;
        }
        ++count;
    }
    // Negative numbers wrap to huge ones on reading: neither is an ordinal or a start.
    constexpr std::uint64_t kLargest = std::uint64_t(1) << 63;
    if (!m_c.ok() || !numbers || count != 2 || values[0] >= kLargest || values[1] >= kLargest)
        return false;
    m_raw.launchBoundaries.push_back({values[0], values[1]});
    return true;
}

void MetadataReader::readHostCapture()
{
    if (m_c.peek() != Type::Object) {
        m_c.skip();
        return;
    }
    auto &h = m_raw.hostCapture;
    h.present = true;
    m_c.enterObject();
    std::string key;
    while (m_c.nextMember(key)) {
        std::uint64_t v = 0;
        std::optional<std::uint64_t> *target = nullptr;
        if (key == "expected_records")
            target = &h.expectedRecords;
        else if (key == "recorded_records")
            target = &h.recordedRecords;
        else if (key == "dropped_records")
            target = &h.droppedRecords;
        if (target) {
            if (takeUInt64(m_c, v, m_scratch) == Took::Value)
                *target = v;
        } else if (key == "status") {
            if (takeString(m_c, m_text) == Took::Value)
                h.status = m_text.substr(0, 64);
        } else if (key == "error") {
            if (takeString(m_c, m_text) == Took::Value)
                h.error = m_text.substr(0, 64);
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return;
    }
}

void MetadataReader::readClockAnchors()
{
    auto &a = m_raw.clockAnchors;
    if (m_c.peek() != Type::Object) {
        m_c.skip();
        return;
    }
    a.present = true;
    m_c.enterObject();
    std::string key;
    while (m_c.nextMember(key)) {
        if (key == "device_timestamp_unit") {
            a.deviceTimestampUnit.clear();
            if (takeString(m_c, m_text) == Took::Value)
                a.deviceTimestampUnit = m_text.substr(0, 64);
        } else if (key == "raw_device_timestamp_unit") {
            a.rawDeviceTimestampUnit.clear(); // present but not a string: unsupported, as in the converter
            if (takeString(m_c, m_text) == Took::Value)
                a.rawDeviceTimestampUnit = m_text.substr(0, 64);
        } else if (key == "samples") {
            if (m_c.peek() != Type::Array) {
                m_c.skip();
            } else {
                a.hasSamples = true;
                m_c.enterArray();
                while (m_c.nextElement()) {
                    if (m_c.peek() != Type::Object || a.samples.size() >= RecordLimits::maxAnchorSamples) {
                        m_c.skip();
                        continue;
                    }
                    ClockAnchorSample s;
                    readAnchorSample(s);
                    if (m_c.ok())
                        a.samples.push_back(std::move(s));
                }
            }
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return;
    }
}

void MetadataReader::readAnchorSample(ClockAnchorSample &s)
{
    m_c.enterObject();
    std::string key;
    while (m_c.nextMember(key)) {
        std::optional<std::int64_t> *target = nullptr;
        if (key == "sample_idx")
            target = &s.sampleIdx;
        else if (key == "host_before_ns")
            target = &s.hostBeforeNs;
        else if (key == "device_cycles")
            target = &s.deviceCycles;
        else if (key == "host_after_ns")
            target = &s.hostAfterNs;
        if (target) {
            std::uint64_t v = 0;
            const Took t = takeUInt64(m_c, v, m_scratch);
            if (t == Took::Value)
                *target = std::int64_t(v);
            else
                target->reset();
        } else if (key == "position") {
            if (takeString(m_c, m_text) == Took::Value)
                s.position = m_text.substr(0, 64);
        } else if (key == "error") {
            // null, 0 and "" mean "no error" (the converter's test); anything else invalidates the sample.
            switch (m_c.peek()) {
            case Type::Null:
                m_c.readNull();
                s.hasError = false;
                break;
            case Type::Number: {
                double d = 0;
                if (m_c.readDouble(d))
                    s.hasError = d != 0;
                break;
            }
            case Type::String:
                if (m_c.readString(m_text))
                    s.hasError = !m_text.empty();
                break;
            case Type::Bool: {
                bool b = false;
                if (m_c.readBool(b))
                    s.hasError = b;
                break;
            }
            default:
                s.hasError = true;
                m_c.skip();
                break;
            }
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return;
    }
}

} // namespace lanescope
