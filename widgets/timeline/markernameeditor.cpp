#include "widgets/timeline/markernameeditor.h"

#include <QKeyEvent>

namespace lanescope {

MarkerNameEditor::MarkerNameEditor(int markerId, const QString &name, QWidget *parent)
    : QLineEdit(name, parent), m_markerId(markerId)
{
    setObjectName(QStringLiteral("markerNameEditor"));
    selectAll();
}

bool MarkerNameEditor::event(QEvent *event)
{
    // Enter and Esc belong to the editor while it is open, not to a window's shortcut.
    if (event->type() == QEvent::ShortcutOverride) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Escape || key == Qt::Key_Return || key == Qt::Key_Enter) {
            event->accept();
            return true;
        }
    }
    return QLineEdit::event(event);
}

void MarkerNameEditor::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        finish(true);
        break;
    case Qt::Key_Escape: // handled here: the timeline would clear its region
        finish(false);
        break;
    default:
        QLineEdit::keyPressEvent(event);
        return;
    }
    event->accept();
}

void MarkerNameEditor::focusOutEvent(QFocusEvent *event)
{
    QLineEdit::focusOutEvent(event);
    // A popup (the editor's own context menu) takes the focus only for a while.
    if (event->reason() != Qt::PopupFocusReason)
        finish(true);
}

void MarkerNameEditor::finish(bool keep)
{
    if (m_done)
        return;
    m_done = true;
    emit finished(m_markerId, text(), keep);
}

} // namespace lanescope
