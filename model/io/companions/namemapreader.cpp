#include "namemapreader.h"

#include "model/io/json/jsoncursor.h"

#include <QFileInfo>
#include <algorithm>
#include <charconv>
#include <string>

namespace lanescope {

namespace {

// Keys are func ids written as plain decimal: no sign, no spaces, within int.
bool parseFuncId(const std::string &key, int &id)
{
    if (key.empty() || key[0] < '0' || key[0] > '9')
        return false;
    const auto [p, ec] = std::from_chars(key.data(), key.data() + key.size(), id);
    return ec == std::errc() && p == key.data() + key.size();
}

QString quotedKey(const std::string &s)
{
    return u'"' + QString::fromUtf8(s.data(), qsizetype(std::min<std::size_t>(s.size(), 40))) + u'"';
}

} // namespace

bool readNameMap(ByteSource &source, NameMap &map, QStringList &warnings, ReadError *error)
{
    const QString file = QFileInfo(source.path()).fileName();
    JsonCursor cursor(source);
    NameMap result;
    QHash<int, QString> names;
    bool hasLevel = false;
    bool hasNames = false;
    QStringList badKeys;
    qsizetype badKeyCount = 0;
    qsizetype badValueCount = 0;
    std::string key, text;

    auto parseNames = [&]() -> bool {
        hasNames = true;
        if (cursor.peek() != JsonCursor::Type::Object) {
            warnings.append(
                QStringLiteral("%1: callable_id_to_name at byte %2 is not an object and was ignored")
                    .arg(file)
                    .arg(cursor.offset()));
            return cursor.skip();
        }
        if (!cursor.enterObject())
            return false;
        std::string id;
        while (cursor.nextMember(id)) {
            int funcId = -1;
            const bool keyOk = parseFuncId(id, funcId);
            if (!keyOk) {
                if (++badKeyCount <= 3)
                    badKeys.append(quotedKey(id));
            }
            const auto type = cursor.peek();
            if (type == JsonCursor::Type::String) {
                if (!cursor.readString(text))
                    return false;
                if (keyOk && !text.empty()) // an empty name is as good as none: generated label
                    names.insert(funcId, QString::fromStdString(text));
            } else {
                if (type != JsonCursor::Type::Null && keyOk)
                    ++badValueCount;
                if (!cursor.skip())
                    return false;
            }
        }
        return cursor.ok();
    };

    bool complete = cursor.enterObject();
    while (complete && cursor.nextMember(key)) {
        if (key == "level" && cursor.peek() == JsonCursor::Type::Number) {
            std::int64_t level = 0;
            complete = cursor.readInt64(level);
            result.level = int(std::clamp<std::int64_t>(level, -1, 1000));
            hasLevel = complete;
        } else if (key == "orchestrator_name" && cursor.peek() == JsonCursor::Type::String) {
            complete = cursor.readString(text);
            result.orchestratorName = QString::fromStdString(text);
        } else if (key == "callable_id_to_name") {
            complete = parseNames();
        } else {
            complete = cursor.skip();
        }
    }
    complete = complete && cursor.ok();

    if (!complete && (!cursor.truncated() || cursor.depth() == 0)) {
        if (error)
            *error = cursor.error();
        return false;
    }
    if (!complete && error)
        *error = cursor.error(); // true with an error set: the names before the damage were kept
    if (!complete)
        warnings.append(QStringLiteral("%1: truncated at byte %2; kept the %3 names read before it")
                            .arg(file)
                            .arg(cursor.errorOffset())
                            .arg(names.size()));
    if (!hasNames && complete)
        warnings.append(
            QStringLiteral("%1: no callable_id_to_name object; kernels keep generated names").arg(file));
    if (badKeyCount > 0)
        warnings.append(
            QStringLiteral("%1: %2 keys of callable_id_to_name are not decimal func ids and were skipped "
                           "(%3)")
                .arg(file)
                .arg(badKeyCount)
                .arg(badKeys.join(QStringLiteral(", "))));
    if (badValueCount > 0)
        warnings.append(QStringLiteral("%1: %2 names in callable_id_to_name are not strings and were skipped")
                            .arg(file)
                            .arg(badValueCount));
    if (hasLevel && result.level != 2) {
        warnings.append(
            QStringLiteral("%1: name map of level %2; only level-2 maps name the func ids of a chip "
                           "capture, so its %3 names are not used")
                .arg(file)
                .arg(result.level)
                .arg(names.size()));
        names.clear();
    }
    result.names = std::move(names);
    map = std::move(result);
    return true;
}

} // namespace lanescope
