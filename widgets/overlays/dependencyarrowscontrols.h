#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;

namespace lanescope {

// Toolbar controls of the dependency arrows: how deep the selected task's cone is drawn (Off,
// 1 … 5 levels, the full cone) and whether every arrow in view is drawn too.
class DependencyArrowsControls : public QWidget
{
    Q_OBJECT

public:
    explicit DependencyArrowsControls(QWidget *parent = nullptr);

    // 0 = off, N levels, kFullDependencyCone = the whole transitive cone.
    int depth() const;
    bool allInView() const;

    QComboBox *depthBox() const { return m_depth; }
    QCheckBox *allInViewBox() const { return m_all; }

signals:
    void depthChanged(int depth);
    void allInViewChanged(bool on);

private:
    QComboBox *m_depth = nullptr;
    QCheckBox *m_all = nullptr;
};

} // namespace lanescope
