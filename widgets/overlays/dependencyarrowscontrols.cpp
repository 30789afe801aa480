#include "widgets/overlays/dependencyarrowscontrols.h"

#include "model/analysis/dependencycone.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

namespace lanescope {

DependencyArrowsControls::DependencyArrowsControls(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr(" Arrows "), this));
    m_depth = new QComboBox(this);
    m_depth->addItem(tr("Off"), 0);
    for (int level = 1; level <= 5; ++level)
        m_depth->addItem(level == 1 ? tr("1 level") : tr("%1 levels").arg(level), level);
    m_depth->addItem(tr("Full cone"), kFullDependencyCone);
    m_depth->setCurrentIndex(1);
    m_depth->setToolTip(
        tr("Dependency arrows of the selected task: predecessors and successors to this depth"));
    layout->addWidget(m_depth);
    m_all = new QCheckBox(tr("All in view"), this);
    m_all->setToolTip(
        tr("Also draw every dependency arrow in view (a count replaces them when there are too many)"));
    layout->addWidget(m_all);
    connect(m_depth, &QComboBox::currentIndexChanged, this, [this] { emit depthChanged(depth()); });
    connect(m_all, &QCheckBox::toggled, this, &DependencyArrowsControls::allInViewChanged);
}

int DependencyArrowsControls::depth() const
{
    return m_depth->currentData().toInt();
}

bool DependencyArrowsControls::allInView() const
{
    return m_all->isChecked();
}

} // namespace lanescope
