#include "app/window/exportdialog.h"
#include "testmain.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

QSpinBox *heightBox(const ExportDialog &dialog)
{
    const QList<QSpinBox *> boxes = dialog.findChildren<QSpinBox *>(Qt::FindDirectChildrenOnly);
    return boxes.size() == 2 ? boxes[1] : nullptr; // width, then height
}

QRadioButton *radio(const ExportDialog &dialog, const QString &textStart)
{
    for (QRadioButton *b : dialog.findChildren<QRadioButton *>()) {
        if (b->text().startsWith(textStart))
            return b;
    }
    return nullptr;
}

} // namespace

// File > Export…'s dialog, driven by mouse and keyboard as a user does.
class TestExportDialog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    // "Every lane" is asked for by a click on its box, or by Space once it has the focus; while it
    // is on, the height box is off and the screen choice names only its width (the lanes decide
    // the height).
    void everyLaneFollowsTheCheckbox_data()
    {
        QTest::addColumn<bool>("keyboard");
        QTest::newRow("mouse") << false;
        QTest::newRow("keyboard") << true;
    }
    void everyLaneFollowsTheCheckbox()
    {
        QFETCH(bool, keyboard);
        ExportDialog dialog(false, QSize(1200, 700), 1.0, m_dir.filePath(QStringLiteral("t.png")));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *box = dialog.findChild<QCheckBox *>(QStringLiteral("allLanes"));
        QVERIFY(box);
        QCOMPARE(box->text(), QStringLiteral("Every lane (not only those on screen)"));
        QSpinBox *height = heightBox(dialog);
        QVERIFY(height);
        QVERIFY(!dialog.settings().allLanes);
        QVERIFY(height->isEnabled());

        auto toggle = [&] {
            if (keyboard) {
                box->setFocus();
                QTest::keyClick(box, Qt::Key_Space);
            } else {
                QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
            }
        };
        QRadioButton *screen = radio(dialog, QStringLiteral("Screen"));
        QVERIFY(screen);
        QCOMPARE(screen->text(), QStringLiteral("Screen size (1200 × 700 at 1× pixel ratio)"));
        toggle();
        QVERIFY(dialog.settings().allLanes);
        QVERIFY(!height->isEnabled());
        QCOMPARE(screen->text(), QStringLiteral("Screen width (1200 px at 1× pixel ratio)"));
        toggle();
        QVERIFY(!dialog.settings().allLanes);
        QVERIFY(height->isEnabled());
        QCOMPARE(screen->text(), QStringLiteral("Screen size (1200 × 700 at 1× pixel ratio)"));
    }

    // The whole round: every lane at a chosen width, saved with the Save button.
    void savesEveryLaneAtAChosenWidth()
    {
        const QString path = m_dir.filePath(QStringLiteral("every.svg"));
        ExportDialog dialog(false, QSize(1200, 700), 2.0, QString());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *box = dialog.findChild<QCheckBox *>(QStringLiteral("allLanes"));
        QVERIFY(box);
        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
        QRadioButton *chosen = radio(dialog, QStringLiteral("Chosen size"));
        QVERIFY(chosen);
        QTest::mouseClick(chosen, Qt::LeftButton, {}, QPoint(8, chosen->height() / 2));
        QSpinBox *width = dialog.findChildren<QSpinBox *>(Qt::FindDirectChildrenOnly).value(0);
        QVERIFY(width);
        width->selectAll();
        QTest::keyClicks(width, QStringLiteral("2400"));
        auto *file = dialog.findChild<QLineEdit *>(QString(), Qt::FindDirectChildrenOnly);
        QVERIFY(file);
        file->selectAll();
        QTest::keyClicks(file, path);

        QPushButton *save = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save);
        QTest::mouseClick(save, Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const PictureExportSettings s = dialog.settings();
        QVERIFY(s.allLanes);
        QVERIFY(!s.screenSize);
        QCOMPARE(s.size.width(), 2400);
        QCOMPARE(s.path, path);
    }
};

LANESCOPE_TEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
