#include "diffsettings.h"

namespace lanescope {

QString diffAnchorName(DiffAnchor a)
{
    switch (a) {
    case DiffAnchor::Starts:
        return QStringLiteral("starts");
    case DiffAnchor::Task:
        return QStringLiteral("task");
    case DiffAnchor::Marker:
        return QStringLiteral("marker");
    }
    return {};
}

std::optional<DiffAnchor> diffAnchorFromName(const QString &name)
{
    for (const DiffAnchor a : {DiffAnchor::Starts, DiffAnchor::Task, DiffAnchor::Marker})
        if (diffAnchorName(a) == name)
            return a;
    return std::nullopt;
}

} // namespace lanescope
