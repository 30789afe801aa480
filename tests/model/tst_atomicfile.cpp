#include "model/io/atomicfile.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QIODevice>
#include <QTemporaryDir>

using namespace lanescope;

// The one writer every user-visible file goes through: a new file appears whole, a failed one
// leaves the previous file byte for byte (and no temporary file), and the message names the file.
class TestAtomicFile : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static QByteArray readAll(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    QStringList filesInDir() const
    {
        return QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
    }
    QString oldFile(const QString &name) const
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write("the previous content");
        return path;
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        for (const QString &name : filesInDir())
            QVERIFY(QFile::remove(m_dir.filePath(name)));
    }

    void writesBytesAndReplacesTheOldFile_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("small") << QByteArray("hello");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("several chunks") << QByteArray((3 << 20) + 17, 'x');
    }
    void writesBytesAndReplacesTheOldFile()
    {
        QFETCH(QByteArray, bytes);
        const QString path = oldFile(QStringLiteral("out.bin"));
        QCOMPARE(writeFileAtomically(path, bytes), QString());
        QCOMPARE(readAll(path), bytes);
        QCOMPARE(filesInDir(), QStringList{QStringLiteral("out.bin")});
    }

    void aFailingContentLeavesTheOldFileAndSaysWhy()
    {
        const QString path = oldFile(QStringLiteral("picture.png"));
        const QString error = writeFileAtomically(path, [](QIODevice &out) {
            out.write("half of a picture");
            return QStringLiteral("PNG encoding failed");
        });
        QCOMPARE(error, path + QStringLiteral(": PNG encoding failed"));
        QCOMPARE(readAll(path), QByteArray("the previous content"));
        QCOMPARE(filesInDir(), QStringList{QStringLiteral("picture.png")});
    }

    void aCancelledWriteLeavesTheOldFile()
    {
        const QString path = oldFile(QStringLiteral("review.lanescope"));
        int asked = 0;
        const QString error =
            writeFileAtomically(path, QByteArray(3 << 20, 'y'), [&] { return ++asked < 2; });
        QCOMPARE(asked, 2); // asked before each chunk: the second one is refused
        QVERIFY2(error.startsWith(path + QStringLiteral(": ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("cancelled")), qPrintable(error));
        QCOMPARE(readAll(path), QByteArray("the previous content"));
        QCOMPARE(filesInDir(), QStringList{QStringLiteral("review.lanescope")});
    }

    // Root may write anywhere, so the unwritable places are ones no user can write to.
    void anUnwritablePlaceNamesThePath_data()
    {
        QTest::addColumn<QString>("relative");
        QTest::newRow("missing directory") << QStringLiteral("no-such-dir/out.png");
        QTest::newRow("directory is a file") << QStringLiteral("plain-file/out.png");
        QTest::newRow("target is a directory") << QStringLiteral("a-directory");
    }
    void anUnwritablePlaceNamesThePath()
    {
        QFETCH(QString, relative);
        oldFile(QStringLiteral("plain-file"));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("a-directory")));
        const QString path = m_dir.filePath(relative);
        const QString error = writeFileAtomically(path, QByteArray("bytes"));
        QVERIFY2(error.startsWith(path + QStringLiteral(": ")), qPrintable(error));
        QVERIFY2(error.size() > path.size() + 2, qPrintable(error)); // and says why
        QCOMPARE(readAll(m_dir.filePath(QStringLiteral("plain-file"))), QByteArray("the previous content"));
        QVERIFY(QFileInfo(m_dir.filePath(QStringLiteral("a-directory"))).isDir());
        QVERIFY(QDir(m_dir.filePath(QStringLiteral("a-directory"))).isEmpty());
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
