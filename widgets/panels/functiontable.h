#pragma once

#include "model/capture/capture.h"

#include <QWidget>

class QSortFilterProxyModel;
class QTableView;

namespace lanescope {

class ActiveCapture;

class FunctionTableModel;

// The per-function table as a sortable view; activating a row asks for that function's longest
// instance.
class FunctionTable : public QWidget
{
    Q_OBJECT

public:
    explicit FunctionTable(QWidget *parent = nullptr);
    // Lists the functions of the run in front (none for "All runs": the figures are of one run)
    // and locates an activated function on its timeline.
    explicit FunctionTable(ActiveCapture &active, QWidget *parent = nullptr);

    void setCapture(const CapturePtr &capture);
    QTableView *view() const { return m_view; }
    FunctionTableModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }

signals:
    void functionActivated(int funcId);

private:
    FunctionTableModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_view = nullptr;
};

} // namespace lanescope
