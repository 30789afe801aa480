#include "app/window/exportdialog.h"

#include "widgets/export/timelinepicture.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace lanescope {

namespace {
constexpr int kMaxSidePx = 20000; // as for `lanescope export --size`
}

ExportDialog::ExportDialog(bool hasRegion, QSize screenSize, qreal pixelRatio, const QString &suggestedPath,
                           QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export Picture"));
    m_view = new QRadioButton(tr("Visible range"), this);
    m_region = new QRadioButton(tr("Measured region only"), this);
    m_region->setEnabled(hasRegion);
    (hasRegion ? m_region : m_view)->setChecked(true);
    auto *what = new QButtonGroup(this);
    what->addButton(m_view);
    what->addButton(m_region);
    m_allLanes = new QCheckBox(tr("Every lane (not only those on screen)"), this);
    m_allLanes->setObjectName(QStringLiteral("allLanes"));
    m_allLanes->setToolTip(tr("The picture grows as tall as every lane needs, with groups folded as on "
                              "screen; only the width of the size is used."));

    m_screen = new QRadioButton(this);
    m_chosen = new QRadioButton(tr("Chosen size:"), this);
    m_screen->setChecked(true);
    auto *size = new QButtonGroup(this);
    size->addButton(m_screen);
    size->addButton(m_chosen);
    m_width = new QSpinBox(this);
    m_height = new QSpinBox(this);
    for (QSpinBox *box : {m_width, m_height}) {
        box->setRange(100, kMaxSidePx);
        box->setSuffix(tr(" px"));
    }
    m_width->setValue(1600);
    m_height->setValue(900);
    auto *chosenRow = new QHBoxLayout;
    chosenRow->addWidget(m_chosen);
    chosenRow->addWidget(m_width);
    chosenRow->addWidget(new QLabel(QStringLiteral("×"), this));
    chosenRow->addWidget(m_height);
    chosenRow->addStretch(1);
    // Every lane decides the height: a height that is not used would mislead.
    auto showSizes = [this, screenSize, pixelRatio](bool allLanes) {
        m_screen->setText(
            allLanes ? tr("Screen width (%1 px at %2× pixel ratio)").arg(screenSize.width()).arg(pixelRatio)
                     : tr("Screen size (%1 × %2 at %3× pixel ratio)")
                           .arg(screenSize.width())
                           .arg(screenSize.height())
                           .arg(pixelRatio));
        m_height->setEnabled(!allLanes);
    };
    showSizes(false);
    connect(m_allLanes, &QCheckBox::toggled, this, showSizes);

    m_path = new QLineEdit(suggestedPath, this);
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    m_error = new QLabel(this);
    m_error->setStyleSheet(QStringLiteral("color: #c92a2a"));
    m_error->hide();

    auto *form = new QFormLayout;
    auto *whatBox = new QVBoxLayout;
    whatBox->addWidget(m_view);
    whatBox->addWidget(m_region);
    whatBox->addWidget(m_allLanes);
    form->addRow(tr("Show:"), whatBox);
    auto *sizeBox = new QVBoxLayout;
    sizeBox->addWidget(m_screen);
    sizeBox->addLayout(chosenRow);
    form->addRow(tr("Size:"), sizeBox);
    form->addRow(tr("File (.png or .svg):"), pathRow);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
}

PictureExportSettings ExportDialog::settings() const
{
    PictureExportSettings s;
    s.regionOnly = m_region->isChecked();
    s.screenSize = m_screen->isChecked();
    s.allLanes = m_allLanes->isChecked();
    s.size = QSize(m_width->value(), m_height->value());
    s.path = m_path->text().trimmed();
    return s;
}

QString ExportDialog::problem(const PictureExportSettings &s)
{
    if (s.path.isEmpty())
        return tr("Choose a file name.");
    if (!pictureFormatOf(s.path))
        return tr("The file name must end in .png or .svg.");
    // With every lane the height follows the lanes; writing the picture checks what it comes to.
    const bool heightOk = s.allLanes || (s.size.height() > 0 && s.size.height() <= kMaxSidePx);
    if (!s.screenSize && (s.size.width() <= 0 || s.size.width() > kMaxSidePx || !heightOk))
        return tr("The size must be between 1 and %1 pixels per side.").arg(kMaxSidePx);
    return {};
}

void ExportDialog::accept()
{
    if (const QString why = problem(settings()); !why.isEmpty()) {
        m_error->setText(why);
        m_error->show();
        return;
    }
    QDialog::accept();
}

void ExportDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Picture"), m_path->text(),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

} // namespace lanescope
