#include "model/io/hugepagemalloc.h"

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace lanescope;

namespace {

// The child mode: starts itself again as the application does, then prints what it ended with.
constexpr char kChildMode[] = "--print-tunables-after-restart";

int printTunablesAfterRestart(char **argv)
{
    restartWithHugePageMalloc(argv);
    const char *tunables = std::getenv("GLIBC_TUNABLES");
    std::printf("%s|%s\n", tunables ? tunables : "", argv[2]);
    return 0;
}

QByteArray hugePageMode()
{
    QFile mode(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    return mode.open(QIODevice::ReadOnly) ? mode.readAll() : QByteArray();
}

} // namespace

class TestHugePageMalloc : public QObject
{
    Q_OBJECT

private slots:
    void tunables_data()
    {
        QTest::addColumn<QByteArray>("current");
        QTest::addColumn<QByteArray>("mode");
        QTest::addColumn<bool>("restart");
        QTest::addColumn<QByteArray>("expected");

        const QByteArray madvise("always [madvise] never\n");
        QTest::newRow("madvise, none set")
            << QByteArray() << madvise << true << QByteArray("glibc.malloc.hugetlb=1");
        QTest::newRow("madvise, others kept")
            << QByteArray("glibc.malloc.arena_max=2") << madvise << true
            << QByteArray("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1");
        QTest::newRow("hugetlb=0 is the user's choice")
            << QByteArray("glibc.malloc.hugetlb=0") << madvise << false << QByteArray();
        QTest::newRow("already set among others")
            << QByteArray("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1") << madvise << false
            << QByteArray();
        QTest::newRow("a longer name is not hugetlb")
            << QByteArray("glibc.malloc.hugetlb_x=1") << madvise << true
            << QByteArray("glibc.malloc.hugetlb_x=1:glibc.malloc.hugetlb=1");
        QTest::newRow("always: huge pages everywhere already")
            << QByteArray() << QByteArray("[always] madvise never\n") << false << QByteArray();
        QTest::newRow("never: no huge pages to ask for")
            << QByteArray() << QByteArray("always madvise [never]\n") << false << QByteArray();
        QTest::newRow("mode unreadable") << QByteArray() << QByteArray() << false << QByteArray();
    }

    void tunables()
    {
        QFETCH(QByteArray, current);
        QFETCH(QByteArray, mode);
        QFETCH(bool, restart);
        QFETCH(QByteArray, expected);
        const std::optional<QByteArray> tunables = hugePageTunables(current, mode);
        QCOMPARE(tunables.has_value(), restart);
        if (restart)
            QCOMPARE(*tunables, expected);
    }

    // The real restart, in a child: it comes back with its arguments, and with the tunable where
    // the kernel's mode asks for it.
    void restartKeepsTheArguments_data()
    {
        QTest::addColumn<QString>("tunables");
        QTest::addColumn<QString>("expected");

        const bool madvise = hugePageMode().contains("[madvise]");
        QTest::newRow("unset") << QString()
                               << (madvise ? QStringLiteral("glibc.malloc.hugetlb=1") : QString());
        QTest::newRow("opted out") << QStringLiteral("glibc.malloc.hugetlb=0")
                                   << QStringLiteral("glibc.malloc.hugetlb=0");
    }

    void restartKeepsTheArguments()
    {
        QFETCH(QString, tunables);
        QFETCH(QString, expected);
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("GLIBC_TUNABLES"));
        if (!tunables.isEmpty())
            environment.insert(QStringLiteral("GLIBC_TUNABLES"), tunables);
        QProcess child;
        child.setProcessEnvironment(environment);
        const QString argument = QStringLiteral("an argument with spaces");
        child.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(kChildMode), argument});
        QVERIFY(child.waitForFinished(30000));
        QCOMPARE(child.exitCode(), 0);
        QCOMPARE(QString::fromLocal8Bit(child.readAllStandardOutput()).trimmed(), expected + u'|' + argument);
    }
};

int main(int argc, char **argv)
{
    if (argc == 3 && std::strcmp(argv[1], kChildMode) == 0)
        return printTunablesAfterRestart(argv);
    QCoreApplication app(argc, argv);
    TestHugePageMalloc test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_hugepagemalloc.moc"
