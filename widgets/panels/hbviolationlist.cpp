#include "widgets/panels/hbviolationlist.h"

#include "model/capture/labels.h"
#include "widgets/text/timeformat.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lanescope {

namespace {

// A row that sorts by the numbers behind its cells (kSortRole), not by their text: task ids as ids,
// overlaps by their length.
class ViolationItem : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem &other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : 0;
        return data(column, HbViolationList::kSortRole).toDouble() <
               other.data(column, HbViolationList::kSortRole).toDouble();
    }
};

} // namespace

HbViolationList::HbViolationList(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_scope = new QComboBox(this);
    m_scope->addItem(tr("Cone of the selection"), int(Scope::SelectionCone));
    m_scope->addItem(tr("Whole capture"), int(Scope::WholeCapture));
    top->addWidget(m_scope);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    top->addWidget(m_summary, 1);
    layout->addLayout(top);
    m_tree = new QTreeWidget(this);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setHeaderLabels({tr("Consumer"), tr("Producer"), overlapHeader(TimeUnit::Us)});
    m_tree->headerItem()->setTextAlignment(OverlapColumn, Qt::AlignRight | Qt::AlignVCenter);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    // In the order they were found until a header is clicked.
    m_tree->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_tree->setSortingEnabled(true);
    m_tree->setToolTip(tr("Edges whose consumer started before its producer ended (hb_violation). Click to "
                          "select the consumer."));
    layout->addWidget(m_tree, 1);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &HbViolationList::scopeChanged);
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        if (item)
            emit consumerActivated(item->data(0, Qt::UserRole).toULongLong());
    });
    showMessage(tr("Select a task to list the violations of its cone."));
}

HbViolationList::Scope HbViolationList::scope() const
{
    return Scope(m_scope->currentData().toInt());
}

void HbViolationList::setScope(Scope scope)
{
    m_scope->setCurrentIndex(m_scope->findData(int(scope)));
}

QString HbViolationList::summary() const
{
    return m_summary->text();
}

QString HbViolationList::overlapHeader(TimeUnit unit)
{
    return timeColumnHeader(tr("Started before producer end by"), unit);
}

void HbViolationList::showMessage(const QString &message)
{
    m_tree->clear();
    m_summary->setText(message);
}

void HbViolationList::setViolations(const Capture *capture, const std::vector<HbViolation> &violations,
                                    const QString &what)
{
    m_tree->clear();
    if (!capture) {
        showMessage(tr("No capture."));
        return;
    }
    const auto &nodes = capture->deps.nodes();
    QList<QTreeWidgetItem *> items;
    const std::size_t shown = std::min<std::size_t>(violations.size(), kMaxEntries);
    items.reserve(qsizetype(shown));
    std::vector<double> overlaps;
    for (std::size_t i = 0; i < shown; ++i)
        overlaps.push_back(violations[i].overlapUs());
    const TimeUnit unit = columnUnit(overlaps);
    m_tree->headerItem()->setText(OverlapColumn, overlapHeader(unit));
    for (std::size_t i = 0; i < shown; ++i) {
        const HbViolation &v = violations[i];
        const std::uint64_t consumer = nodes[v.succ].taskId;
        const std::uint64_t producer = nodes[v.pred].taskId;
        auto *item = new ViolationItem(QStringList{taskDisplayId(consumer, capture->info.taskIdFormat),
                                                   taskDisplayId(producer, capture->info.taskIdFormat),
                                                   formatTimeCell(v.overlapUs(), unit)});
        item->setData(ConsumerColumn, Qt::UserRole, QVariant::fromValue<quint64>(consumer));
        item->setData(ConsumerColumn, kSortRole, double(consumer));
        item->setData(ProducerColumn, kSortRole, double(producer));
        item->setData(OverlapColumn, kSortRole, v.overlapUs());
        item->setTextAlignment(OverlapColumn, Qt::AlignRight | Qt::AlignVCenter);
        items.append(item);
    }
    // Inserted unsorted, then sorted by the column the user chose, if any: with sorting on,
    // inserting would order rows even while no column is chosen.
    m_tree->setSortingEnabled(false);
    m_tree->addTopLevelItems(items);
    m_tree->setSortingEnabled(true);
    QString text = violations.empty() ? tr("No hb_violation in the %1.").arg(what)
                   : violations.size() == 1
                       ? tr("1 hb_violation in the %1").arg(what)
                       : tr("%1 hb_violations in the %2").arg(violations.size()).arg(what);
    if (shown < violations.size())
        text += tr(" (first %1 listed)").arg(shown);
    m_summary->setText(text);
}

} // namespace lanescope
