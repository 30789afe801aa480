#include "recordssplit.h"

#include "model/io/json/streammembercut.h"
#include "recordsparser.h"

#include <chrono>

namespace lanescope {

RecordsSplit::RecordsSplit(const ByteSource &source, std::int64_t near, std::int64_t reach,
                           const LoadControl *control)
    : m_control(control), m_size(source.rawSize()), m_secondSource(source.reopen())
{
    if (m_control) {
        m_firstControl = *m_control;
        m_secondControl.recordsRead = m_control->recordsRead;
        if (m_control->progress) {
            m_firstControl.progress = [this](std::int64_t done, std::int64_t) {
                m_firstBytes.store(done, std::memory_order_relaxed);
                reportProgress();
            };
            m_secondControl.progress = [this](std::int64_t done, std::int64_t) {
                m_secondBytes.store(done - m_segment.begin, std::memory_order_relaxed);
                reportProgress();
            };
        }
    }
    // Only the first thread stops the second: when it passed the cut, cancelled, or is done.
    m_secondControl.cancel = &m_stop;
    if (!m_secondSource) {
        m_searched = m_done = true;
        return;
    }
    m_lowest = near - reach - kStreamMemberCutSlack;
    m_highest = near + reach;
    m_thread = std::jthread([this, near, reach] { readSegment(near, reach); });
}

RecordsSplit::~RecordsSplit()
{
    m_stop = true;
}

void RecordsSplit::reportProgress()
{
    const std::lock_guard lock(m_progressMutex);
    m_control->progress(
        m_firstBytes.load(std::memory_order_relaxed) + m_secondBytes.load(std::memory_order_relaxed), m_size);
}

void RecordsSplit::readSegment(std::int64_t near, std::int64_t reach)
{
    std::int64_t cut = findStreamMemberCut(*m_secondSource, near, reach, m_stop);
    if (cut >= 0) {
        m_segment.begin = cut;
        m_secondCursor = std::make_unique<JsonCursor>(*m_secondSource, &m_secondControl);
        if (!m_secondCursor->continueAt(cut))
            cut = -1;
    }
    {
        const std::lock_guard lock(m_mutex);
        m_cut = cut;
        m_searched = true;
        m_changed.notify_all();
    }
    if (cut >= 0) {
        RecordsParser parser(*m_secondCursor, m_segment.raw, m_segment.kinds);
        if (m_control)
            parser.countRowsInto(m_control->recordsRead);
        parser.parseStreamMembers();
        m_segment.end = parser.segmentEnd();
    }
    const std::lock_guard lock(m_mutex);
    m_done = true;
    m_changed.notify_all();
}

template <class Ready> void RecordsSplit::waitFor(std::unique_lock<std::mutex> &lock, Ready ready)
{
    while (!m_changed.wait_for(lock, std::chrono::milliseconds(10), ready))
        if (m_control && m_control->cancelled())
            m_stop = true;
}

bool RecordsSplit::joinAt(JsonCursor &cursor, RawRecords &raw, PhaseKindTable &kinds)
{
    const std::int64_t at = cursor.offset();
    if (at < m_lowest || at > m_highest)
        return false;
    std::unique_lock lock(m_mutex);
    waitFor(lock, [this] { return m_searched; });
    if (at != m_cut) {
        if (m_cut >= 0 && at > m_cut)
            m_stop = true; // passed it: the segment's work is of no use any more
        return false;
    }
    waitFor(lock, [this] { return m_done; });
    if (m_stop || !canJoin(raw, kinds, m_segment))
        return false;
    join(raw, kinds, m_segment);
    m_joined = true;
    m_secondBytes = 0; // the first thread's position covers the segment from now on
    if (!m_secondCursor->ok())
        cursor.adoptFailure(*m_secondCursor);
    else
        cursor.continueAt(m_segment.end);
    return true;
}

} // namespace lanescope
