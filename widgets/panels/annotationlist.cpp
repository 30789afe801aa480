#include "widgets/panels/annotationlist.h"

#include "model/index/tasklocator.h"
#include "widgets/overlays/annotationoverlays.h"
#include "widgets/text/timeformat.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lanescope {

namespace {

// An entry that sorts by its time (TimeRole: a marker's moment, a region's start) in the time
// column, by its text in the name column.
class AnnotationItem : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem &other) const override
    {
        if (!treeWidget() || treeWidget()->sortColumn() != 1)
            return QTreeWidgetItem::operator<(other);
        return data(1, AnnotationList::TimeRole).toDouble() <
               other.data(1, AnnotationList::TimeRole).toDouble();
    }
};

} // namespace

AnnotationList::AnnotationList(QWidget *parent) : QWidget(parent)
{
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("annotationTree"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Name"), timeColumnHeader(tr("Time"), TimeUnit::Us)});
    m_tree->headerItem()->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    m_tree->installEventFilter(this);
    m_markers = new AnnotationItem(m_tree, {tr("Markers")});
    m_regions = new AnnotationItem(m_tree, {tr("Regions")});
    for (QTreeWidgetItem *group : {m_markers, m_regions}) {
        group->setFlags(Qt::ItemIsEnabled);
        group->setExpanded(true);
    }
    // In the order they were added until a header is clicked.
    m_tree->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_tree->setSortingEnabled(true);

    m_keep = new QPushButton(tr("Keep Region"), this);
    m_keep->setToolTip(tr("Add the measured region to the list"));
    m_rename = new QPushButton(tr("Rename"), this);
    m_delete = new QPushButton(tr("Delete"), this);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_keep);
    buttons->addStretch(1);
    buttons->addWidget(m_rename);
    buttons->addWidget(m_delete);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_tree, 1);
    layout->addLayout(buttons);

    connect(m_keep, &QPushButton::clicked, this, &AnnotationList::keepRegion);
    connect(m_rename, &QPushButton::clicked, this, [this] {
        if (QTreeWidgetItem *item = m_tree->currentItem(); item && item->data(0, IdRole).isValid())
            m_tree->editItem(item, 0);
    });
    connect(m_delete, &QPushButton::clicked, this, &AnnotationList::removeSelected);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        if (item->data(0, IdRole).isValid())
            jumpTo(Kind(item->data(0, KindRole).toInt()), item->data(0, IdRole).toInt());
    });
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *item, int column) {
        if (m_rebuilding || column != 0 || !item->data(0, IdRole).isValid())
            return;
        rename(Kind(item->data(0, KindRole).toInt()), item->data(0, IdRole).toInt(), item->text(0));
    });
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &AnnotationList::updateButtons);
    rebuild();
}

AnnotationList::AnnotationList(ActiveCapture &active, QWidget *parent) : AnnotationList(parent)
{
    connect(&active, &ActiveCapture::changed, this, [this, &active] { setTimeline(active.navigator()); });
    setTimeline(active.navigator());
}

void AnnotationList::setTimeline(TimelineNavigator *timeline)
{
    if (timeline == m_timeline)
        return;
    for (const auto &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_timeline = timeline;
    if (m_timeline) {
        TimelineAnnotations *a = m_timeline->annotations();
        m_connections << connect(a, &TimelineAnnotations::markersChanged, this, &AnnotationList::rebuild)
                      << connect(a, &TimelineAnnotations::regionChanged, this,
                                 &AnnotationList::updateButtons);
    }
    rebuild();
}

QTreeWidgetItem *AnnotationList::itemFor(Kind kind, int id) const
{
    QTreeWidgetItem *group = kind == Kind::Marker ? m_markers : m_regions;
    for (int i = 0; i < group->childCount(); ++i) {
        if (group->child(i)->data(0, IdRole).toInt() == id)
            return group->child(i);
    }
    return nullptr;
}

void AnnotationList::rebuild()
{
    m_rebuilding = true;
    // Filled unsorted, then sorted by the column the user chose, if any: with sorting on, adding
    // would order entries even while no column is chosen.
    m_tree->setSortingEnabled(false);
    const QTreeWidgetItem *current = m_tree->currentItem();
    const QVariant currentKind = current ? current->data(0, KindRole) : QVariant();
    const QVariant currentId = current ? current->data(0, IdRole) : QVariant();
    qDeleteAll(m_markers->takeChildren());
    qDeleteAll(m_regions->takeChildren());
    // One unit for the time column, from every time it shows, named in its header.
    std::vector<double> times;
    if (m_timeline) {
        for (const TimelineMarker &m : m_timeline->annotations()->markers())
            times.push_back(m.timeUs);
        for (const SavedRegion &r : m_timeline->annotations()->regions())
            times.insert(times.end(), {r.range.startUs, r.range.endUs, r.range.span()});
    }
    const TimeUnit unit = columnUnit(times);
    m_tree->headerItem()->setText(1, timeColumnHeader(tr("Time"), unit));
    auto add = [&](QTreeWidgetItem *group, Kind kind, int id, const QString &name, double timeUs,
                   const QString &time) {
        auto *item = new AnnotationItem(QStringList{name, time});
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable);
        item->setData(0, KindRole, int(kind));
        item->setData(0, IdRole, id);
        item->setData(1, TimeRole, timeUs);
        group->addChild(item);
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        if (currentId.isValid() && currentKind.toInt() == int(kind) && currentId.toInt() == id)
            m_tree->setCurrentItem(item);
    };
    if (m_timeline) {
        for (const TimelineMarker &m : m_timeline->annotations()->markers())
            add(m_markers, Kind::Marker, m.id, MarkerOverlay::flagText(m), m.timeUs,
                formatTimeCell(m.timeUs, unit));
        for (const SavedRegion &r : m_timeline->annotations()->regions())
            add(m_regions, Kind::Region, r.id, r.name, r.range.startUs,
                tr("%1 – %2 (%3)")
                    .arg(formatTimeCell(r.range.startUs, unit), formatTimeCell(r.range.endUs, unit),
                         formatTimeCell(r.range.span(), unit)));
    }
    m_markers->setText(1, QString::number(m_markers->childCount()));
    m_regions->setText(1, QString::number(m_regions->childCount()));
    m_tree->setSortingEnabled(true);
    m_rebuilding = false;
    updateButtons();
}

void AnnotationList::updateButtons()
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    const bool entry = item && item->data(0, IdRole).isValid();
    m_keep->setEnabled(m_timeline && m_timeline->annotations()->region());
    m_rename->setEnabled(entry);
    m_delete->setEnabled(entry);
}

void AnnotationList::jumpTo(Kind kind, int id)
{
    if (!m_timeline)
        return;
    TimelineAnnotations *a = m_timeline->annotations();
    if (kind == Kind::Marker) {
        if (const TimelineMarker *m = a->marker(id))
            m_timeline->centreOnTime(m->timeUs);
    } else if (const SavedRegion *r = a->savedRegion(id)) {
        const TimeRange range = r->range;
        a->setRegion(range);
        m_timeline->showRange(range);
    }
}

void AnnotationList::rename(Kind kind, int id, const QString &name)
{
    if (!m_timeline)
        return;
    if (kind == Kind::Marker)
        m_timeline->annotations()->renameMarker(id, name);
    else
        m_timeline->annotations()->renameRegion(id, name);
    rebuild(); // an empty region name is refused: show the old one again
}

void AnnotationList::remove(Kind kind, int id)
{
    if (!m_timeline)
        return;
    if (kind == Kind::Marker)
        m_timeline->annotations()->removeMarker(id);
    else
        m_timeline->annotations()->removeRegion(id);
}

void AnnotationList::keepRegion()
{
    if (m_timeline)
        m_timeline->annotations()->keepRegion();
}

void AnnotationList::removeSelected()
{
    if (QTreeWidgetItem *item = m_tree->currentItem(); item && item->data(0, IdRole).isValid())
        remove(Kind(item->data(0, KindRole).toInt()), item->data(0, IdRole).toInt());
}

bool AnnotationList::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tree && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->key() == Qt::Key_Delete) { // an open name editor takes its own keys
        removeSelected();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace lanescope
