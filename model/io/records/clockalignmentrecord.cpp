#include "clockalignmentrecord.h"

#include <charconv>

namespace lanescope {

JsonIntegerField JsonIntegerField::fromNumberText(const std::string &text)
{
    JsonIntegerField f;
    // JSON (and Python's json module) reads a number with a fraction or an exponent as a float,
    // even when its value is integral.
    if (text.find_first_of(".eE") != std::string::npos) {
        f.kind = Kind::Float;
        return f;
    }
    const char *b = text.data();
    const char *e = b + text.size();
    auto [p, ec] = std::from_chars(b, e, f.value);
    if (ec == std::errc::result_out_of_range)
        f.kind = Kind::OutOfRange;
    else if (ec != std::errc() || p != e || text.empty())
        f.kind = Kind::Other;
    else
        f.kind = Kind::Integer;
    return f;
}

namespace {

QString describe(const JsonIntegerField &f)
{
    switch (f.kind) {
    case JsonIntegerField::Kind::Absent:
        return QStringLiteral("missing");
    case JsonIntegerField::Kind::OutOfRange:
        return QStringLiteral("an integer beyond 64 bits");
    case JsonIntegerField::Kind::Float:
        return QStringLiteral("a float, not an integer");
    case JsonIntegerField::Kind::Bool:
        return QStringLiteral("a bool, not an integer");
    case JsonIntegerField::Kind::Other:
        return QStringLiteral("not a number");
    case JsonIntegerField::Kind::Integer:
        return QString::number(f.value);
    }
    return {};
}

ClockAlignmentCheck invalid(const QString &why)
{
    ClockAlignmentCheck c;
    c.status = ClockAlignmentCheck::Status::Invalid;
    c.reason = why;
    return c;
}

} // namespace

ClockAlignmentCheck checkClockAlignment(const RawClockAlignment &record, const JsonIntegerField &clockFreqHz)
{
    using Status = ClockAlignmentCheck::Status;
    ClockAlignmentCheck c;
    if (!record.present)
        return c;
    if (!record.isObject)
        return invalid(QStringLiteral("is not an object"));
    if (record.statusKind != RawClockAlignment::StatusKind::String)
        return invalid(record.statusKind == RawClockAlignment::StatusKind::Absent
                           ? QStringLiteral("has no status")
                           : QStringLiteral("status is not a string"));
    if (record.status == "unavailable") {
        c.status = Status::Unavailable;
        c.reason = QString::fromStdString(record.reason);
        return c;
    }
    if (record.status != "bounded")
        return invalid(QStringLiteral("status \"%1\" is neither bounded nor unavailable")
                           .arg(QString::fromStdString(record.status.substr(0, 40))));

    const std::pair<const char *, const JsonIntegerField *> numbers[] = {
        {"device_anchor_cycles", &record.deviceAnchorCycles},
        {"host_anchor_ns", &record.hostAnchorNs},
        {"host_anchor_min_ns", &record.hostAnchorMinNs},
        {"host_anchor_max_ns", &record.hostAnchorMaxNs},
    };
    for (const auto &[name, field] : numbers)
        if (!field->isInteger())
            return invalid(QStringLiteral("%1 is %2").arg(QLatin1String(name), describe(*field)));
    if (!clockFreqHz.isInteger() || clockFreqHz.value <= 0)
        return invalid(
            QStringLiteral("needs an integer clock_freq_hz > 0, which is %1").arg(describe(clockFreqHz)));

    BoundedClockAlignment &b = c.bounded;
    b.deviceAnchorCycles = record.deviceAnchorCycles.value;
    b.hostAnchorNs = record.hostAnchorNs.value;
    b.hostAnchorMinNs = record.hostAnchorMinNs.value;
    b.hostAnchorMaxNs = record.hostAnchorMaxNs.value;
    b.frequencyHz = clockFreqHz.value;
    if (b.deviceAnchorCycles <= 0)
        return invalid(QStringLiteral("device_anchor_cycles is %1, not > 0").arg(b.deviceAnchorCycles));
    if (b.hostAnchorMinNs <= 0)
        return invalid(QStringLiteral("host_anchor_min_ns is %1, not > 0").arg(b.hostAnchorMinNs));
    if (b.hostAnchorMinNs > b.hostAnchorNs || b.hostAnchorNs > b.hostAnchorMaxNs)
        return invalid(
            QStringLiteral("needs host_anchor_min_ns <= host_anchor_ns <= host_anchor_max_ns, which are %1, "
                           "%2, %3")
                .arg(b.hostAnchorMinNs)
                .arg(b.hostAnchorNs)
                .arg(b.hostAnchorMaxNs));
    c.status = Status::Bounded;
    return c;
}

} // namespace lanescope
