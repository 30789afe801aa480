#include "app/window/recentfiles.h"
#include "testmain.h"

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace lanescope;

class TestRecentFiles : public QObject
{
    Q_OBJECT

private slots:
    void mostRecentFirstWithoutDuplicates()
    {
        QTemporaryDir tmp;
        QSettings settings(QDir(tmp.path()).filePath("s.ini"), QSettings::IniFormat);
        RecentFiles recent(settings);
        QSignalSpy changed(&recent, &RecentFiles::changed);
        recent.add("/c/a");
        recent.add("/c/b");
        recent.add("/c/a");
        QCOMPARE(recent.paths(), QStringList({"/c/a", "/c/b"}));
        QCOMPARE(changed.count(), 3);
        recent.add(":/samples/sample-l4"); // bundled: not remembered
        QCOMPARE(recent.paths().size(), 2);
        recent.remove("/c/b");
        QCOMPARE(recent.paths(), QStringList({"/c/a"}));
    }

    void boundedAndRemembered()
    {
        QTemporaryDir tmp;
        const QString ini = QDir(tmp.path()).filePath("s.ini");
        {
            QSettings settings(ini, QSettings::IniFormat);
            RecentFiles recent(settings);
            for (int i = 0; i < RecentFiles::kMaxEntries + 5; ++i)
                recent.add(QStringLiteral("/c/%1").arg(i));
            QCOMPARE(recent.paths().size(), RecentFiles::kMaxEntries);
            QCOMPARE(recent.paths().front(), QStringLiteral("/c/14"));
        }
        QSettings settings(ini, QSettings::IniFormat);
        RecentFiles again(settings);
        QCOMPARE(again.paths().size(), RecentFiles::kMaxEntries);
        QCOMPARE(again.paths().back(), QStringLiteral("/c/5"));
        again.clear();
        QVERIFY(again.paths().isEmpty());
    }

    void relativePathsBecomeAbsolute()
    {
        QTemporaryDir tmp;
        QSettings settings(QDir(tmp.path()).filePath("s.ini"), QSettings::IniFormat);
        RecentFiles recent(settings);
        recent.add("some/capture");
        QCOMPARE(recent.paths().front(), QDir::current().absoluteFilePath("some/capture"));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRecentFiles)
#include "tst_recentfiles.moc"
