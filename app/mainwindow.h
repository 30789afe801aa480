#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QString>
#include <map>

class QDockWidget;
class QLabel;
class QListWidget;
class QTabWidget;
class QThread;
class QToolButton;

namespace lanescope {

class CapturePage;
struct LoadJob;

// The application window: one tab per opened capture. Captures load on a worker thread while
// their tab shows progress and a Cancel button; a capture that cannot be read says why in its
// tab. The status bar describes the current tab; its warnings are listed in a dock.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a capture file or directory in a new tab; returns at once, loading continues.
    void openPath(const QString &path);
    // Opens the first bundled sample capture (":/samples", else <prefix>/share/lanescope/samples),
    // if the build has one.
    void openSample();

    QTabWidget *tabs() const { return m_tabs; }

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createMenus();
    void chooseFile();
    void chooseDirectory();
    void closeTab(int index);
    void loadFinished(CapturePage *page, const LoadJob &job);
    void updateStatus();

    QTabWidget *m_tabs = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_warningsButton = nullptr;
    QDockWidget *m_warningsDock = nullptr;
    QListWidget *m_warningsList = nullptr;
    QString m_lastDirectory;
    std::map<CapturePage *, QString> m_summaries;           // status line per loaded tab
    std::map<CapturePage *, std::shared_ptr<LoadJob>> m_jobs;  // loads still running
    QList<QPointer<QThread>> m_threads;
};

} // namespace lanescope
