#include "queryschema.h"

#include "querytables.h"

#include <cstring>

namespace lanescope {

std::vector<QueryTableSchema> querySchema()
{
    std::vector<QueryTableSchema> schema;
    for (const QueryTableEntry &entry : queryTables())
        schema.push_back(entry.schema());
    return schema;
}

QString querySchemaText()
{
    QString text;
    for (const QueryTableSchema &table : querySchema()) {
        std::size_t width = 0;
        for (const QueryColumn &c : table.columns)
            width = std::max(width, std::strlen(c.name));
        text += QStringLiteral("%1: %2\n").arg(QLatin1String(table.name), QString::fromUtf8(table.meaning));
        for (const QueryColumn &c : table.columns)
            text += QStringLiteral("  %1 %2 %3\n")
                        .arg(QLatin1String(c.name), -int(width))
                        .arg(QLatin1String(c.type), -7)
                        .arg(QString::fromUtf8(c.meaning));
        text += u'\n';
    }
    text.chop(2); // the blank line after the last table and its last newline
    return text;
}

} // namespace lanescope
