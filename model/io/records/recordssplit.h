#pragma once

#include "model/io/json/jsoncursor.h"
#include "recordssegment.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

namespace lanescope {

// Reads one large records file on two threads. A second thread finds a cut near a given byte
// (streammembercut.h) and reads the stream members from there into a RecordsSegment. The first
// thread reads from the start; arriving at the cut at the top level, it takes the segment over
// and reads on where the segment ends. Arriving anywhere else, or with a segment that cannot join
// (recordssegment.h), it reads on itself. Either way the result is that of a read in one piece:
// the same records, warnings, errors and byte offsets.
//
// Where the split happens does not depend on timing: the first thread, at a member end within
// the search's reach, waits for the search to finish before it reads on. The search starts with the
// read and scans far faster than the parse, so at a large file's first such member end it has long
// finished.
class RecordsSplit
{
public:
    // `control` (may be null) is the load's: its cancel stops both threads, its progress hears
    // both as one, and the second counts its rows into recordsRead.
    // The cut is looked for within `reach` bytes of `near`.
    RecordsSplit(const ByteSource &source, std::int64_t near, std::int64_t reach, const LoadControl *control);
    // Stops the second thread and waits for it.
    ~RecordsSplit();
    RecordsSplit(const RecordsSplit &) = delete;
    RecordsSplit &operator=(const RecordsSplit &) = delete;

    // The control for the first thread's cursor: `control` with a progress that counts the bytes
    // of both threads.
    const LoadControl *firstControl() const { return m_control ? &m_firstControl : nullptr; }
    // Called by the first thread at the top level, just after a member ended at the cursor: where the
    // segment begins there and can join, joins it to `raw` and `kinds` and moves `cursor` to its end,
    // or fails the cursor as the segment's read failed; true then. False: read on in order.
    bool joinAt(JsonCursor &cursor, RawRecords &raw, PhaseKindTable &kinds);

    // The first thread took the second's segment over.
    bool joined() const { return m_joined; }

private:
    void readSegment(std::int64_t near, std::int64_t reach);
    // Waits, under `lock`, until `ready` holds; a cancel of the load meanwhile stops the second
    // thread, so that the wait ends at once.
    template <class Ready> void waitFor(std::unique_lock<std::mutex> &lock, Ready ready);
    void reportProgress();

    const LoadControl *m_control;
    LoadControl m_firstControl;
    LoadControl m_secondControl;
    std::atomic<bool> m_stop{false};
    std::atomic<std::int64_t> m_firstBytes{0};
    std::atomic<std::int64_t> m_secondBytes{0};
    std::int64_t m_size = 0;
    std::mutex m_progressMutex;

    std::unique_ptr<ByteSource> m_secondSource;
    std::unique_ptr<JsonCursor> m_secondCursor;
    RecordsSegment m_segment;

    // Member ends outside [m_lowest, m_highest] cannot be the cut.
    std::int64_t m_lowest = 0;
    std::int64_t m_highest = -1;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_searched = false; // the cut is known (or known not to exist)
    std::int64_t m_cut = -1;
    bool m_done = false; // the segment is read
    bool m_joined = false;

    std::jthread m_thread; // last: started once everything above exists
};

} // namespace lanescope
