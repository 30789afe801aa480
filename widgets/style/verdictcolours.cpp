#include "widgets/style/verdictcolours.h"

namespace lanescope {

QColor verdictColour(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Improved:
        return QColor(0x2e, 0x8b, 0x3e);
    case Verdict::Regressed:
        return QColor(0xc6, 0x28, 0x28);
    case Verdict::Unchanged:
        return QColor(0x3f, 0x51, 0xb5);
    case Verdict::Held:
        return QColor(0x00, 0x79, 0x6b);
    case Verdict::Broken:
        return QColor(0x8e, 0x24, 0xaa);
    case Verdict::Inconclusive:
        return QColor(0x9a, 0x6b, 0x00);
    case Verdict::NotComparable:
        return QColor(0x75, 0x75, 0x75);
    }
    return {};
}

QColor contextOnlyColour()
{
    return QColor(0x90, 0xa4, 0xae);
}

QString verdictCssClass(Verdict verdict)
{
    return verdictName(verdict).replace(u' ', u'-');
}

QString verdictStyleSheet()
{
    QString css;
    for (const Verdict v : kAllVerdicts)
        css += QStringLiteral(".%1{color:%2}").arg(verdictCssClass(v), verdictColour(v).name());
    return css;
}

} // namespace lanescope
