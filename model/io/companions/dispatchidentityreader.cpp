#include "dispatchidentityreader.h"

#include "model/io/json/jsoncursor.h"

#include <QByteArray>
#include <QFileInfo>
#include <array>
#include <charconv>
#include <cmath>
#include <string>

namespace lanescope {

namespace {

// The sidecar's spelling of the host log's run_id, dispatch_id, slot_id, generation (§2.8).
constexpr std::array<const char *, 4> kKeyFields = {"run_id", "endpoint_dispatch_id", "pipeline_slot",
                                                    "pipeline_generation"};

struct Field
{
    enum class State : std::uint8_t { Missing, Null, Integer, Other };
    State state = State::Missing;
    std::int64_t value = 0;
    std::int64_t at = -1; // byte offset of the value
};

bool parseDecimal(const std::string &s, std::int64_t &v)
{
    const char *b = s.data();
    const char *e = b + s.size();
    const auto [p, ec] = std::from_chars(b, e, v);
    return ec == std::errc() && p == e && b != e;
}

// An integer written as a JSON number (17, or 17.0 as a float-minded writer may put it) or as a
// decimal string; anything else is consumed and marked Other (inferred: the spec gives no types).
// False only when the JSON itself is broken.
bool takeInteger(JsonCursor &c, Field &out, std::string &scratch)
{
    const JsonCursor::Type type = c.peek();
    out.at = c.offset();
    out.state = Field::State::Other;
    switch (type) {
    case JsonCursor::Type::Number: {
        if (!c.readNumberText(scratch))
            return false;
        if (parseDecimal(scratch, out.value)) {
            out.state = Field::State::Integer;
            return true;
        }
        bool ok = false;
        const double d = QByteArray::fromStdString(scratch).toDouble(&ok); // C locale, unlike strtod
        if (ok && std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9.2e18) {
            out.value = std::int64_t(d);
            out.state = Field::State::Integer;
        }
        return true;
    }
    case JsonCursor::Type::String:
        if (!c.readString(scratch))
            return false;
        if (parseDecimal(scratch, out.value))
            out.state = Field::State::Integer;
        return true;
    case JsonCursor::Type::Null:
        out.state = Field::State::Null;
        return c.readNull();
    default:
        return c.skip();
    }
}

bool given(const Field &f)
{
    return f.state == Field::State::Integer || f.state == Field::State::Other;
}

} // namespace

bool readDispatchIdentity(ByteSource &source, DispatchIdentity &identity, QStringList &warnings,
                          ReadError *error)
{
    const QString file = QFileInfo(source.path()).fileName();
    JsonCursor cursor(source);
    Field pid;
    std::array<Field, kKeyFields.size()> key;
    std::string name, scratch;

    bool complete = cursor.enterObject();
    while (complete && cursor.nextMember(name)) {
        Field *slot = name == "host_pid" ? &pid : nullptr;
        for (std::size_t i = 0; i < kKeyFields.size() && !slot; ++i)
            if (name == kKeyFields[i])
                slot = &key[i];
        // A repeated key: the last one counts, as in a JSON object read into a dict.
        complete = slot ? takeInteger(cursor, *slot, scratch) : cursor.skip();
    }
    if (complete && cursor.ok() && !cursor.atEnd())
        cursor.fail(QStringLiteral("data after the top-level object"));
    if (!cursor.ok()) {
        if (error)
            *error = cursor.error();
        return false;
    }

    DispatchIdentity result;
    if (pid.state == Field::State::Integer && pid.value > 0)
        result.hostPid = pid.value;
    else if (given(pid))
        warnings << QStringLiteral("%1: host_pid at byte %2 is not a positive integer (inferred: a process "
                                   "id); the host pid does not narrow the containment placement")
                        .arg(file)
                        .arg(pid.at);

    bool anyGiven = false, all = true;
    QStringList problems;
    for (std::size_t i = 0; i < kKeyFields.size(); ++i) {
        const Field &f = key[i];
        anyGiven = anyGiven || given(f);
        if (f.state == Field::State::Integer)
            continue;
        all = false;
        problems << (f.state == Field::State::Other
                         ? QStringLiteral("%1 at byte %2 is not an integer")
                               .arg(QLatin1String(kKeyFields[i]))
                               .arg(f.at)
                         : QString::fromLatin1(f.state == Field::State::Null ? "%1 is null" : "%1 is missing")
                               .arg(QLatin1String(kKeyFields[i])));
    }
    if (all)
        result.key = DispatchKey{key[0].value, key[1].value, key[2].value, key[3].value};
    else if (anyGiven)
        warnings << QStringLiteral("%1: the dispatch identity needs run_id, endpoint_dispatch_id, "
                                   "pipeline_slot and pipeline_generation as integers (inferred), but %2; it "
                                   "does not narrow the containment placement")
                        .arg(file, problems.join(QStringLiteral(", ")));
    identity = result;
    return true;
}

} // namespace lanescope
