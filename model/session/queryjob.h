#pragma once

#include "model/capture/capture.h"
#include "model/query/queryresult.h"

#include <QObject>
#include <memory>
#include <vector>

namespace lanescope {

class LatestOnlyWorker;

// One answered query: its text, the run it was asked of, the result and how long it took.
struct QueryOutcome
{
    QString sql;
    CapturePtr capture;
    QueryResult result;
    double elapsedMs = 0;
};
using QueryOutcomePtr = std::shared_ptr<const QueryOutcome>;

// Runs SQL over one run off the GUI thread (QueryEngine, docs/query.md): a query over a million
// bars takes a second, and a careless join never ends. A newer query or cancel() stops the one
// before it at SQLite's next look at its flag, and nothing of it is delivered (LatestOnlyWorker).
// The engine is made on the worker thread on first use and kept for the run's later queries; one
// query uses it at a time. The destructor cancels and waits.
class QueryJob : public QObject
{
    Q_OBJECT

public:
    explicit QueryJob(QObject *parent = nullptr);
    ~QueryJob() override;

    // What later queries are asked of; `allRuns` is what the `run` table lists. Cancels a query
    // under way.
    void setCapture(CapturePtr capture, std::vector<CapturePtr> allRuns = {});
    const CapturePtr &capture() const { return m_capture; }
    // Starts `sql`; false (and nothing delivered) without a capture.
    bool start(const QString &sql, QueryOptions options = {});
    void cancel();
    // A worker thread is still running (a cancelled query's included, until it stops).
    bool busy() const;
    // The latest query has not delivered yet.
    bool pending() const;

signals:
    void finished(lanescope::QueryOutcomePtr outcome);

private:
    struct Engine;

    LatestOnlyWorker *m_worker = nullptr;
    CapturePtr m_capture;
    std::shared_ptr<Engine> m_engine;
};

} // namespace lanescope
