#pragma once

#include "model/query/queryresult.h"

#include <QAbstractTableModel>
#include <vector>

namespace lanescope {

// A query's rows as a table: NULL spelled out, numbers right-aligned. It sorts itself (the view's
// header clicks): numbers by value, not as text, NULL first, then numbers, then text and blobs.
// result() and resultRow() name rows as the query returned them, whatever the order shown.
class QueryResultModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit QueryResultModel(QObject *parent = nullptr);

    void setResult(QueryResult result);
    const QueryResult &result() const { return m_result; }
    // The query's row shown as `row`.
    std::size_t resultRow(int row) const { return m_order[std::size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    QueryResult m_result;
    std::vector<std::size_t> m_order; // shown row -> result row
};

} // namespace lanescope
