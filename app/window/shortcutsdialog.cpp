#include "app/window/shortcutsdialog.h"

#include "app/settings/timelinekeys.h"
#include "app/window/shortcutactions.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequenceEdit>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace lanescope {

namespace {

QString text(const QKeySequence &keys)
{
    return keys.toString(QKeySequence::NativeText);
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget *window, QWidget *parent)
    : QDialog(parent), m_scheme(shortcutSchemeOf(window)), m_model(new QStandardItemModel(0, 3, this)),
      m_filtered(new QSortFilterProxyModel(this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_model->setHorizontalHeaderLabels({tr("Action"), tr("Keys"), tr("Default")});
    m_filtered->setSourceModel(m_model);
    m_filtered->setFilterKeyColumn(-1);
    m_filtered->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("shortcutFilter"));
    m_filter->setPlaceholderText(tr("Filter by action or keys"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_filtered, &QSortFilterProxyModel::setFilterFixedString);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("shortcutTable"));
    m_table->setModel(m_filtered);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(ActionColumn, QHeaderView::Stretch);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ShortcutsDialog::showCurrent);

    m_editing = new QLabel(this);
    m_keys = new QKeySequenceEdit(this);
    m_keys->setObjectName(QStringLiteral("shortcutKeys"));
    m_keys->setToolTip(tr("Press the new keys"));
    // The recording ends a second after the last key, so that sequences like Ctrl+K, Ctrl+S fit.
    // (Its own clear button is not used: clearing is also how every recording starts.)
    connect(m_keys, &QKeySequenceEdit::editingFinished, this, [this] { record(m_keys->keySequence()); });
    m_none = new QPushButton(tr("&None"), this);
    m_none->setObjectName(QStringLiteral("removeShortcut"));
    m_none->setToolTip(tr("Leave this action without a shortcut"));
    connect(m_none, &QPushButton::clicked, this, [this] { record(QKeySequence()); });
    m_reset = new QPushButton(tr("&Reset"), this);
    m_reset->setObjectName(QStringLiteral("resetShortcut"));
    m_reset->setToolTip(tr("Give this action its default keys back"));
    connect(m_reset, &QPushButton::clicked, this, &ShortcutsDialog::resetCurrent);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("shortcutMessage"));
    m_message->setWordWrap(true);
    m_take = new QPushButton(this);
    m_take->setObjectName(QStringLiteral("takeShortcut"));
    m_take->hide();
    connect(m_take, &QPushButton::clicked, this, &ShortcutsDialog::takePending);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_resetAll = buttons->addButton(tr("Reset &All"), QDialogButtonBox::ResetRole);
    m_resetAll->setObjectName(QStringLiteral("resetAllShortcuts"));
    connect(m_resetAll, &QPushButton::clicked, this, &ShortcutsDialog::resetAll);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *editor = new QHBoxLayout;
    editor->addWidget(m_editing);
    editor->addWidget(m_keys, 1);
    editor->addWidget(m_none);
    editor->addWidget(m_reset);
    auto *conflict = new QHBoxLayout;
    conflict->addWidget(m_message, 1);
    conflict->addWidget(m_take);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(m_table);
    layout->addLayout(editor);
    layout->addLayout(conflict);
    layout->addWidget(buttons);
    resize(640, 560);
    fill();
    m_table->resizeColumnToContents(KeysColumn);
    m_table->resizeColumnToContents(DefaultColumn);
    showCurrent();
}

ShortcutsDialog::~ShortcutsDialog()
{
    // The editor ends its recording when it loses the focus, which closing the dialog does.
    m_keys->disconnect(this);
}

void ShortcutsDialog::fill()
{
    std::vector<const ShortcutScheme::Entry *> entries;
    for (const ShortcutScheme::Entry &e : m_scheme.entries())
        entries.push_back(&e);
    std::sort(entries.begin(), entries.end(),
              [](const auto *a, const auto *b) { return QString::localeAwareCompare(a->name, b->name) < 0; });
    for (const ShortcutScheme::Entry *e : entries) {
        auto *name = new QStandardItem(e->name);
        name->setData(e->id, kIdRole);
        name->setToolTip(e->id);
        m_model->appendRow({name, new QStandardItem(text(e->keys)), new QStandardItem(text(e->defaultKeys))});
    }
    // The timeline's keys: listed, not selectable, so never edited.
    const QColor fixed = palette().color(QPalette::Disabled, QPalette::Text);
    for (const TimelineKey &k : timelineKeys()) {
        QList<QStandardItem *> row{new QStandardItem(QCoreApplication::translate("TimelineKeys", k.what)),
                                   new QStandardItem(QCoreApplication::translate("TimelineKeys", k.keys)),
                                   new QStandardItem(tr("timeline"))};
        for (QStandardItem *item : row) {
            item->setFlags(Qt::ItemIsEnabled);
            item->setForeground(fixed);
            item->setToolTip(tr("The timeline's own keys, fixed"));
        }
        m_model->appendRow(row);
    }
}

// The Keys column from the scheme; keys that differ from the default are bold.
void ShortcutsDialog::refresh()
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const ShortcutScheme::Entry *e =
            m_scheme.find(m_model->item(row, ActionColumn)->data(kIdRole).toString());
        if (!e)
            continue;
        QStandardItem *keys = m_model->item(row, KeysColumn);
        keys->setText(text(e->keys));
        QFont font = keys->font();
        font.setBold(e->keys != e->defaultKeys);
        keys->setFont(font);
    }
    const ShortcutScheme::Entry *current = m_scheme.find(currentId());
    m_reset->setEnabled(current && current->keys != current->defaultKeys);
    m_resetAll->setEnabled(!m_scheme.overrides().empty());
}

QString ShortcutsDialog::currentId() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.siblingAtColumn(ActionColumn).data(kIdRole).toString() : QString();
}

void ShortcutsDialog::showCurrent()
{
    const ShortcutScheme::Entry *e = m_scheme.find(currentId());
    m_editing->setText(e ? tr("Keys for %1:").arg(e->name) : tr("Pick an action to change its keys:"));
    {
        const QSignalBlocker blocker(m_keys);
        m_keys->setKeySequence(e ? e->keys : QKeySequence());
    }
    m_keys->setEnabled(e != nullptr);
    m_none->setEnabled(e != nullptr);
    say({});
    refresh();
}

void ShortcutsDialog::record(const QKeySequence &keys)
{
    const QString id = currentId();
    const ShortcutScheme::Entry *e = m_scheme.find(id);
    if (!e || keys == e->keys)
        return;
    if (const ShortcutScheme::Entry *holder = m_scheme.conflict(id, keys)) {
        // Refused until the user says to take them: the other action would silently lose its keys.
        say(tr("%1 is used by %2. Assign it to %3 and remove it from %2?")
                .arg(text(keys), holder->name, e->name));
        m_pending = keys;
        m_take->setText(tr("&Take It from %1").arg(holder->name));
        m_take->show();
        return;
    }
    m_scheme.assign(id, keys);
    assigned(keys, {});
}

void ShortcutsDialog::takePending()
{
    const QKeySequence keys = m_pending;
    assigned(keys, m_scheme.assign(currentId(), keys));
}

void ShortcutsDialog::assigned(const QKeySequence &keys, const QString &loser)
{
    QStringList notes;
    if (const ShortcutScheme::Entry *e = m_scheme.find(loser))
        notes << tr("%1 no longer has a shortcut.").arg(e->name);
    // Defaults that share a timeline key (Home) do what the timeline does; new keys may not.
    const ShortcutScheme::Entry *current = m_scheme.find(currentId());
    if (const TimelineKey *k = timelineKeyFor(keys); k && current && keys != current->defaultKeys)
        notes << tr("%1 is also the timeline's key for \"%2\": this shortcut takes it from the timeline.")
                     .arg(text(keys), QCoreApplication::translate("TimelineKeys", k->what));
    say(notes.join(u' '));
    {
        const QSignalBlocker blocker(m_keys);
        m_keys->setKeySequence(keys);
    }
    refresh();
}

void ShortcutsDialog::resetCurrent()
{
    const ShortcutScheme::Entry *e = m_scheme.find(currentId());
    if (!e)
        return;
    const QKeySequence keys = e->defaultKeys;
    assigned(keys, m_scheme.reset(e->id));
}

void ShortcutsDialog::resetAll()
{
    m_scheme.resetAll();
    showCurrent();
}

void ShortcutsDialog::say(const QString &message)
{
    m_message->setText(message);
    m_pending = QKeySequence();
    m_take->hide();
}

void ShortcutsDialog::accept()
{
    QSettings settings;
    storeShortcutsEverywhere(settings, m_scheme.overrides());
    QDialog::accept();
}

} // namespace lanescope
