#pragma once

#include "app/settings/shortcutscheme.h"

#include <QDialog>

class QKeySequenceEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace lanescope {

// Help > Keyboard Shortcuts: every changeable action of the window (shortcutactions.h) with its
// current keys and its default, then the timeline's own keys, which are fixed. Picking an action
// and pressing keys in the editor below changes its keys; keys another action holds are only taken
// from it when the user says so ("Take it from …"). OK stores what differs from the defaults and
// applies it to every open window; Cancel forgets the changes.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    enum Column { ActionColumn, KeysColumn, DefaultColumn };
    static constexpr int kIdRole = Qt::UserRole + 1; // an action row's id; none on the timeline's

    explicit ShortcutsDialog(QWidget *window, QWidget *parent = nullptr);
    ~ShortcutsDialog() override;
    QStandardItemModel *model() const { return m_model; }
    // The keys as edited so far.
    const ShortcutScheme &scheme() const { return m_scheme; }

    void accept() override;

private:
    void fill();
    void refresh();
    QString currentId() const;
    void showCurrent();
    void record(const QKeySequence &keys);
    void takePending();
    void resetCurrent();
    void resetAll();
    void say(const QString &message);
    // Where the keys went, said after they were assigned.
    void assigned(const QKeySequence &keys, const QString &loser);

    ShortcutScheme m_scheme;
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_filtered;
    QLineEdit *m_filter;
    QTableView *m_table;
    QLabel *m_editing;
    QKeySequenceEdit *m_keys;
    QPushButton *m_none;
    QPushButton *m_reset;
    QPushButton *m_resetAll;
    QLabel *m_message;
    QPushButton *m_take;
    QKeySequence m_pending; // keys another action holds, for the current one once m_take is pressed
};

} // namespace lanescope
