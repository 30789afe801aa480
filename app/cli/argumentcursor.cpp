#include "app/cli/argumentcursor.h"

namespace lanescope {

bool ArgumentCursor::next()
{
    if (++m_index >= m_args.size())
        return false;
    const QString &arg = m_args[m_index];
    m_option = arg;
    m_inlineValue.reset();
    if (arg.startsWith(QLatin1String("--")) && arg.contains(u'=')) {
        const qsizetype eq = arg.indexOf(u'=');
        m_option = arg.left(eq);
        m_inlineValue = arg.mid(eq + 1);
    }
    return true;
}

std::optional<QString> ArgumentCursor::value()
{
    if (m_inlineValue)
        return std::exchange(m_inlineValue, std::nullopt);
    if (m_index + 1 < m_args.size()) {
        ++m_index;
        return m_args[m_index];
    }
    return std::nullopt;
}

} // namespace lanescope
