#include "model/format/bytestext.h"
#include "testmain.h"

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

    // A column of byte counts takes the unit of its middle value and writes plain numbers in it.
    void columnTakesTheMiddleValuesUnit_data()
    {
        QTest::addColumn<QList<qint64>>("values");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QStringList>("cells");
        QTest::newRow("empty") << QList<qint64>{} << "Moves (B)" << QStringList{};
        QTest::newRow("bytes") << QList<qint64>{12, 512, 1000} << "Moves (B)"
                               << QStringList{"12", "512", "1000"};
        QTest::newRow("mostly KiB") << QList<qint64>{512, 4096, 6144, qint64(3) << 20} << "Moves (KiB)"
                                    << QStringList{"0.5", "4.0", "6.0", "3072.0"};
        QTest::newRow("mostly MiB") << QList<qint64>{4096, qint64(3) << 20, qint64(5) << 20} << "Moves (MiB)"
                                    << QStringList{"0.0", "3.0", "5.0"};
        QTest::newRow("negative") << QList<qint64>{-2048, 1024} << "Moves (KiB)"
                                  << QStringList{"-2.0", "1.0"};
        QTest::newRow("extremes") << QList<qint64>{std::numeric_limits<qint64>::min(),
                                                   std::numeric_limits<qint64>::max()}
                                  << "Moves (TiB)" << QStringList{"-8388608.0", "8388608.0"};
    }
    void columnTakesTheMiddleValuesUnit()
    {
        QFETCH(QList<qint64>, values);
        QFETCH(QString, header);
        QFETCH(QStringList, cells);
        const std::vector<std::int64_t> column(values.begin(), values.end());
        const ByteUnit unit = byteColumnUnit(column);
        QCOMPARE(bytesColumnHeader(QStringLiteral("Moves"), unit), header);
        QStringList written;
        for (const qint64 v : values)
            written << formatBytesCell(v, unit);
        QCOMPARE(written, cells);
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestBytesText)
#include "tst_bytestext.moc"
