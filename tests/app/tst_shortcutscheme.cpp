#include "app/settings/shortcutscheme.h"
#include "testmain.h"

#include <QSettings>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

// Three actions as the window has them: Find on Ctrl+F, Open on Ctrl+O, Swap without keys.
ShortcutScheme threeActions()
{
    ShortcutScheme scheme;
    scheme.add(QStringLiteral("edit.find"), QStringLiteral("Find"), QKeySequence(QStringLiteral("Ctrl+F")));
    scheme.add(QStringLiteral("file.open"), QStringLiteral("Open File…"),
               QKeySequence(QStringLiteral("Ctrl+O")));
    scheme.add(QStringLiteral("compare.swapMarks"), QStringLiteral("Swap Before and After"), QKeySequence());
    return scheme;
}

QKeySequence keys(const char *text)
{
    return QKeySequence::fromString(QString::fromLatin1(text), QKeySequence::PortableText);
}

// "id=keys;id=keys", sorted by id, for comparing overrides in one string.
QString describe(const ShortcutScheme::Overrides &overrides)
{
    QStringList parts;
    for (const auto &[id, k] : overrides)
        parts << id + u'=' + k.toString(QKeySequence::PortableText);
    return parts.join(u';');
}

} // namespace

class TestShortcutScheme : public QObject
{
    Q_OBJECT

private slots:
    // What assigning keys to Open File… leaves stored, and who lost keys.
    void assignStoresOnlyWhatDiffers_data()
    {
        QTest::addColumn<QString>("assigned");
        QTest::addColumn<QString>("stored");
        QTest::addColumn<QString>("loser");
        QTest::newRow("default kept") << "Ctrl+O"
                                      << ""
                                      << "";
        QTest::newRow("changed") << "Ctrl+J"
                                 << "file.open=Ctrl+J"
                                 << "";
        QTest::newRow("removed: stored as no keys") << ""
                                                    << "file.open="
                                                    << "";
        QTest::newRow("taken from Find") << "Ctrl+F"
                                         << "edit.find=;file.open=Ctrl+F"
                                         << "edit.find";
        QTest::newRow("a sequence starting with Find's keys") << "Ctrl+F, Ctrl+G"
                                                              << "edit.find=;file.open=Ctrl+F, Ctrl+G"
                                                              << "edit.find";
        QTest::newRow("two chords, no clash") << "Ctrl+K, Ctrl+O"
                                              << "file.open=Ctrl+K, Ctrl+O"
                                              << "";
    }

    void assignStoresOnlyWhatDiffers()
    {
        QFETCH(QString, assigned);
        QFETCH(QString, stored);
        QFETCH(QString, loser);
        ShortcutScheme scheme = threeActions();
        const QKeySequence k = QKeySequence::fromString(assigned, QKeySequence::PortableText);
        QCOMPARE(scheme.assign(QStringLiteral("file.open"), k), loser);
        QCOMPARE(scheme.find(QStringLiteral("file.open"))->keys, k);
        QCOMPARE(describe(scheme.overrides()), stored);
    }

    // Which action clashes with keys meant for Swap (which has none).
    void conflict_data()
    {
        QTest::addColumn<QString>("wanted");
        QTest::addColumn<QString>("holder");
        QTest::newRow("same keys") << "Ctrl+F"
                                   << "edit.find";
        QTest::newRow("holder's keys start the new sequence") << "Ctrl+O, Ctrl+P"
                                                              << "file.open";
        QTest::newRow("free keys") << "Ctrl+J"
                                   << "";
        QTest::newRow("other modifiers") << "Ctrl+Shift+F"
                                         << "";
        QTest::newRow("empty keys clash with nothing") << ""
                                                       << "";
    }

    void conflict()
    {
        QFETCH(QString, wanted);
        QFETCH(QString, holder);
        const ShortcutScheme scheme = threeActions();
        const ShortcutScheme::Entry *e =
            scheme.conflict(QStringLiteral("compare.swapMarks"),
                            QKeySequence::fromString(wanted, QKeySequence::PortableText));
        QCOMPARE(e ? e->id : QString(), holder);
    }

    void anActionDoesNotClashWithItself()
    {
        const ShortcutScheme scheme = threeActions();
        QVERIFY(!scheme.conflict(QStringLiteral("edit.find"), keys("Ctrl+F")));
    }

    // A shorter sequence clashes with a longer one starting with it: the longer one loses.
    void shorterKeysTakeFromALongerSequence()
    {
        ShortcutScheme scheme = threeActions();
        scheme.assign(QStringLiteral("compare.swapMarks"), keys("Ctrl+K, Ctrl+S"));
        QCOMPARE(scheme.assign(QStringLiteral("file.open"), keys("Ctrl+K")),
                 QStringLiteral("compare.swapMarks"));
        QVERIFY(scheme.find(QStringLiteral("compare.swapMarks"))->keys.isEmpty());
    }

    // Reset gives an action its default back; keys taken from it come back from the new holder.
    void reset()
    {
        ShortcutScheme scheme = threeActions();
        scheme.assign(QStringLiteral("file.open"), keys("Ctrl+F"));
        QCOMPARE(scheme.reset(QStringLiteral("file.open")), QString());
        QCOMPARE(describe(scheme.overrides()), QStringLiteral("edit.find="));
        scheme.assign(QStringLiteral("file.open"), keys("Ctrl+F"));
        QCOMPARE(scheme.reset(QStringLiteral("edit.find")), QStringLiteral("file.open"));
        QCOMPARE(describe(scheme.overrides()), QStringLiteral("file.open="));
        scheme.resetAll();
        QVERIFY(scheme.overrides().empty());
        QCOMPARE(scheme.find(QStringLiteral("file.open"))->keys, keys("Ctrl+O"));
        QCOMPARE(scheme.reset(QStringLiteral("no.such")), QString());
    }

    void setOverridesIgnoresUnknownActions()
    {
        ShortcutScheme scheme = threeActions();
        scheme.assign(QStringLiteral("edit.find"), keys("F5"));
        scheme.setOverrides(
            {{QStringLiteral("file.open"), keys("Ctrl+J")}, {QStringLiteral("gone"), keys("F9")}});
        QCOMPARE(describe(scheme.overrides()), QStringLiteral("file.open=Ctrl+J")); // Find back on Ctrl+F
        QCOMPARE(scheme.assign(QStringLiteral("gone"), keys("F9")), QString());
        QVERIFY(!scheme.find(QStringLiteral("gone")));
    }

    // What read() makes of a stored value.
    void read_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("kept");
        QTest::addColumn<QString>("keys");
        QTest::newRow("keys") << "Ctrl+J" << true << "Ctrl+J";
        QTest::newRow("two chords") << "Ctrl+K, Ctrl+J" << true << "Ctrl+K, Ctrl+J";
        QTest::newRow("empty: no shortcut") << "" << true << "";
        QTest::newRow("unknown key: default kept") << "Ctrl+Nonsense" << false << "";
        QTest::newRow("garbage: default kept") << "+++,,," << false << "";
    }

    void read()
    {
        QFETCH(QString, value);
        QFETCH(bool, kept);
        QFETCH(QString, keys);
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        settings.setValue(QStringLiteral("shortcuts/file.open"), value);
        const ShortcutScheme::Overrides read = ShortcutScheme::read(settings);
        QCOMPARE(read.count(QStringLiteral("file.open")) == 1, kept);
        if (kept)
            QCOMPARE(read.at(QStringLiteral("file.open")).toString(QKeySequence::PortableText), keys);
    }

    // write() replaces what was stored; read() gives back what was written.
    void writeAndReadBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.ini"));
        ShortcutScheme scheme = threeActions();
        scheme.assign(QStringLiteral("file.open"), keys("Ctrl+F"));
        {
            QSettings settings(path, QSettings::IniFormat);
            settings.setValue(QStringLiteral("shortcuts/stale.action"), QStringLiteral("F2"));
            settings.setValue(QStringLiteral("theme"), QStringLiteral("dark"));
            ShortcutScheme::write(settings, scheme.overrides());
        }
        QSettings settings(path, QSettings::IniFormat);
        QCOMPARE(describe(ShortcutScheme::read(settings)), QStringLiteral("edit.find=;file.open=Ctrl+F"));
        QCOMPARE(settings.value(QStringLiteral("theme")).toString(), QStringLiteral("dark"));
        ShortcutScheme again = threeActions();
        again.setOverrides(ShortcutScheme::read(settings));
        QCOMPARE(again.find(QStringLiteral("edit.find"))->keys, QKeySequence());
        ShortcutScheme::write(settings, {});
        QVERIFY(ShortcutScheme::read(settings).empty());
    }
};

LANESCOPE_TEST_MAIN(TestShortcutScheme)
#include "tst_shortcutscheme.moc"
