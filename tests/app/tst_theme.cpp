#include "app/window/theme.h"
#include "testmain.h"

#include <QApplication>

using namespace lanescope;

class TestTheme : public QObject
{
    Q_OBJECT

private slots:
    void darkIsDarkerThanLight()
    {
        auto *app = qobject_cast<QApplication *>(QCoreApplication::instance());
        applyTheme(*app, Theme::Dark);
        const int darkWindow = QApplication::palette().color(QPalette::Window).lightness();
        const int darkText = QApplication::palette().color(QPalette::WindowText).lightness();
        applyTheme(*app, Theme::Light);
        const int lightWindow = QApplication::palette().color(QPalette::Window).lightness();
        QVERIFY(darkWindow < 80);
        QVERIFY(darkText > 180);
        QVERIFY(lightWindow > 180);
    }

    void names_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("theme");
        QTest::newRow("dark") << "dark" << int(Theme::Dark);
        QTest::newRow("light") << "light" << int(Theme::Light);
        QTest::newRow("unknown") << "neon" << int(Theme::Light);
    }
    void names()
    {
        QFETCH(QString, name);
        QFETCH(int, theme);
        QCOMPARE(int(themeFromName(name)), theme);
        if (name != QLatin1String("neon"))
            QCOMPARE(themeName(Theme(theme)), name);
    }
};

LANESCOPE_TEST_MAIN(TestTheme)
#include "tst_theme.moc"
