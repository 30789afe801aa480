#pragma once

#include <QDialog>
#include <QSize>

class QButtonGroup;
class QCheckBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace lanescope {

// What File > Export… writes.
struct PictureExportSettings
{
    bool regionOnly = false; // the measured region instead of the visible range
    bool screenSize = true;  // the timeline as large as on screen, at the screen's pixel ratio
    bool allLanes = false;   // every lane, groups folded as on screen: the height follows the lanes
    QSize size{1600, 900};   // the whole picture, when not at screen size (only its width with allLanes)
    QString path;            // .png or .svg
};

// Asks where and how to export the timeline picture. The format follows the file name's suffix.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    ExportDialog(bool hasRegion, QSize screenSize, qreal pixelRatio, const QString &suggestedPath,
                 QWidget *parent = nullptr);

    PictureExportSettings settings() const;
    // Empty when the settings can be written, else why not.
    static QString problem(const PictureExportSettings &settings);

    void accept() override;

private:
    void browse();

    QRadioButton *m_view = nullptr;
    QRadioButton *m_region = nullptr;
    QCheckBox *m_allLanes = nullptr;
    QRadioButton *m_screen = nullptr;
    QRadioButton *m_chosen = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
    QLineEdit *m_path = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace lanescope
