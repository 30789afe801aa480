// Freeing apart (model/capture/backgroundfree.h): what a cancelled step leaves is destroyed on the
// free thread, and only then does waitForBackgroundFrees return; work that was not cancelled frees
// its data where it always did.

#include "model/capture/backgroundfree.h"
#include "testmain.h"

#include <chrono>
#include <memory>
#include <thread>

using namespace lanescope;

namespace {

// Where and how often the value it stands for was destroyed; a moved-from probe stands for none.
struct Destruction
{
    int count = 0;
    std::thread::id thread;
};

class Probe
{
public:
    explicit Probe(std::shared_ptr<Destruction> d, std::chrono::milliseconds slow = {})
        : m_destruction(std::move(d)), m_slow(slow)
    {
    }
    Probe(Probe &&other) noexcept = default;
    ~Probe()
    {
        if (!m_destruction)
            return;
        std::this_thread::sleep_for(m_slow);
        ++m_destruction->count;
        m_destruction->thread = std::this_thread::get_id();
    }

private:
    std::shared_ptr<Destruction> m_destruction;
    std::chrono::milliseconds m_slow;
};

} // namespace

class TestBackgroundFree : public QObject
{
    Q_OBJECT

private slots:
    void guardFreesApartOnlyWhenCancelled_data()
    {
        QTest::addColumn<bool>("inScope");
        QTest::addColumn<bool>("cancelled");
        QTest::addColumn<bool>("throws");
        QTest::addColumn<bool>("apart");
        QTest::newRow("no scope") << false << false << false << false;
        QTest::newRow("running") << true << false << false << false;
        QTest::newRow("cancelled, returned") << true << true << false << true;
        QTest::newRow("cancelled, thrown") << true << true << true << true;
    }
    void guardFreesApartOnlyWhenCancelled()
    {
        QFETCH(bool, inScope);
        QFETCH(bool, cancelled);
        QFETCH(bool, throws);
        QFETCH(bool, apart);
        auto destruction = std::make_shared<Destruction>();
        std::atomic<bool> cancel{false};
        runCancellably(
            inScope ? &cancel : nullptr,
            [&] {
                Probe owner(destruction);
                const FreedInBackgroundIfCancelled freed(owner);
                cancel = cancelled;
                if (throws)
                    throwIfCancelled();
            },
            [] {});
        waitForBackgroundFrees();
        QCOMPARE(destruction->count, 1);
        QCOMPARE(destruction->thread != std::this_thread::get_id(), apart);
    }

    void waitReturnsOnceFreed()
    {
        auto destruction = std::make_shared<Destruction>();
        freeInBackground(Probe(destruction, std::chrono::milliseconds(200)));
        waitForBackgroundFrees();
        QCOMPARE(destruction->count, 1);
        QVERIFY(destruction->thread != std::this_thread::get_id());
        waitForBackgroundFrees(); // nothing queued: returns at once
    }

    void everythingQueuedIsFreedOnce()
    {
        std::vector<std::shared_ptr<Destruction>> destructions;
        for (int i = 0; i < 50; ++i) {
            destructions.push_back(std::make_shared<Destruction>());
            freeInBackground(Probe(destructions.back(), std::chrono::milliseconds(i % 5)));
        }
        waitForBackgroundFrees();
        for (const auto &d : destructions)
            QCOMPARE(d->count, 1);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestBackgroundFree)
#include "tst_backgroundfree.moc"
