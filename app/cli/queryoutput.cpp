#include "app/cli/queryoutput.h"

#include <nlohmann/json.hpp>

namespace lanescope {

namespace {

// A line without the blanks a left-aligned last column leaves, which say nothing.
QString withoutTrailingBlanks(QString line)
{
    qsizetype end = line.size();
    while (end > 0 && line[end - 1] == u' ')
        --end;
    line.truncate(end);
    return line;
}

bool isNumber(const QVariant &v)
{
    return v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Double;
}

// A real with the digits that tell it from its neighbours, without a tail of noise.
QString text(const QVariant &v)
{
    if (v.typeId() == QMetaType::Double)
        return QString::number(v.toDouble(), 'g', 15);
    if (v.typeId() == QMetaType::QByteArray)
        return QStringLiteral("x'%1'").arg(QString::fromLatin1(v.toByteArray().toHex()));
    return v.toString();
}

} // namespace

void printQueryTable(const QueryResult &result, QTextStream &out)
{
    const qsizetype columns = result.columns.size();
    std::vector<qsizetype> width(std::size_t(columns), 0);
    // right-aligned: a column with numbers and nothing else (NULLs aside)
    std::vector<bool> numeric(std::size_t(columns), false), hasText(std::size_t(columns), false);
    for (qsizetype c = 0; c < columns; ++c)
        width[std::size_t(c)] = result.columns[c].size();
    for (const QVariantList &row : result.rows)
        for (qsizetype c = 0; c < columns; ++c) {
            const QVariant &v = row[c];
            width[std::size_t(c)] = std::max(width[std::size_t(c)], v.isNull() ? 4 : text(v).size());
            if (!v.isNull())
                (isNumber(v) ? numeric : hasText)[std::size_t(c)] = true;
        }
    for (qsizetype c = 0; c < columns; ++c)
        numeric[std::size_t(c)] = numeric[std::size_t(c)] && !hasText[std::size_t(c)];
    auto cell = [&](const QString &s, qsizetype c) {
        const auto w = int(width[std::size_t(c)]);
        return numeric[std::size_t(c)] ? s.rightJustified(w) : s.leftJustified(w);
    };
    QStringList line;
    for (qsizetype c = 0; c < columns; ++c)
        line << cell(result.columns[c], c);
    out << withoutTrailingBlanks(line.join(QStringLiteral("  "))) << '\n';
    line.clear();
    for (qsizetype c = 0; c < columns; ++c)
        line << QString(width[std::size_t(c)], u'-');
    out << line.join(QStringLiteral("  ")) << '\n';
    for (const QVariantList &row : result.rows) {
        line.clear();
        for (qsizetype c = 0; c < columns; ++c)
            line << cell(row[c].isNull() ? QStringLiteral("NULL") : text(row[c]), c);
        out << withoutTrailingBlanks(line.join(QStringLiteral("  "))) << '\n';
    }
    out << result.rows.size() << (result.rows.size() == 1 ? " row" : " rows")
        << (result.truncated ? " (more were left out)" : "") << '\n';
}

void printQueryCsv(const QueryResult &result, QTextStream &out)
{
    auto field = [](QString s) {
        if (s.contains(u',') || s.contains(u'"') || s.contains(u'\n') || s.contains(u'\r'))
            s = u'"' + s.replace(QStringLiteral("\""), QStringLiteral("\"\"")) + u'"';
        return s;
    };
    QStringList line;
    for (const QString &c : result.columns)
        line << field(c);
    out << line.join(u',') << "\r\n";
    for (const QVariantList &row : result.rows) {
        line.clear();
        for (const QVariant &v : row)
            line << (v.isNull() ? QString() : field(text(v)));
        out << line.join(u',') << "\r\n";
    }
}

nlohmann::ordered_json queryResultJson(const QueryResult &result)
{
    nlohmann::ordered_json j;
    j["columns"] = nlohmann::json::array();
    for (const QString &c : result.columns)
        j["columns"].push_back(c.toStdString());
    auto rows = nlohmann::json::array();
    for (const QVariantList &row : result.rows) {
        auto values = nlohmann::json::array();
        for (const QVariant &v : row) {
            if (v.isNull())
                values.push_back(nullptr);
            else if (v.typeId() == QMetaType::LongLong)
                values.push_back(v.toLongLong());
            else if (v.typeId() == QMetaType::Double)
                values.push_back(v.toDouble());
            else
                values.push_back(text(v).toStdString());
        }
        rows.push_back(std::move(values));
    }
    j["rows"] = std::move(rows);
    j["truncated"] = result.truncated;
    return j;
}

void printQueryJson(const QueryResult &result, QTextStream &out)
{
    out << QString::fromStdString(queryResultJson(result).dump(2)) << '\n';
}

QString queryErrorText(const QueryError &error, const QString &sql)
{
    if (!error.position)
        return error.message;
    // the rest of the line from where SQLite stopped, enough to find the place
    QString at = sql.mid(*error.position, 40);
    at = at.left(at.indexOf(u'\n') < 0 ? at.size() : at.indexOf(u'\n'));
    return QStringLiteral("%1 at character %2: %3")
        .arg(error.message)
        .arg(*error.position + 1)
        .arg(at.isEmpty() ? QStringLiteral("(end of the query)") : at);
}

} // namespace lanescope
