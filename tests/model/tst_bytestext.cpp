#include "model/format/bytestext.h"

#include <QTest>
#include <limits>

using namespace lanescope;

class TestBytesText : public QObject
{
    Q_OBJECT

private slots:
    void formatsBytes_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << "0 B";
        QTest::newRow("below a KiB") << qint64(1023) << "1023 B";
        QTest::newRow("one KiB") << qint64(1024) << "1 KiB";
        QTest::newRow("a PH001 volume") << qint64(4096) << "4 KiB";
        QTest::newRow("fraction") << qint64(1536) << "1.5 KiB";
        QTest::newRow("MiB") << (qint64(3) << 20) << "3 MiB";
        QTest::newRow("negative") << qint64(-2048) << "-2 KiB";
        QTest::newRow("largest") << std::numeric_limits<qint64>::max() << "8388608 TiB";
    }
    void formatsBytes()
    {
        QFETCH(qint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(formatBytes(bytes), text);
    }
};

QTEST_APPLESS_MAIN(TestBytesText)
#include "tst_bytestext.moc"
