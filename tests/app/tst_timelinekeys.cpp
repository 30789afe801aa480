#include "app/settings/timelinekeys.h"
#include "testmain.h"

using namespace lanescope;

class TestTimelineKeys : public QObject
{
    Q_OBJECT

private slots:
    // Which of the timeline's keys a shortcut would take from it.
    void timelineKeyFor_data()
    {
        QTest::addColumn<QString>("keys");
        QTest::addColumn<QString>("what");
        QTest::newRow("plain key") << "W"
                                   << "Zoom in / out";
        QTest::newRow("the timeline ignores Shift") << "Shift+W"
                                                    << "Zoom in / out";
        QTest::newRow("plus typed with Shift") << "Shift++"
                                               << "Zoom in / out";
        QTest::newRow("arrow") << "Left"
                               << "Pan left / right";
        QTest::newRow("Home") << "Home"
                              << "Fit the whole capture";
        QTest::newRow("sequence starting with one") << "F, G"
                                                    << "Zoom to the selection";
        QTest::newRow("Ctrl: an action's") << "Ctrl+W"
                                           << "";
        QTest::newRow("Alt") << "Alt+W"
                             << "";
        QTest::newRow("key the timeline does not handle") << "F3"
                                                          << "";
        QTest::newRow("no keys") << ""
                                 << "";
    }

    void timelineKeyFor()
    {
        QFETCH(QString, keys);
        QFETCH(QString, what);
        const TimelineKey *k =
            lanescope::timelineKeyFor(QKeySequence::fromString(keys, QKeySequence::PortableText));
        QCOMPARE(k ? QString::fromLatin1(k->what) : QString(), what);
    }
};

LANESCOPE_TEST_MAIN(TestTimelineKeys)
#include "tst_timelinekeys.moc"
