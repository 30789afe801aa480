#include "beforeafterpair.h"
#include "diffpairs.h"
#include "lanescoperun.h"
#include "testmain.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

// Pixels of the picture's lower half (After) that are clearly red: bars that got slower.
int slowerPixels(const QImage &image)
{
    int n = 0;
    for (int y = image.height() / 2; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += c.red() > 170 && c.green() < 110 && c.blue() < 110;
        }
    return n;
}

} // namespace

// Drives the real `lanescope diff`: the Diff view drawn headless, as PNG and SVG.
class TestDiffCommand : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    // One function slowed: After's picture has slower (red) bars that the capture against itself
    // lacks (both share the red of the counter tracks and the legend's scale).
    void slowerBarsAreRed()
    {
        const DiffPair pair = slowedFunctionPair(1, 20'000);
        QVERIFY(pair.ok());
        const QString before = pair.dir->filePath(QStringLiteral("before"));
        int red[2] = {0, 0};
        for (const bool slowed : {false, true}) {
            const QString after = slowed ? pair.dir->filePath(QStringLiteral("after")) : before;
            const QString png = m_dir.filePath(QStringLiteral("diff-%1.png").arg(slowed));
            const LanescopeRun run =
                runLanescope({QStringLiteral("diff"), before, after, QStringLiteral("-o"), png,
                              QStringLiteral("--width"), QStringLiteral("1200")});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            QVERIFY(run.out.contains("task diff: matched by identity"));
            QVERIFY(run.out.contains(QFileInfo(png).absoluteFilePath().toUtf8()));
            const QImage image(png);
            QVERIFY(!image.isNull());
            QCOMPARE(image.width(), 1200);
            red[slowed] = slowerPixels(image);
        }
        QVERIFY2(red[1] > red[0] + 100,
                 qPrintable(QStringLiteral("%1 red pixels vs %2").arg(red[1]).arg(red[0])));
    }

    // SVG keeps its text; --range draws part of Before's time.
    void svgAndRange()
    {
        const QString svg = m_dir.filePath(QStringLiteral("pair.svg"));
        const LanescopeRun run =
            runLanescope({QStringLiteral("diff"), beforeAfterPath("before"), beforeAfterPath("after"),
                          QStringLiteral("-o"), svg, QStringLiteral("--range"), QStringLiteral("0:200")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.startsWith("<?xml"));
        QVERIFY(text.contains("matched by function"));
        QVERIFY(text.contains("per function: the task set changed"));
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString b = beforeAfterPath("before"), a = beforeAfterPath("after");
        const QString out = QDir::temp().filePath(QStringLiteral("lanescope-diff-never.png"));
        QTest::addRow("one capture") << QStringList{b, QStringLiteral("-o"), out} << 1
                                     << "needs exactly two captures, BEFORE and AFTER (got 1)";
        QTest::addRow("no output") << QStringList{b, a} << 1 << "missing -o OUT.png|OUT.svg";
        QTest::addRow("bad suffix") << QStringList{b, a, QStringLiteral("-o"), QStringLiteral("x.jpg")} << 1
                                    << "the output must end in .png or .svg";
        QTest::addRow("bad width")
            << QStringList{b, a, QStringLiteral("-o"), out, QStringLiteral("--width"), QStringLiteral("9")}
            << 1 << "--width wants 200 to 16000 pixels";
        QTest::addRow("empty range")
            << QStringList{b, a, QStringLiteral("-o"), out, QStringLiteral("--range"), QStringLiteral("1e9:")}
            << 2 << "--range is empty for Before";
        QTest::addRow("unreadable") << QStringList{b, QStringLiteral("/nonexistent/capture"),
                                                   QStringLiteral("-o"), out}
                                    << 2 << "/nonexistent/capture";
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const LanescopeRun run = runLanescope(QStringList{QStringLiteral("diff")} + args);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QVERIFY(!QFileInfo::exists(QDir::temp().filePath(QStringLiteral("lanescope-diff-never.png"))));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestDiffCommand)
#include "tst_diffcommand.moc"
