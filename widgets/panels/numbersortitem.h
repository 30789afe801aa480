#pragma once

#include <QTableWidgetItem>

namespace lanescope {

// A table cell that sorts by the number in Qt::UserRole, not by its text: "9.2 µs" before
// "10 µs", and "—" (give it -1) before every value.
class NumberSortItem : public QTableWidgetItem
{
public:
    NumberSortItem(const QString &text, double value) : QTableWidgetItem(text)
    {
        setData(Qt::UserRole, value);
    }
    bool operator<(const QTableWidgetItem &other) const override
    {
        return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
    }
};

// A right-aligned number cell, the way every table shows numbers.
inline QTableWidgetItem *numberItem(const QString &text, double value)
{
    auto *item = new NumberSortItem(text, value);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace lanescope
