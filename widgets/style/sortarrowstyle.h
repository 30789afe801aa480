#pragma once

#include <QProxyStyle>

namespace lanescope {

// A style whose header sort arrows point the way the sort goes: ▼ where values fall down the column
// (descending), ▲ where they rise. Qt hands an ascending column's header SortDown, which Fusion
// draws as ▼, so every sorted table read upside down.
class SortArrowStyle : public QProxyStyle
{
    Q_OBJECT

public:
    // Takes ownership of `base` (as QProxyStyle does); null: the application's style.
    explicit SortArrowStyle(QStyle *base = nullptr);

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};

} // namespace lanescope
