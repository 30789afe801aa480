#include "app/window/singleinstance.h"
#include "testmain.h"

#include <QDir>
#include <QSignalSpy>
#include <QThread>

using namespace lanescope;

// The running instance lives on its own thread here, as it would in another process: the
// forwarding side blocks until the running side answers.
class TestSingleInstance : public QObject
{
    Q_OBJECT

    static QString uniqueName()
    {
        static int n = 0;
        return QStringLiteral("lanescope-test-%1-%2").arg(QCoreApplication::applicationPid()).arg(++n);
    }

private slots:
    void forwardsPathsToTheRunningInstance_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::newRow("two captures") << QStringList{"/data/run1", "/data/run2/chip_swimlane_records.json"};
        QTest::newRow("just bring it forward") << QStringList{};
        QTest::newRow("resource path kept") << QStringList{":/samples/sample-l4"};
    }
    void forwardsPathsToTheRunningInstance()
    {
        QFETCH(QStringList, paths);
        const QString name = uniqueName();
        QThread thread;
        auto *running = new SingleInstance(name);
        running->moveToThread(&thread);
        QSignalSpy received(running, &SingleInstance::pathsReceived);
        thread.start();
        bool listening = false;
        QMetaObject::invokeMethod(
            running, [&] { listening = running->listen(); }, Qt::BlockingQueuedConnection);
        QVERIFY(listening);

        SingleInstance second(name);
        QVERIFY(second.forwardToRunning(paths));
        QTRY_COMPARE(received.count(), 1);
        QCOMPARE(received.front().front().toStringList(), paths);

        QMetaObject::invokeMethod(
            running, [running] { delete running; }, Qt::BlockingQueuedConnection);
        thread.quit();
        thread.wait();
    }

    void nobodyRunningMeansStartNormally()
    {
        SingleInstance lonely(uniqueName());
        QVERIFY(!lonely.forwardToRunning({"/x"}, 300));
        QVERIFY(lonely.listen());
    }

    void relativePathsAreMadeAbsolute()
    {
        const QString name = uniqueName();
        QThread thread;
        auto *running = new SingleInstance(name);
        running->moveToThread(&thread);
        QSignalSpy received(running, &SingleInstance::pathsReceived);
        thread.start();
        QMetaObject::invokeMethod(
            running, [&] { running->listen(); }, Qt::BlockingQueuedConnection);
        QVERIFY(SingleInstance(name).forwardToRunning({"relative/capture"}));
        QTRY_COMPARE(received.count(), 1);
        const QStringList got = received.front().front().toStringList();
        QCOMPARE(got, QStringList{QDir::current().absoluteFilePath("relative/capture")});
        QMetaObject::invokeMethod(
            running, [running] { delete running; }, Qt::BlockingQueuedConnection);
        thread.quit();
        thread.wait();
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
