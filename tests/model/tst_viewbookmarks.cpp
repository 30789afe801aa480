#include "model/session/viewbookmarks.h"
#include "model/techniques/reviewsession.h"
#include "testmain.h"

#include <limits>
#include <nlohmann/json.hpp>

using namespace lanescope;

namespace {

ViewBookmark wideView()
{
    ViewBookmark v;
    // Values that only survive an exact round trip.
    v.range = {-1.0 / 3.0, 123456.789012345678};
    v.scrollYPx = 240;
    v.collapsedGroups = {QStringLiteral("AICPU"), QStringLiteral("Host ü")};
    v.laneOrder = {2, 0, 1, 3};
    v.pinnedLanes = {3, 1};
    v.hiddenLanes = {0, 2};
    v.groupOrder = {QStringLiteral("Host ü"), QStringLiteral("AICore"), QStringLiteral("AICPU")};
    return v;
}

ViewBookmark narrowView()
{
    ViewBookmark v;
    v.range = {50.5, 50.5000001};
    return v;
}

ReviewSession sessionWithBookmarks()
{
    ReviewSession s;
    s.before.path = QStringLiteral("/data/before");
    s.after.path = QStringLiteral("/data/after");
    s.technique = QStringLiteral("general");
    s.before.bookmarks.store(1, wideView());
    s.before.bookmarks.store(9, narrowView());
    s.after.bookmarks.store(3, narrowView());
    return s;
}

// A review as written before view bookmarks existed: no "bookmarks" anywhere.
const QByteArray kOldReview =
    "{\"format\":\"lanescope-review\",\"version\":1,\"technique\":\"general\",\"notes\":\"\","
    "\"markers\":[],\"before\":{\"path\":\"/b\",\"embedded\":[]},\"after\":{\"path\":\"/"
    "a\",\"embedded\":[]}}";

// kOldReview with `bookmarks` as Before's "bookmarks" value.
QByteArray withBeforeBookmarks(const QByteArray &bookmarks)
{
    QByteArray bytes = kOldReview;
    bytes.replace("\"path\":\"/b\",", "\"path\":\"/b\",\"bookmarks\":" + bookmarks + ',');
    return bytes;
}

} // namespace

class TestViewBookmarks : public QObject
{
    Q_OBJECT

private slots:
    void slotRange_data()
    {
        QTest::addColumn<int>("slot");
        QTest::addColumn<bool>("stored");
        QTest::newRow("first") << 1 << true;
        QTest::newRow("last") << 9 << true;
        QTest::newRow("zero") << 0 << false;
        QTest::newRow("ten") << 10 << false;
        QTest::newRow("negative") << -3 << false;
    }

    void slotRange()
    {
        QFETCH(int, slot);
        QFETCH(bool, stored);
        ViewBookmarks b;
        QCOMPARE(b.store(slot, wideView()), stored);
        QCOMPARE(b.isEmpty(), !stored);
        QCOMPARE(b.find(slot) != nullptr, stored);
        if (stored)
            QCOMPARE(*b.find(slot), wideView());
        QCOMPARE(b.storedSlots(), stored ? std::vector<int>{slot} : std::vector<int>{});
    }

    void storeReplacesAndMergeTakesSlots()
    {
        ViewBookmarks mine;
        mine.store(4, wideView());
        mine.store(2, wideView());
        QVERIFY(mine.store(4, narrowView()));
        QCOMPARE(*mine.find(4), narrowView());
        QCOMPARE(mine.storedSlots(), (std::vector<int>{2, 4}));
        ViewBookmarks review;
        review.store(2, narrowView());
        review.store(7, wideView());
        mine.merge(review);
        QCOMPARE(mine.storedSlots(), (std::vector<int>{2, 4, 7}));
        QCOMPARE(*mine.find(2), narrowView());
        QCOMPARE(*mine.find(4), narrowView());
        QCOMPARE(*mine.find(7), wideView());
    }

    void rangeText() { QCOMPARE(viewRangeText({1250, 3500}), QStringLiteral("1.25 ms – 3.50 ms (2.25 ms)")); }

    // Bookmarks survive a review round trip: serialised, parsed back, equal to the last bit.
    void reviewRoundTrip()
    {
        const ReviewSession s = sessionWithBookmarks();
        const QByteArray bytes = serializeReviewSession(s);
        QString error;
        const auto back = parseReviewSession(bytes, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(*back == s);
        QCOMPARE(back->before.bookmarks.storedSlots(), (std::vector<int>{1, 9}));
        QCOMPARE(back->after.bookmarks.storedSlots(), std::vector<int>{3});
        QCOMPARE(back->before.bookmarks.find(1)->range.startUs, -1.0 / 3.0);
        QCOMPARE(*back->before.bookmarks.find(1), wideView());
        QCOMPARE(serializeReviewSession(*back), bytes);
    }

    // A side without stored views writes no key, so files without bookmarks read as before.
    void noBookmarksNoKey()
    {
        ReviewSession s = sessionWithBookmarks();
        s.after.bookmarks = {};
        const QByteArray bytes = serializeReviewSession(s);
        QCOMPARE(bytes.count("\"bookmarks\""), 1);
        s.before.bookmarks = {};
        QVERIFY(!serializeReviewSession(s).contains("\"bookmarks\""));
    }

    // Only a view with moved groups writes "group_order"; a bookmark without it (written before
    // groups could move) reads as the capture's own order.
    void groupOrderIsOptional()
    {
        ReviewSession s = sessionWithBookmarks();
        const QByteArray bytes = serializeReviewSession(s);
        QCOMPARE(bytes.count("\"group_order\""), 1); // wideView only
        QString error;
        const auto old = parseReviewSession(
            withBeforeBookmarks("[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0,"
                                "\"collapsed_groups\":[],\"lane_order\":[],\"pinned_lanes\":[],"
                                "\"hidden_lanes\":[]}]"),
            &error);
        QVERIFY2(old, qPrintable(error));
        QVERIFY(old->before.bookmarks.find(1)->groupOrder.isEmpty());
    }

    void oldReviewOpensWithoutBookmarks()
    {
        QString error;
        const auto back = parseReviewSession(kOldReview, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->before.bookmarks.isEmpty());
        QVERIFY(back->after.bookmarks.isEmpty());
        QCOMPARE(back->before.path, QStringLiteral("/b"));
        // And an empty list is no bookmarks too.
        const auto empty = parseReviewSession(withBeforeBookmarks("[]"), &error);
        QVERIFY2(empty, qPrintable(error));
        QVERIFY(empty->before.bookmarks.isEmpty());
    }

    void badBookmarks_data()
    {
        QTest::addColumn<QByteArray>("bookmarks");
        QTest::addColumn<QString>("message");
        const QByteArray lanes =
            ",\"collapsed_groups\":[],\"lane_order\":[],\"pinned_lanes\":[],\"hidden_lanes\":[]";
        const QByteArray good = "\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0" + lanes;
        QTest::newRow("not an array") << QByteArray("{}") << "before.bookmarks: not an array";
        QTest::newRow("entry not an object") << QByteArray("[3]") << "before.bookmarks[0]: not an object";
        QTest::newRow("no slot") << "[{" + good + "}]"
                                 << "before.bookmarks[0]: missing \"slot\"";
        QTest::newRow("slot zero") << "[{\"slot\":0," + good + "}]"
                                   << "before.bookmarks[0].slot: not a slot from 1 to 9";
        QTest::newRow("slot ten") << "[{\"slot\":10," + good + "}]"
                                  << "before.bookmarks[0].slot: not a slot from 1 to 9";
        QTest::newRow("slot huge") << "[{\"slot\":18446744073709551615," + good + "}]"
                                   << "before.bookmarks[0].slot: not a slot from 1 to 9";
        QTest::newRow("slot fraction") << "[{\"slot\":2.5," + good + "}]"
                                       << "before.bookmarks[0].slot: not a slot from 1 to 9";
        QTest::newRow("slot text") << "[{\"slot\":\"2\"," + good + "}]"
                                   << "before.bookmarks[0].slot: not a slot from 1 to 9";
        QTest::newRow("slot twice") << "[{\"slot\":2," + good + "},{\"slot\":2," + good + "}]"
                                    << "before.bookmarks[1].slot: slot 2 appears twice";
        QTest::newRow("start text") << "[{\"slot\":1,\"start_us\":\"a\",\"end_us\":2,\"scroll_y_px\":0" +
                                           lanes + "}]"
                                    << "before.bookmarks[0].start_us: not a finite number";
        QTest::newRow("no end") << "[{\"slot\":1,\"start_us\":1,\"scroll_y_px\":0" + lanes + "}]"
                                << "before.bookmarks[0]: missing \"end_us\"";
        QTest::newRow("end before start")
            << "[{\"slot\":1,\"start_us\":5,\"end_us\":2,\"scroll_y_px\":0" + lanes + "}]"
            << "before.bookmarks[0].end_us: not after start_us";
        QTest::newRow("empty range") << "[{\"slot\":1,\"start_us\":5,\"end_us\":5,\"scroll_y_px\":0" + lanes +
                                            "}]"
                                     << "before.bookmarks[0].end_us: not after start_us";
        QTest::newRow("negative scroll")
            << "[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":-4" + lanes + "}]"
            << "before.bookmarks[0].scroll_y_px: negative";
        QTest::newRow("groups not strings")
            << QByteArray(
                   "[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0,\"collapsed_groups\":[1],"
                   "\"lane_order\":[],\"pinned_lanes\":[],\"hidden_lanes\":[]}]")
            << "before.bookmarks[0].collapsed_groups[0]: not a string";
        QTest::newRow("group order not strings")
            << QByteArray(
                   "[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0,\"collapsed_groups\":[],"
                   "\"lane_order\":[],\"pinned_lanes\":[],\"hidden_lanes\":[],\"group_order\":[\"a\",2]}]")
            << "before.bookmarks[0].group_order[1]: not a string";
        QTest::newRow("group order not an array")
            << QByteArray(
                   "[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0,\"collapsed_groups\":[],"
                   "\"lane_order\":[],\"pinned_lanes\":[],\"hidden_lanes\":[],\"group_order\":\"a\"}]")
            << "before.bookmarks[0].group_order: not an array";
        QTest::newRow("negative lane")
            << QByteArray(
                   "[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0,\"collapsed_groups\":[],"
                   "\"lane_order\":[],\"pinned_lanes\":[-1],\"hidden_lanes\":[]}]")
            << "before.bookmarks[0].pinned_lanes[0]: not a lane index";
        QTest::newRow("lane twice")
            << QByteArray(
                   "[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0,\"collapsed_groups\":[],"
                   "\"lane_order\":[1,0,1],\"pinned_lanes\":[],\"hidden_lanes\":[]}]")
            << "before.bookmarks[0].lane_order[2]: lane 1 appears twice";
        QTest::newRow("hidden not an array")
            << QByteArray(
                   "[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0,\"collapsed_groups\":[],"
                   "\"lane_order\":[],\"pinned_lanes\":[],\"hidden_lanes\":7}]")
            << "before.bookmarks[0].hidden_lanes: not an array";
        QTest::newRow("no lane layout")
            << QByteArray("[{\"slot\":1,\"start_us\":1,\"end_us\":2,\"scroll_y_px\":0}]")
            << "before.bookmarks[0]: missing \"collapsed_groups\"";
    }

    // A present key is checked as strictly as the rest of the file: one line naming the field.
    void badBookmarks()
    {
        QFETCH(QByteArray, bookmarks);
        QFETCH(QString, message);
        const QByteArray bytes = withBeforeBookmarks(bookmarks);
        QString error;
        QVERIFY(!parseReviewSession(bytes, &error));
        QCOMPARE(error, message);
        // The bookmarks alone say the same under their own name.
        const nlohmann::json value = nlohmann::json::parse(bookmarks.constData(), nullptr, false);
        QVERIFY(!value.is_discarded());
        QString alone;
        QVERIFY(!viewBookmarksFromJson(value, QStringLiteral("before.bookmarks"), &alone));
        QCOMPARE(alone, message);
    }

    // Every prefix of a review with bookmarks is refused with a message, never a crash.
    void everyPrefix()
    {
        const QByteArray good = serializeReviewSession(sessionWithBookmarks());
        for (qsizetype n = 0; n < good.size() - 1; ++n) {
            QString error;
            QVERIFY(!parseReviewSession(good.left(n), &error));
            QVERIFY(!error.isEmpty());
        }
        QVERIFY(parseReviewSession(good));
    }

    // A view that cannot be written back exactly is refused before anything is written.
    void nonFiniteViewIsNotSaved()
    {
        ReviewSession s = sessionWithBookmarks();
        ViewBookmark broken = narrowView();
        broken.range.endUs = std::numeric_limits<double>::infinity();
        s.after.bookmarks.store(5, broken);
        QString error;
        QVERIFY(!saveReviewSession(s, QStringLiteral("/nonexistent-dir/x.lanescope"), &error));
        QVERIFY2(error.endsWith(QStringLiteral("view bookmark 5 has no finite range")), qPrintable(error));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestViewBookmarks)
#include "tst_viewbookmarks.moc"
