#include "widgets/panels/functiontable.h"

#include "model/session/capturefacts.h"
#include "widgets/panels/functiontablemodel.h"
#include "widgets/timeline/activecapture.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace lanescope {

FunctionTable::FunctionTable(QWidget *parent) : QWidget(parent)
{
    m_model = new FunctionTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_view = new QTableView(this);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(FunctionTableModel::AvgExec, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    // The numbers keep columns of their width; the names take what is left.
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setSectionResizeMode(FunctionTableModel::Name, QHeaderView::Stretch);
    m_view->setAlternatingRowColors(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    // A click or Enter on a row: the longest instance is where a look pays off first.
    auto activate = [this](const QModelIndex &index) {
        if (index.isValid())
            emit functionActivated(index.data(FunctionTableModel::FuncIdRole).toInt());
    };
    connect(m_view, &QTableView::clicked, this, activate);
    connect(m_view, &QTableView::activated, this, activate);
}

FunctionTable::FunctionTable(ActiveCapture &active, QWidget *parent) : FunctionTable(parent)
{
    const auto follow = [this, &active] {
        const CapturePtr capture = active.capture();
        setCapture(capture && capture->info.allRuns ? CapturePtr() : capture);
    };
    connect(&active, &ActiveCapture::changed, this, follow);
    connect(this, &FunctionTable::functionActivated, this, [&active](int funcId) {
        if (TimelineNavigator *navigator = active.navigator())
            navigator->locateFunction(funcId);
    });
    follow();
}

void FunctionTable::setCapture(const CapturePtr &capture)
{
    // The document computed the summary off the GUI thread; only a capture built another way (no
    // facts) is summarised here.
    if (!capture)
        m_model->setSummary({});
    else if (capture->facts)
        m_model->setSummary(capture->facts->functions.value_or(FunctionSummary{}));
    else
        m_model->setSummary(functionSummary(*capture));
    m_view->resizeColumnsToContents();
}

} // namespace lanescope
