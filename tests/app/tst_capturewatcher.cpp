#include "app/window/capturewatcher.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace lanescope;

class TestCaptureWatcher : public QObject
{
    Q_OBJECT

    static void write(const QString &path, const QByteArray &data)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(data);
    }

private slots:
    void burstOfWritesIsOneChange()
    {
        QTemporaryDir tmp;
        const QString records = QDir(tmp.path()).filePath("chip_swimlane_records.json");
        const QString deps = QDir(tmp.path()).filePath("deps.json");
        write(records, "{}");
        write(deps, "{}");
        CaptureWatcher watcher(nullptr, 200);
        watcher.watch({records, deps, QString(), ":/samples/x", QDir(tmp.path()).filePath("missing")});
        QCOMPARE(watcher.files(), QStringList({records, deps}));
        QSignalSpy changed(&watcher, &CaptureWatcher::changed);
        for (int i = 0; i < 5; ++i) {
            write(records, QByteArray::number(i));
            QTest::qWait(20);
        }
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
        QCOMPARE(changed.front().front().toStringList(), QStringList{records});
        QTest::qWait(400);
        QCOMPARE(changed.count(), 1);
    }

    void replacedFileIsStillWatched()
    {
        QTemporaryDir tmp;
        const QString records = QDir(tmp.path()).filePath("chip_swimlane_records.json");
        write(records, "{}");
        CaptureWatcher watcher(nullptr, 100);
        watcher.watch({records});
        QSignalSpy changed(&watcher, &CaptureWatcher::changed);
        QVERIFY(QFile::remove(records));
        write(records, "{\"new\": 1}");
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
        write(records, "{\"newer\": 2}");
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 5000);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCaptureWatcher)
#include "tst_capturewatcher.moc"
