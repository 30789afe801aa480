#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace lanescope {

// Walks the arguments of a command-line verb. Options come as "--name=value" or "--name value";
// anything else is positional.
//   for (ArgumentCursor a(args); a.next();) { if (a.option() == "--out") out = a.value(); ... }
class ArgumentCursor
{
public:
    explicit ArgumentCursor(const QStringList &args) : m_args(args) {}

    // Moves to the next argument; false after the last one.
    bool next();
    // The whole argument, as given.
    const QString &argument() const { return m_args[m_index]; }
    // The argument without an inline "=value".
    const QString &option() const { return m_option; }
    // The option's value: its inline "=value", else the next argument (which is then consumed),
    // or nothing at the end of the list.
    std::optional<QString> value();
    // Whether the argument looks like an option ("-x", "--name") rather than a path.
    bool isOption() const { return argument().startsWith(u'-') && argument().size() > 1; }

private:
    const QStringList &m_args;
    qsizetype m_index = -1;
    QString m_option;
    std::optional<QString> m_inlineValue;
};

} // namespace lanescope
