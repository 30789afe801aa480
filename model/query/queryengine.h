#pragma once

#include "queryresult.h"

#include "model/capture/capture.h"

#include <atomic>
#include <memory>
#include <vector>

namespace lanescope {

class QueryCapture;
class QueryTable;

// SQL over one run of a capture (docs/query.md): its arrays are SQLite virtual tables read in
// place, on a connection that can neither write, attach nor load anything, within sqlite3_limit's
// bounds. One query runs at a time; any thread may cancel it through the flag it was given.
// The window's Query dock and an agent's server call this, as `lanescope query` does.
class QueryEngine
{
public:
    // `run` is what the tables hold; `allRuns` (every run of the document, `run` among them) is
    // what the `run` table lists, `run` alone when empty.
    explicit QueryEngine(std::shared_ptr<const Capture> run,
                         std::vector<std::shared_ptr<const Capture>> allRuns = {});
    ~QueryEngine();
    QueryEngine(const QueryEngine &) = delete;
    QueryEngine &operator=(const QueryEngine &) = delete;

    // Runs one statement. Setting `*cancel` from another thread stops it within a few thousand
    // steps of SQLite's machine (QueryResult::cancelled).
    QueryResult execute(const QString &sql, const std::atomic<bool> *cancel = nullptr,
                        const QueryOptions &options = {});

private:
    struct Connection;
    std::unique_ptr<QueryCapture> m_capture;
    std::vector<std::unique_ptr<QueryTable>> m_tables;
    std::unique_ptr<Connection> m_connection;
};

} // namespace lanescope
