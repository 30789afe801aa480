#pragma once

#include <QHash>
#include <QString>

namespace lanescope {

// name_map*.json (spec §5): incore func_id -> human kernel name.
struct NameMap
{
    int level = 2;
    QString orchestratorName; // empty when null/absent
    QHash<int, QString> names;

    bool isEmpty() const { return names.isEmpty() && orchestratorName.isEmpty(); }
};

} // namespace lanescope
