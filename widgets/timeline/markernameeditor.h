#pragma once

#include <QLineEdit>

namespace lanescope {

// The line editor that renames a marker in place, over its flag on the ruler. Enter and losing
// the focus keep the text (as most in-place editors do, so a click elsewhere does not throw a
// typed name away); Esc drops it. Either way it reports once, then is done.
class MarkerNameEditor : public QLineEdit
{
    Q_OBJECT

public:
    MarkerNameEditor(int markerId, const QString &name, QWidget *parent);
    int markerId() const { return m_markerId; }

signals:
    // `keep`: the text is the marker's new name (Enter or focus lost); otherwise Esc was pressed.
    void finished(int markerId, const QString &text, bool keep);

protected:
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    void finish(bool keep);

    int m_markerId = 0;
    bool m_done = false;
};

} // namespace lanescope
