#include "reviewsession.h"

#include "model/io/atomicfile.h"
#include "model/io/discovery.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cmath>
#include <nlohmann/json.hpp>
#include <zstd.h>

namespace lanescope {

using Json = nlohmann::json;

namespace {

constexpr const char *kFormat = "lanescope-review";
constexpr int kMaxNesting = 32; // the format nests 5 deep; anything deeper is not ours
constexpr std::size_t kMaxMarkers = 1'000'000;

struct SessionError
{
    QString message;
};

std::string utf8(const QString &s)
{
    return s.toStdString();
}

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// A value quoted in a message: short, and on one line whatever it contains.
QString quoted(const QString &s)
{
    QString out = s.left(80);
    for (QChar &c : out)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
            c == QChar::ParagraphSeparator)
            c = u'?';
    return u'"' + out + u'"';
}

// A relative name of one or two plain components ("deps.json", "scope_stats/scope_stats.jsonl").
bool isSafeRelativeName(const QString &name)
{
    if (name.isEmpty() || name.size() > 255 || name.startsWith(u'/') || name.contains(u'\\') ||
        name.contains(QChar(0)))
        return false;
    const QStringList parts = name.split(u'/');
    if (parts.size() > 2)
        return false;
    for (const QString &p : parts)
        if (p.isEmpty() || p == QLatin1String(".") || p == QLatin1String(".."))
            return false;
    return true;
}

// Depth of [ and { outside strings, to refuse absurd nesting before the parser sees it.
std::optional<qsizetype> excessiveNesting(const QByteArray &bytes)
{
    int depth = 0;
    bool inString = false, escaped = false;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const char ch = bytes[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (ch == '\\')
                escaped = true;
            else if (ch == '"')
                inString = false;
            continue;
        }
        if (ch == '"')
            inString = true;
        else if (ch == '[' || ch == '{') {
            if (++depth > kMaxNesting)
                return i;
        } else if (ch == ']' || ch == '}')
            --depth;
    }
    return std::nullopt;
}

Json captureToJson(const ReviewCapture &c)
{
    Json o = Json::object();
    o["path"] = utf8(c.path);
    Json files = Json::array();
    for (const EmbeddedFile &f : c.embedded) {
        QByteArray packed(qsizetype(ZSTD_compressBound(std::size_t(f.bytes.size()))), Qt::Uninitialized);
        const std::size_t n = ZSTD_compress(packed.data(), std::size_t(packed.size()), f.bytes.constData(),
                                            std::size_t(f.bytes.size()), 6);
        if (ZSTD_isError(n))
            throw SessionError{QStringLiteral("%1: compression failed: %2")
                                   .arg(f.name, QLatin1String(ZSTD_getErrorName(n)))};
        packed.truncate(qsizetype(n));
        files.push_back({{"name", utf8(f.name)},
                         {"size", f.bytes.size()},
                         {"zstd_base64", packed.toBase64().toStdString()}});
    }
    o["embedded"] = files;
    if (c.simulated)
        o["simulated"] = *c.simulated;
    if (!c.bookmarks.isEmpty())
        o["bookmarks"] = viewBookmarksToJson(c.bookmarks);
    return o;
}

const Json &sessionMember(const Json &o, const char *key, const QString &where)
{
    auto it = o.find(key);
    if (it == o.end())
        throw SessionError{QStringLiteral("%1: missing \"%2\"").arg(where, QLatin1String(key))};
    return *it;
}

QString stringMember(const Json &o, const char *key, const QString &where)
{
    const Json &v = sessionMember(o, key, where);
    if (!v.is_string())
        throw SessionError{QStringLiteral("%1.%2: not a string").arg(where, QLatin1String(key))};
    return qs(v.get<std::string>());
}

EmbeddedFile embeddedFromJson(const Json &o, const QString &where, qint64 &total)
{
    if (!o.is_object())
        throw SessionError{where + QStringLiteral(": not an object")};
    EmbeddedFile f;
    f.name = stringMember(o, "name", where);
    if (!isSafeRelativeName(f.name))
        throw SessionError{QStringLiteral("%1.name: %2 is not a plain file name").arg(where, quoted(f.name))};
    const Json &size = sessionMember(o, "size", where);
    if (!size.is_number_unsigned() || size.get<std::uint64_t>() > std::uint64_t(kMaxEmbeddedBytes))
        throw SessionError{where + QStringLiteral(".size: not a size up to 4 GiB")};
    const std::uint64_t expected = size.get<std::uint64_t>();
    total += qint64(expected);
    if (total > kMaxEmbeddedBytes)
        throw SessionError{where + QStringLiteral(": embedded files exceed 4 GiB in total")};
    const std::string &text = [&]() -> const std::string & {
        const Json &v = sessionMember(o, "zstd_base64", where);
        if (!v.is_string())
            throw SessionError{where + QStringLiteral(".zstd_base64: not a string")};
        return v.get_ref<const std::string &>();
    }();
    const auto decoded =
        QByteArray::fromBase64Encoding(QByteArray::fromRawData(text.data(), qsizetype(text.size())),
                                       QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        throw SessionError{where + QStringLiteral(".zstd_base64: not base64")};
    const QByteArray &packed = decoded.decoded;
    const unsigned long long frame = ZSTD_getFrameContentSize(packed.constData(), std::size_t(packed.size()));
    if (frame == ZSTD_CONTENTSIZE_ERROR || frame == ZSTD_CONTENTSIZE_UNKNOWN || frame != expected)
        throw SessionError{where + QStringLiteral(".zstd_base64: not a zstd frame of the stated size")};
    f.bytes = QByteArray(qsizetype(expected), Qt::Uninitialized);
    const std::size_t n = ZSTD_decompress(f.bytes.data(), std::size_t(expected), packed.constData(),
                                          std::size_t(packed.size()));
    if (ZSTD_isError(n) || n != expected)
        throw SessionError{where + QStringLiteral(".zstd_base64: corrupt zstd data")};
    return f;
}

ReviewCapture captureFromJson(const Json &o, const QString &where, qint64 &total)
{
    if (!o.is_object())
        throw SessionError{where + QStringLiteral(": not an object")};
    ReviewCapture c;
    c.path = stringMember(o, "path", where);
    auto it = o.find("embedded");
    if (it != o.end()) {
        if (!it->is_array())
            throw SessionError{where + QStringLiteral(".embedded: not an array")};
        for (std::size_t i = 0; i < it->size(); ++i) {
            c.embedded.push_back(
                embeddedFromJson((*it)[i], QStringLiteral("%1.embedded[%2]").arg(where).arg(i), total));
            for (std::size_t k = 0; k + 1 < c.embedded.size(); ++k)
                if (c.embedded[k].name == c.embedded.back().name)
                    throw SessionError{QStringLiteral("%1.embedded[%2]: %3 appears twice")
                                           .arg(where)
                                           .arg(i)
                                           .arg(quoted(c.embedded.back().name))};
        }
    }
    if (auto sim = o.find("simulated"); sim != o.end()) {
        if (!sim->is_boolean())
            throw SessionError{where + QStringLiteral(".simulated: not true or false")};
        c.simulated = sim->get<bool>();
    }
    if (auto marks = o.find("bookmarks"); marks != o.end()) {
        QString why;
        auto bookmarks = viewBookmarksFromJson(*marks, where + QStringLiteral(".bookmarks"), &why);
        if (!bookmarks)
            throw SessionError{why};
        c.bookmarks = std::move(*bookmarks);
    }
    return c;
}

DiffSettings diffSettingsFromJson(const Json &o)
{
    const QString where = QStringLiteral("diff");
    if (!o.is_object())
        throw SessionError{where + QStringLiteral(": not an object")};
    DiffSettings d;
    const QString anchor = stringMember(o, "anchor", where);
    const std::optional<DiffAnchor> a = diffAnchorFromName(anchor);
    if (!a)
        throw SessionError{where +
                           QStringLiteral(".anchor: %1 is not starts, task or marker").arg(quoted(anchor))};
    d.anchor = *a;
    d.anchorTask = stringMember(o, "task", where);
    d.anchorMarker = stringMember(o, "marker", where);
    const Json &ghost = sessionMember(o, "ghost", where);
    if (!ghost.is_boolean())
        throw SessionError{where + QStringLiteral(".ghost: not true or false")};
    d.ghost = ghost.get<bool>();
    return d;
}

} // namespace

QByteArray serializeReviewSession(const ReviewSession &s)
{
    Json root = Json::object();
    root["format"] = kFormat;
    root["version"] = kReviewSessionVersion;
    root["technique"] = utf8(s.technique);
    root["notes"] = utf8(s.notes);
    Json markers = Json::array();
    for (const ReviewMarker &m : s.markers)
        markers.push_back({{"time_us", m.timeUs}, {"name", utf8(m.name)}});
    root["markers"] = markers;
    root["diff"] = {{"anchor", utf8(diffAnchorName(s.diff.anchor))},
                    {"task", utf8(s.diff.anchorTask)},
                    {"marker", utf8(s.diff.anchorMarker)},
                    {"ghost", s.diff.ghost}};
    root["before"] = captureToJson(s.before);
    root["after"] = captureToJson(s.after);
    const std::string text = root.dump(1, ' ', false, Json::error_handler_t::replace);
    return QByteArray(text.data(), qsizetype(text.size())) + '\n';
}

std::optional<ReviewSession> parseReviewSession(const QByteArray &bytes, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<ReviewSession> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (auto at = excessiveNesting(bytes))
        return fail(QStringLiteral("at byte %1: nested deeper than %2 levels").arg(*at).arg(kMaxNesting));
    Json root;
    try {
        root = Json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const Json::exception &e) {
        const auto *pe = dynamic_cast<const Json::parse_error *>(&e);
        const QString what = QString::fromUtf8(e.what());
        const QString detail = quoted(what.section(QStringLiteral(": "), -1)).mid(1).chopped(1);
        return fail(
            pe ? QStringLiteral("at byte %1: not valid JSON (%2)").arg(qulonglong(pe->byte)).arg(detail)
               : QStringLiteral("not valid JSON (%1)").arg(detail));
    }
    try {
        if (!root.is_object())
            throw SessionError{QStringLiteral("the top level is not an object")};
        const Json &format = sessionMember(root, "format", QStringLiteral("review"));
        if (!format.is_string() || format.get<std::string>() != kFormat)
            throw SessionError{QStringLiteral("format: not a Lanescope review (expected \"%1\")")
                                   .arg(QLatin1String(kFormat))};
        const Json &version = sessionMember(root, "version", QStringLiteral("review"));
        if (!version.is_number_integer() || version.get<std::int64_t>() < 1)
            throw SessionError{QStringLiteral("version: not a positive integer")};
        if (version.get<std::int64_t>() > kReviewSessionVersion)
            throw SessionError{QStringLiteral("version %1 is newer than this Lanescope reads (%2)")
                                   .arg(version.get<std::int64_t>())
                                   .arg(kReviewSessionVersion)};
        ReviewSession s;
        s.technique = stringMember(root, "technique", QStringLiteral("review"));
        s.notes = stringMember(root, "notes", QStringLiteral("review"));
        const Json &markers = sessionMember(root, "markers", QStringLiteral("review"));
        if (!markers.is_array())
            throw SessionError{QStringLiteral("markers: not an array")};
        if (markers.size() > kMaxMarkers)
            throw SessionError{QStringLiteral("markers: more than %1").arg(kMaxMarkers)};
        for (std::size_t i = 0; i < markers.size(); ++i) {
            const QString at = QStringLiteral("markers[%1]").arg(i);
            if (!markers[i].is_object())
                throw SessionError{at + QStringLiteral(": not an object")};
            const Json &t = sessionMember(markers[i], "time_us", at);
            if (!t.is_number() || !std::isfinite(t.get<double>()))
                throw SessionError{at + QStringLiteral(".time_us: not a finite number")};
            s.markers.push_back({t.get<double>(), stringMember(markers[i], "name", at)});
        }
        if (auto diff = root.find("diff"); diff != root.end())
            s.diff = diffSettingsFromJson(*diff);
        qint64 total = 0;
        s.before = captureFromJson(sessionMember(root, "before", QStringLiteral("review")),
                                   QStringLiteral("before"), total);
        s.after = captureFromJson(sessionMember(root, "after", QStringLiteral("review")),
                                  QStringLiteral("after"), total);
        return s;
    } catch (const SessionError &e) {
        return fail(e.message);
    } catch (const Json::exception &e) {
        return fail(QStringLiteral("unexpected value (%1)").arg(quoted(QString::fromUtf8(e.what()))));
    } catch (const std::bad_alloc &) {
        return fail(QStringLiteral("not enough memory for the embedded captures"));
    }
}

bool saveReviewSession(const ReviewSession &session, const QString &path, QString *error,
                       const std::function<bool()> &keepGoing)
{
    auto fail = [error, &path](const QString &message) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, message);
        return false;
    };
    for (const ReviewMarker &m : session.markers)
        if (!std::isfinite(m.timeUs))
            return fail(QStringLiteral("marker \"%1\" has no finite time").arg(m.name));
    for (const ReviewCapture *side : {&session.before, &session.after})
        for (const int slot : side->bookmarks.storedSlots()) {
            const ViewBookmark &view = *side->bookmarks.find(slot);
            if (!view.range.isValid() || !std::isfinite(view.scrollYPx))
                return fail(QStringLiteral("view bookmark %1 has no finite range").arg(slot));
        }
    QByteArray bytes;
    try {
        bytes = serializeReviewSession(session);
    } catch (const SessionError &e) {
        return fail(e.message);
    }
    if (const QString why = writeFileAtomically(path, bytes, keepGoing); !why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    return true;
}

std::optional<ReviewSession> loadReviewSession(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    if (f.size() > kMaxEmbeddedBytes * 2) {
        if (error)
            *error = QStringLiteral("%1: larger than a review file can be").arg(path);
        return std::nullopt;
    }
    QString why;
    auto s = parseReviewSession(f.readAll(), &why);
    if (!s && error)
        *error = QStringLiteral("%1: %2").arg(path, why);
    return s;
}

std::optional<std::vector<EmbeddedFile>> captureFilesForEmbedding(const QString &capturePath, QString *error)
{
    ReadError readError;
    const DiscoveredFiles found = discoverCapture(capturePath, &readError);
    if (found.kind == MainFileKind::None || found.main.isEmpty()) {
        if (error)
            *error = readError.message.isEmpty() ? QStringLiteral("%1: no capture found").arg(capturePath)
                                                 : readError.message;
        return std::nullopt;
    }
    const QDir base = QFileInfo(found.main).absoluteDir();
    std::vector<EmbeddedFile> files;
    for (const QString &p :
         {found.main, found.deps, found.nameMap, found.scopeStats, found.hostLog, found.dispatchIdentity}) {
        if (p.isEmpty())
            continue;
        QString name = base.relativeFilePath(p);
        if (!isSafeRelativeName(name))
            name = QFileInfo(p).fileName();
        QFile f(p);
        if (!f.open(QIODevice::ReadOnly)) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(p, f.errorString());
            return std::nullopt;
        }
        if (f.size() > kMaxEmbeddedBytes) {
            if (error)
                *error = QStringLiteral("%1: too large to embed").arg(p);
            return std::nullopt;
        }
        files.push_back({name, f.readAll()});
    }
    return files;
}

std::optional<QString> extractEmbedded(const ReviewCapture &capture, const QString &directory, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<QString> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (capture.embedded.empty())
        return fail(QStringLiteral("the review carries no files for this capture"));
    const QDir dir(directory);
    if (!dir.exists())
        return fail(QStringLiteral("%1: no such directory").arg(directory));
    for (const EmbeddedFile &f : capture.embedded) {
        if (!isSafeRelativeName(f.name))
            return fail(QStringLiteral("\"%1\" is not a plain file name").arg(f.name));
        const QString target = dir.filePath(f.name);
        if (!QDir().mkpath(QFileInfo(target).absolutePath()))
            return fail(QStringLiteral("%1: cannot create the directory").arg(target));
        if (const QString why = writeFileAtomically(target, f.bytes); !why.isEmpty())
            return fail(why);
    }
    return dir.filePath(capture.embedded.front().name);
}

} // namespace lanescope
