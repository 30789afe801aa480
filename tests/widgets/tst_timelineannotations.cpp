#include "testmain.h"
#include "widgets/timeline/timelineannotations.h"

#include <QSignalSpy>
#include <QUndoStack>

using namespace lanescope;

class TestTimelineAnnotations : public QObject
{
    Q_OBJECT

private slots:
    void regionEditsUndoAndRedo()
    {
        TimelineAnnotations a;
        QSignalSpy changed(&a, &TimelineAnnotations::regionChanged);
        a.setRegion(TimeRange{10, 20});
        a.setRegion(TimeRange{15, 40});
        a.clearRegion();
        QCOMPARE(changed.count(), 3);
        QVERIFY(!a.region());
        QCOMPARE(a.undoStack()->count(), 3);

        a.undoStack()->undo();
        QCOMPARE(a.region(), (std::optional<TimeRange>(TimeRange{15, 40})));
        a.undoStack()->undo();
        QCOMPARE(a.region(), (std::optional<TimeRange>(TimeRange{10, 20})));
        a.undoStack()->undo();
        QVERIFY(!a.region());
        QVERIFY(!a.undoStack()->canUndo());
        a.undoStack()->redo();
        a.undoStack()->redo();
        QCOMPARE(a.region(), (std::optional<TimeRange>(TimeRange{15, 40})));
        QCOMPARE(changed.count(), 8);
    }

    void noOpEditsPushNothing()
    {
        TimelineAnnotations a;
        a.clearRegion();              // already clear
        a.setRegion(TimeRange{5, 5}); // empty: same as clear
        QCOMPARE(a.undoStack()->count(), 0);
        a.setRegion(TimeRange{1, 2});
        a.setRegion(TimeRange{1, 2});
        QCOMPARE(a.undoStack()->count(), 1);
        a.renameMarker(42, QStringLiteral("nobody"));
        a.removeMarker(42);
        QCOMPARE(a.undoStack()->count(), 1);
    }

    void markersAddRenameDelete()
    {
        TimelineAnnotations a;
        QSignalSpy changed(&a, &TimelineAnnotations::markersChanged);
        const int late = a.addMarker(300);
        const int early = a.addMarker(100, QStringLiteral("start"));
        QCOMPARE(a.markers().size(), std::size_t(2));
        QCOMPARE(a.markers()[0].id, early); // kept in time order
        QCOMPARE(a.markers()[1].id, late);
        a.renameMarker(late, QStringLiteral("  peak  "));
        QCOMPARE(a.marker(late)->name, QStringLiteral("peak"));
        a.removeMarker(early);
        QVERIFY(!a.marker(early));
        QCOMPARE(changed.count(), 4);

        a.undoStack()->undo(); // the deletion
        QCOMPARE(a.marker(early)->name, QStringLiteral("start"));
        a.undoStack()->undo(); // the rename
        QCOMPARE(a.marker(late)->name, QString());
        a.undoStack()->redo();
        QCOMPARE(a.marker(late)->name, QStringLiteral("peak"));
    }

    void keptRegions()
    {
        TimelineAnnotations a;
        QCOMPARE(a.keepRegion(), 0); // nothing measured
        a.setRegion(TimeRange{10, 50});
        const int id = a.keepRegion();
        QVERIFY(id > 0);
        QCOMPARE(a.savedRegion(id)->range, (TimeRange{10, 50}));
        QCOMPARE(a.savedRegion(id)->name, QStringLiteral("Region 1"));
        a.renameRegion(id, QStringLiteral("decode layer"));
        QCOMPARE(a.savedRegion(id)->name, QStringLiteral("decode layer"));
        a.renameRegion(id, QStringLiteral("   ")); // a region keeps a name
        QCOMPARE(a.savedRegion(id)->name, QStringLiteral("decode layer"));
        a.removeRegion(id);
        QVERIFY(a.regions().empty());
        a.undoStack()->undo();
        QCOMPARE(a.regions().size(), std::size_t(1));
    }

    void resetForgetsHistory()
    {
        TimelineAnnotations a;
        a.setRegion(TimeRange{1, 2});
        a.addMarker(3);
        a.reset();
        QVERIFY(!a.region());
        QVERIFY(a.markers().empty());
        QVERIFY(!a.undoStack()->canUndo());
    }
};

LANESCOPE_TEST_MAIN(TestTimelineAnnotations)
#include "tst_timelineannotations.moc"
