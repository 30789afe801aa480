#include "app/window/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace lanescope {

namespace {
// Keys handled by the timeline view itself (widgets/timelineview.cpp), not by actions.
const char *const kTimelineKeys[][2] = {
    {"Wheel", "Zoom around the cursor"},
    {"Shift+Wheel", "Scroll lanes"},
    {"Drag", "Pan"},
    {"Drag on the ruler, Shift+Drag", "Measure a time region (edges snap to bars)"},
    {"Ctrl while measuring", "Measure without snapping"},
    {"Click on the ruler", "Drop a marker"},
    {"Click on a group heading", "Fold / unfold the group"},
    {"Drag a group heading onto another", "Move the group there (the heading's menu moves it too)"},
    {"Esc", "Clear the region and the selection"},
    {"W / S, + / -", "Zoom in / out"},
    {"A / D, Left / Right", "Pan left / right"},
    {"Up / Down", "Scroll lanes"},
    {"0, Home", "Fit the whole capture"},
};
} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget *window, QWidget *parent)
    : QDialog(parent), m_model(new QStandardItemModel(0, 2, this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_model->setHorizontalHeaderLabels({tr("Keys"), tr("Action")});
    for (QAction *action : window->findChildren<QAction *>()) {
        if (action->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &k : action->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        m_model->appendRow({new QStandardItem(keys.join(QStringLiteral(", "))),
                            new QStandardItem(action->text().remove(QLatin1Char('&')))});
    }
    m_model->sort(1);
    for (const auto &[keys, what] : kTimelineKeys)
        m_model->appendRow({new QStandardItem(QString::fromLatin1(keys)), new QStandardItem(tr(what))});

    auto *table = new QTableView(this);
    table->setModel(m_model);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->resizeColumnsToContents();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(520, 480);
}

} // namespace lanescope
