#include "testmain.h"

#include <QProcess>
#include <QProcessEnvironment>

// Without a display the window is not started: one line that says what to do instead, exit 2 (not
// Qt's platform error and SIGABRT).
class TestNoDisplay : public QObject
{
    Q_OBJECT

private slots:
    void windowWithoutDisplayExplainsItself_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("platform");
        QTest::newRow("the sample") << QStringList() << QString();
        QTest::newRow("a capture") << QStringList{QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")}
                                   << QString();
        QTest::newRow("xcb asked for") << QStringList() << QStringLiteral("xcb");
        // --compare is the window's, not a mistyped verb: it reaches the display check.
        QTest::newRow("a comparison") << QStringList{QStringLiteral("--compare"),
                                                     QStringLiteral(LANESCOPE_SAMPLES "/before-after/before"),
                                                     QStringLiteral(LANESCOPE_SAMPLES "/before-after/after")}
                                      << QString();
        QTest::newRow("xcb on the command line")
            << QStringList{QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"), QStringLiteral("-platform"),
                           QStringLiteral("xcb")}
            << QString();
    }
    void windowWithoutDisplayExplainsItself()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, platform);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        if (!platform.isEmpty())
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), platform);
        env.insert(QStringLiteral("LANESCOPE_NEW_INSTANCE"), QStringLiteral("1"));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LANESCOPE_BINARY), arguments);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.startsWith(QStringLiteral("lanescope: no display: use `lanescope export")),
                 qPrintable(err));
        QCOMPARE(err.count(u'\n'), 1);
    }

    // The check is the window's alone: a verb that draws nothing on screen runs without a display.
    void headlessVerbsNeedNoDisplay()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LANESCOPE_BINARY),
                {QStringLiteral("info"), QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
    }
};

LANESCOPE_TEST_MAIN(TestNoDisplay)
#include "tst_nodisplay.moc"
