#include "techniquecatalogue.h"

#include <QFile>
#include <nlohmann/json.hpp>

namespace lanescope {

using Json = nlohmann::json;

QString expectedDirectionName(ExpectedDirection d)
{
    switch (d) {
    case ExpectedDirection::Decrease:
        return QStringLiteral("decrease");
    case ExpectedDirection::Increase:
        return QStringLiteral("increase");
    case ExpectedDirection::Unchanged:
        return QStringLiteral("unchanged");
    case ExpectedDirection::Report:
        return QStringLiteral("report");
    }
    return QString();
}

std::optional<ExpectedDirection> expectedDirectionFromName(const QString &name)
{
    for (ExpectedDirection d : {ExpectedDirection::Decrease, ExpectedDirection::Increase,
                                ExpectedDirection::Unchanged, ExpectedDirection::Report})
        if (expectedDirectionName(d) == name)
            return d;
    return std::nullopt;
}

namespace {

// A schema violation, with the JSON path of the offending value.
struct CatalogueError
{
    QString message;
};

QString text(const Json &object, const char *key, const QString &where, bool required = true)
{
    auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            throw CatalogueError{QStringLiteral("%1: missing \"%2\"").arg(where, QLatin1String(key))};
        return QString();
    }
    if (!it->is_string())
        throw CatalogueError{QStringLiteral("%1.%2: not a string").arg(where, QLatin1String(key))};
    return QString::fromStdString(it->get<std::string>());
}

bool flag(const Json &object, const char *key, const QString &where)
{
    auto it = object.find(key);
    if (it == object.end())
        return false;
    if (!it->is_boolean())
        throw CatalogueError{QStringLiteral("%1.%2: not a boolean").arg(where, QLatin1String(key))};
    return it->get<bool>();
}

const Json &array(const Json &object, const char *key, const QString &where)
{
    auto it = object.find(key);
    if (it == object.end() || !it->is_array())
        throw CatalogueError{QStringLiteral("%1: \"%2\" is not an array").arg(where, QLatin1String(key))};
    return *it;
}

QStringList strings(const Json &object, const char *key, const QString &where)
{
    QStringList out;
    const Json &a = array(object, key, where);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!a[i].is_string())
            throw CatalogueError{
                QStringLiteral("%1.%2[%3]: not a string").arg(where, QLatin1String(key)).arg(i)};
        out << QString::fromStdString(a[i].get<std::string>());
    }
    return out;
}

std::vector<ConfirmationMetric> metrics(const Json &a, const QString &where)
{
    std::vector<ConfirmationMetric> out;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(where).arg(i);
        if (!a[i].is_object())
            throw CatalogueError{at + QStringLiteral(": not an object")};
        ConfirmationMetric m;
        m.metric = text(a[i], "metric", at);
        const QString direction = text(a[i], "expected", at);
        const auto d = expectedDirectionFromName(direction);
        if (!d)
            throw CatalogueError{QStringLiteral("%1.expected: unknown direction \"%2\"").arg(at, direction)};
        m.expected = *d;
        m.note = text(a[i], "note", at, false);
        out.push_back(m);
    }
    return out;
}

} // namespace

std::optional<TechniqueCatalogue> TechniqueCatalogue::fromJson(const QByteArray &json, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<TechniqueCatalogue> {
        if (error)
            *error = QStringLiteral("catalogue.json: ") + message;
        return std::nullopt;
    };
    Json root;
    try {
        root = Json::parse(json.constData(), json.constData() + json.size());
    } catch (const Json::parse_error &e) {
        return fail(QStringLiteral("at byte %1: not valid JSON").arg(qulonglong(e.byte)));
    }
    if (!root.is_object())
        return fail(QStringLiteral("the top level is not an object"));
    try {
        TechniqueCatalogue c;
        const Json &pages = array(root, "pages", QStringLiteral("catalogue"));
        for (std::size_t i = 0; i < pages.size(); ++i) {
            const QString at = QStringLiteral("pages[%1]").arg(i);
            if (!pages[i].is_object())
                throw CatalogueError{at + QStringLiteral(": not an object")};
            TechniquePage p;
            p.id = text(pages[i], "id", at);
            p.title = text(pages[i], "title", at);
            p.summary = text(pages[i], "summary", at);
            p.techniqueIds = strings(pages[i], "techniques", at);
            c.m_pages.push_back(p);
        }
        c.m_general = metrics(array(root, "general", QStringLiteral("catalogue")), QStringLiteral("general"));
        const Json &techniques = array(root, "techniques", QStringLiteral("catalogue"));
        std::vector<Technique> listed;
        for (std::size_t i = 0; i < techniques.size(); ++i) {
            const QString at = QStringLiteral("techniques[%1]").arg(i);
            const Json &o = techniques[i];
            if (!o.is_object())
                throw CatalogueError{at + QStringLiteral(": not an object")};
            Technique t;
            t.id = text(o, "id", at);
            t.shortId = text(o, "short", at);
            t.page = text(o, "page", at);
            t.title = text(o, "title", at);
            t.whenItApplies = text(o, "when", at);
            t.how = text(o, "how", at);
            t.cost = text(o, "cost", at);
            t.howToConfirm = text(o, "confirm", at);
            t.manualChecks = strings(o, "manual_checks", at);
            t.confirmation = metrics(array(o, "metrics", at), at + QStringLiteral(".metrics"));
            t.diagnostic = flag(o, "diagnostic", at);
            t.partlyDerived = flag(o, "partly_derived", at);
            listed.push_back(t);
        }
        // Techniques in page order; every page entry must name a listed technique and vice versa.
        for (const TechniquePage &p : c.m_pages) {
            for (const QString &id : p.techniqueIds) {
                auto it = std::find_if(listed.begin(), listed.end(),
                                       [&](const Technique &t) { return t.id == id; });
                if (it == listed.end())
                    throw CatalogueError{
                        QStringLiteral("page %1 lists unknown technique \"%2\"").arg(p.id, id)};
                if (it->page != p.id)
                    throw CatalogueError{QStringLiteral("technique %1 is on page %2, listed under page %3")
                                             .arg(id, it->page, p.id)};
                c.m_techniques.push_back(*it);
            }
        }
        if (c.m_techniques.size() != listed.size())
            throw CatalogueError{QStringLiteral("%1 techniques are not listed on any page (or listed twice)")
                                     .arg(qlonglong(listed.size()) - qlonglong(c.m_techniques.size()))};
        return c;
    } catch (const CatalogueError &e) {
        return fail(e.message);
    }
}

std::optional<TechniqueCatalogue> TechniqueCatalogue::fromFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    return fromJson(f.readAll(), error);
}

const Technique *TechniqueCatalogue::find(const QString &id) const
{
    for (const Technique &t : m_techniques)
        if (t.id.compare(id, Qt::CaseInsensitive) == 0 || t.shortId.compare(id, Qt::CaseInsensitive) == 0)
            return &t;
    return nullptr;
}

const TechniquePage *TechniqueCatalogue::page(const QString &pageId) const
{
    for (const TechniquePage &p : m_pages)
        if (p.id == pageId)
            return &p;
    return nullptr;
}

} // namespace lanescope
