#include "windowarguments.h"

namespace lanescope {

std::optional<WindowArguments> parseWindowArguments(const QStringList &arguments, QString *error)
{
    WindowArguments out;
    QStringList rest;
    bool techniqueGiven = false;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &a = arguments[i];
        if (a == QLatin1String("--no-cache"))
            continue;
        if (a == QLatin1String("--compare")) {
            const bool twoFollow = i + 2 < arguments.size() && !arguments[i + 1].startsWith(u'-') &&
                                   !arguments[i + 2].startsWith(u'-');
            if (out.compare || !twoFollow) {
                *error = QStringLiteral("--compare wants two captures: --compare BEFORE AFTER");
                return std::nullopt;
            }
            out.compare = true;
            out.paths << arguments[i + 1] << arguments[i + 2];
            i += 2;
            continue;
        }
        if (a == QLatin1String("--technique")) {
            if (i + 1 >= arguments.size()) {
                *error = QStringLiteral("--technique wants an id, e.g. --technique 01a");
                return std::nullopt;
            }
            out.technique = arguments[++i];
            techniqueGiven = true;
            continue;
        }
        rest << a;
    }
    if (techniqueGiven && !out.compare) {
        *error = QStringLiteral("--technique goes with --compare BEFORE AFTER");
        return std::nullopt;
    }
    out.paths += rest;
    return out;
}

} // namespace lanescope
