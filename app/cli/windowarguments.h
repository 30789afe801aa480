#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace lanescope {

// What the window is asked to open on its command line: captures, each in a tab, and with
// `--compare BEFORE AFTER [--technique ID]` the comparison of two of them, so that a script run
// after a benchmark can put the verdict in front of its user.
struct WindowArguments
{
    QStringList paths; // every capture to open, the compared pair first
    bool compare = false;
    QString technique = QStringLiteral("general");
};

// Parses the window's arguments (Qt's own already taken out); `--no-cache` is the loader's, not a
// path. Null with the one-line usage error in `error`.
std::optional<WindowArguments> parseWindowArguments(const QStringList &arguments, QString *error);

} // namespace lanescope
