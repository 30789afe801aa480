// The hash that tells a snapshot from its damaged copy and a source file from its rewrite.
#include "model/snapshot/contenthash.h"
#include "testmain.h"

#include <QByteArray>

using namespace lanescope;

class TestContentHash : public QObject
{
    Q_OBJECT

    static QByteArray bytes(int size)
    {
        QByteArray b(size, Qt::Uninitialized);
        for (int i = 0; i < size; ++i)
            b[i] = char((i * 131 + 7) & 0xFF);
        return b;
    }

private slots:
    // Fed in pieces of any size, the hash is that of the whole: the writer streams, the reader
    // hashes the mapped file at once.
    void piecesGiveTheWhole_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("piece");
        QTest::newRow("empty") << 0 << 1;
        QTest::newRow("shorter than a word") << 5 << 1;
        QTest::newRow("one block") << 32 << 7;
        QTest::newRow("blocks and a tail, bytewise") << 100 << 1;
        QTest::newRow("uneven pieces") << 4099 << 33;
        QTest::newRow("pieces larger than blocks") << 70000 << 4096;
    }
    void piecesGiveTheWhole()
    {
        QFETCH(int, size);
        QFETCH(int, piece);
        const QByteArray data = bytes(size);
        ContentHash streamed(3);
        for (int at = 0; at < size; at += piece)
            streamed.add(data.constData() + at, std::size_t(std::min(piece, size - at)));
        QCOMPARE(streamed.value(), contentHash(data.constData(), std::size_t(size), 3));
    }

    // One changed bit, one byte more or another seed changes the hash.
    void anyChangeChangesIt_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("flipAt");
        QTest::newRow("first byte") << 64 << 0;
        QTest::newRow("in the tail") << 67 << 66;
        QTest::newRow("middle of a large range") << (1 << 20) << 500000;
    }
    void anyChangeChangesIt()
    {
        QFETCH(int, size);
        QFETCH(int, flipAt);
        QByteArray data = bytes(size);
        const std::uint64_t before = contentHash(data.constData(), std::size_t(size));
        data[flipAt] = char(data[flipAt] ^ 0x10);
        QVERIFY(contentHash(data.constData(), std::size_t(size)) != before);
        data[flipAt] = char(data[flipAt] ^ 0x10);
        QCOMPARE(contentHash(data.constData(), std::size_t(size)), before);
        QVERIFY(contentHash(data.constData(), std::size_t(size), 1) != before);
        const QByteArray longer = data + '\0';
        QVERIFY(contentHash(longer.constData(), std::size_t(longer.size())) != before);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestContentHash)
#include "tst_contenthash.moc"
