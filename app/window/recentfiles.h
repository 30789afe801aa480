#pragma once

#include <QObject>
#include <QStringList>

class QSettings;

namespace lanescope {

// The captures opened lately, most recent first, remembered across runs.
class RecentFiles : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxEntries = 10;

    explicit RecentFiles(QSettings &settings, QObject *parent = nullptr);

    // Moves `path` (made absolute) to the front; bundled resources are not remembered.
    void add(const QString &path);
    void remove(const QString &path);
    void clear();
    QStringList paths() const { return m_paths; }

signals:
    void changed();

private:
    void save();

    QSettings &m_settings;
    QStringList m_paths;
};

} // namespace lanescope
