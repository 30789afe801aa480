#include "app/window/measuretools.h"

#include "app/window/mainwindow.h"
#include "app/window/shortcutactions.h"
#include "app/window/tabmodel.h"

#include "widgets/overlays/annotationoverlays.h"
#include "widgets/panels/annotationlist.h"
#include "widgets/panels/regionpanel.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/capturepage.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QTabWidget>
#include <QUndoStack>

namespace lanescope {

TimelinePicture pictureOfView(const TimelineView &view, const QString &captureName,
                              const PictureExportSettings &settings)
{
    TimelinePicture picture;
    const std::optional<TimeRange> region = view.measuredRegion();
    picture.range = settings.regionOnly && region ? *region : view.visibleRange();
    picture.options = view.paintOptions();
    picture.options.cacheFrames = false;
    picture.options.colours = TimelineColours::light(); // pictures go on paper-white pages
    if (settings.regionOnly && region) {
        // The picture is the region: its band would only tint everything; the caption says its span.
        std::erase_if(picture.options.overlays, [](const std::shared_ptr<const TimelineOverlay> &o) {
            return dynamic_cast<const MeasurementOverlay *>(o.get()) != nullptr;
        });
    }
    const Capture &capture = *view.capture();
    if (settings.screenSize) {
        // The timeline exactly as large as on screen; caption and legend come on top of it.
        const QSize screen = view.viewport()->size();
        picture.frame = pictureFrame(capture, captureName, screen, picture.range, picture.options.colourMode);
        picture.frame.scrollYPx = view.timelineViewport().scrollYPx;
        picture.size = QSize(screen.width(), screen.height() + captionHeight(picture.frame) +
                                                 legendHeight(picture.frame, screen.width()));
        picture.pixelRatio = view.devicePixelRatioF();
    } else {
        picture.size = settings.size;
        picture.frame =
            pictureFrame(capture, captureName, picture.size, picture.range, picture.options.colourMode);
    }
    if (settings.allLanes)
        showEveryLane(capture, picture); // the view's layout: its folded groups, order and hidden lanes
    return picture;
}

MeasureTools::MeasureTools(MainWindow *window) : QObject(window), m_window(window)
{
    m_panel = new RegionPanel(window);
    // Wide tables: along the bottom, next to the per-function table of the whole capture.
    QDockWidget *functions = window->functionsDock();
    m_regionDock = window->addDock(tr("Region"), QStringLiteral("regionDock"), m_panel,
                                   Qt::BottomDockWidgetArea, functions);
    m_list = new AnnotationList(*window->activeCapture(), window);
    m_markersDock = window->addDock(tr("Markers"), QStringLiteral("markersDock"), m_list,
                                    Qt::BottomDockWidgetArea, functions);

    m_export = new QAction(tr("&Export…"), window);
    setChangeableShortcut(m_export, QStringLiteral("file.export"), QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_export, &QAction::triggered, this, &MeasureTools::chooseExport);
    m_copyImage = new QAction(tr("Copy &Image"), window);
    setChangeableShortcut(m_copyImage, QStringLiteral("edit.copyImage"),
                          QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyImage, &QAction::triggered, this, [this] {
        const QImage image = copyImage();
        if (!image.isNull())
            QApplication::clipboard()->setImage(image);
    });
    m_undo = new QAction(tr("&Undo"), window);
    setChangeableShortcut(m_undo, QStringLiteral("edit.undo"), QKeySequence(Qt::CTRL | Qt::Key_Z));
    connect(m_undo, &QAction::triggered, this, [this] {
        if (m_view)
            m_view->annotations()->undoStack()->undo();
    });
    m_redo = new QAction(tr("&Redo"), window);
    setChangeableShortcut(m_redo, QStringLiteral("edit.redo"),
                          QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    connect(m_redo, &QAction::triggered, this, [this] {
        if (m_view)
            m_view->annotations()->undoStack()->redo();
    });

    auto *separator = new QAction(this);
    separator->setSeparator(true);
    window->addMenuActions(MainWindow::MenuSection::FileExport, {m_export});
    window->addMenuActions(MainWindow::MenuSection::Edit, {m_undo, m_redo, separator, m_copyImage});
    window->addMenuActions(MainWindow::MenuSection::View,
                           {m_regionDock->toggleViewAction(), m_markersDock->toggleViewAction()});
    ActiveCapture *active = window->activeCapture();
    connect(active, &ActiveCapture::changed, this, [this, active] { attach(active->view()); });
    attach(active->view());
    updateActions();
}

void MeasureTools::attach(TimelineView *view)
{
    const CapturePtr capture = view ? view->capture() : CapturePtr();
    if (view == m_view && capture == m_capture)
        return; // only the analysis changed: nothing here depends on it
    m_capture = capture;
    for (const auto &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_view = view;
    m_panel->setCapture(view ? view->capture() : CapturePtr());
    if (view) {
        TimelineAnnotations *a = view->annotations();
        m_panel->setRegion(a->region());
        m_connections << connect(a, &TimelineAnnotations::regionChanged, this, [this, a] {
            m_panel->setRegion(a->region());
            if (a->region() && m_regionDock->toggleViewAction()->isChecked())
                m_regionDock->raise(); // a fresh measurement brings its numbers to the front
            updateActions();
        }) << connect(a->undoStack(), &QUndoStack::indexChanged, this, &MeasureTools::updateActions);
    }
    updateActions();
}

void MeasureTools::updateActions()
{
    const QUndoStack *stack = m_view ? m_view->annotations()->undoStack() : nullptr;
    m_undo->setEnabled(stack && stack->canUndo());
    m_redo->setEnabled(stack && stack->canRedo());
    m_undo->setText(stack && stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
    m_redo->setText(stack && stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
    m_export->setEnabled(m_view && m_view->capture());
    m_copyImage->setEnabled(m_view && m_view->capture());
}

QString MeasureTools::captureName() const
{
    const TabModel *tabs = m_window->tabModel();
    for (int i = 0; i < tabs->count(); ++i) {
        const CapturePage *page = tabs->capturePage(i);
        if (page && m_view && page->timeline() == m_view) {
            const QFileInfo info(page->path());
            return info.isDir() ? QDir(info.absoluteFilePath()).dirName()
                                : info.absoluteDir().dirName() + u'/' + info.fileName();
        }
    }
    return {};
}

QString MeasureTools::exportPicture(const PictureExportSettings &settings)
{
    if (!m_view || !m_view->capture())
        return tr("no capture is shown");
    if (const QString why = ExportDialog::problem(settings); !why.isEmpty())
        return why;
    return writePicture(*m_view->capture(), pictureOfView(*m_view, captureName(), settings), settings.path);
}

QImage MeasureTools::copyImage() const
{
    if (!m_view || !m_view->capture())
        return {};
    return renderPicture(*m_view->capture(), pictureOfView(*m_view, captureName(), PictureExportSettings{}));
}

void MeasureTools::chooseExport()
{
    if (!m_view || !m_view->capture())
        return;
    QString directory = m_lastExportDirectory.isEmpty() ? QDir::homePath() : m_lastExportDirectory;
    QString base = captureName().section(u'/', 0, 0);
    if (base.isEmpty())
        base = QStringLiteral("timeline");
    ExportDialog dialog(m_view->measuredRegion().has_value(), m_view->viewport()->size(),
                        m_view->devicePixelRatioF(), QDir(directory).filePath(base + QStringLiteral(".png")),
                        m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const PictureExportSettings settings = dialog.settings();
    m_lastExportDirectory = QFileInfo(settings.path).absolutePath();
    if (const QString error = exportPicture(settings); !error.isEmpty())
        QMessageBox::warning(m_window, tr("Export Picture"), tr("Cannot write %1").arg(error));
}

} // namespace lanescope
