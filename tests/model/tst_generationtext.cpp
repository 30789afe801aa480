// The file info says which generation of the records file was detected and where its runtime came
// from (field supplement §1). The field captures are hand-written from the supplement's tables.
#include "model/format/generationtext.h"
#include "model/io/loader.h"
#include "testmain.h"

using namespace lanescope;

class TstGenerationText : public QObject
{
    Q_OBJECT

private slots:
    void detected_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("generation");
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<bool>("inferred");
        QTest::newRow("mid-generation: the streams name the runtime")
            << QStringLiteral(LANESCOPE_FIXTURES "/field/mid-generation")
            << QStringLiteral(
                   "scheduler record streams, no run identity, launch boundaries: 1, runtime inferred "
                   "from the scheduler streams (tensormap_and_ringbuffer)")
            << QStringLiteral("tensormap_and_ringbuffer") << true;
        QTest::newRow("level 2 without a runtime: the task ids' ring bits")
            << QStringLiteral(LANESCOPE_FIXTURES "/field/uniform-core-types")
            << QStringLiteral(
                   "no scheduler phases, no run identity, launch boundaries: 1, runtime inferred from "
                   "the task ids (tensormap_and_ringbuffer)")
            << QStringLiteral("tensormap_and_ringbuffer") << true;
        QTest::newRow("three launches: told apart by launch, not by run identity")
            << QStringLiteral(LANESCOPE_FIXTURES "/field/three-launches")
            << QStringLiteral(
                   "scheduler record streams, no run identity, launch boundaries: 3, runtime inferred "
                   "from the scheduler streams (tensormap_and_ringbuffer)")
            << QStringLiteral("tensormap_and_ringbuffer") << true;
        QTest::newRow("a dropped boundary is named")
            << QStringLiteral(LANESCOPE_FIXTURES "/field/dropped-boundary")
            << QStringLiteral(
                   "scheduler record streams, no run identity, launch boundaries: 2, 1 dropped, runtime "
                   "inferred from the scheduler streams (tensormap_and_ringbuffer)")
            << QStringLiteral("tensormap_and_ringbuffer") << true;
        QTest::newRow("metadata names it")
            << QStringLiteral(LANESCOPE_FIXTURES "/records/level2_bounded_alignment.json")
            << QStringLiteral("no scheduler phases, no run identity, runtime tensormap_and_ringbuffer")
            << QStringLiteral("tensormap_and_ringbuffer") << false;
    }
    void detected()
    {
        QFETCH(QString, path);
        QFETCH(QString, generation);
        QFETCH(QString, runtime);
        QFETCH(bool, inferred);
        const LoadResult loaded = loadCapture(path);
        QVERIFY2(loaded.capture, qPrintable(loaded.error.toString()));
        QCOMPARE(generationText(*loaded.capture), generation);
        QCOMPARE(loaded.capture->info.runtime, runtime);
        QCOMPARE(runtimeInferred(loaded.capture->info), inferred);
    }

    // The mid-generation file reads whole: both tasks joined with their scheduler rows although the
    // rows are not in core order, and the terminal zero-length dispatch is no cause for a warning.
    void midGenerationReadsWhole()
    {
        const LoadResult loaded = loadCapture(QStringLiteral(LANESCOPE_FIXTURES "/field/mid-generation"));
        QVERIFY2(loaded.capture, qPrintable(loaded.error.toString()));
        const Capture &c = *loaded.capture;
        QVERIFY2(!c.info.partial, qPrintable(c.info.warnings.join(u'\n')));
        QCOMPARE(c.rows.size(), std::size_t(2));
        for (const TaskRow &row : c.rows)
            QVERIFY2(row.dispatchUs > 0 && row.finishUs > row.endUs, qPrintable(QString::number(row.taskId)));
        QVERIFY2(c.info.warnings.isEmpty(), qPrintable(c.info.warnings.join(u'\n')));
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TstGenerationText)
#include "tst_generationtext.moc"
