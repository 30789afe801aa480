#pragma once

#include "app/window/exportdialog.h"
#include "widgets/export/timelinepicture.h"

#include <QImage>
#include <QObject>
#include <QPointer>

class QAction;
class QDockWidget;

namespace lanescope {

class AnnotationList;
class MainWindow;
class RegionPanel;
class TimelineView;

// The picture of a timeline as the user sees it: range, size, pixel ratio, lanes scrolled as on
// screen, markers and the measured region (the view's overlays), on paper-white colours; with
// settings.allLanes every lane of the view's layout from the top, as tall as they need.
TimelinePicture pictureOfView(const TimelineView &view, const QString &captureName,
                              const PictureExportSettings &settings);

// The measuring tools of the main window: the Region and Markers docks following the current
// tab's timeline, Edit > Undo / Redo of region and marker edits, File > Export… and Edit > Copy
// Image. The window creates it once after its menus; it follows the window's ActiveCapture and
// hands its actions to the window's menus. It holds the timeline widget, not only a navigator:
// pictures are of the view as shown (its size, pixel ratio, paint options and scroll position).
class MeasureTools : public QObject
{
    Q_OBJECT

public:
    explicit MeasureTools(MainWindow *window);

    RegionPanel *regionPanel() const { return m_panel; }
    QDockWidget *regionDock() const { return m_regionDock; }
    QDockWidget *markersDock() const { return m_markersDock; }
    QAction *exportAction() const { return m_export; }
    QAction *copyImageAction() const { return m_copyImage; }
    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }

    // What the current tab calls its capture in captions.
    QString captureName() const;
    // Writes the attached timeline's picture; returns why it failed ("PATH: why" when the file
    // could not be written), empty on success.
    QString exportPicture(const PictureExportSettings &settings);
    // The image Edit > Copy Image puts on the clipboard (the view at screen size).
    QImage copyImage() const;

private:
    void attach(TimelineView *view);
    void chooseExport();
    void updateActions();

    MainWindow *m_window;
    QPointer<TimelineView> m_view;
    CapturePtr m_capture; // the view's capture when attached: another run is attached afresh
    QList<QMetaObject::Connection> m_connections;
    RegionPanel *m_panel = nullptr;
    AnnotationList *m_list = nullptr;
    QDockWidget *m_regionDock = nullptr;
    QDockWidget *m_markersDock = nullptr;
    QAction *m_export = nullptr;
    QAction *m_copyImage = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QString m_lastExportDirectory;
};

} // namespace lanescope
