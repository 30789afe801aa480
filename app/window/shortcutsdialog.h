#pragma once

#include <QDialog>

class QStandardItemModel;

namespace lanescope {

// Help > Keyboard shortcuts: every action of the window that has a shortcut (read from the
// actions themselves, so the list cannot drift), followed by the timeline's keys.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(QWidget *window, QWidget *parent = nullptr);
    QStandardItemModel *model() const { return m_model; }

private:
    QStandardItemModel *m_model;
};

} // namespace lanescope
