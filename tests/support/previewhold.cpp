#include "previewhold.h"

#include <chrono>
#include <climits>
#include <thread>

namespace lanescope {

PreviewHold::PreviewHold(int previews) : m_state(std::make_shared<State>())
{
    m_state->allowed = previews;
}

CaptureLoader::PreviewCheckpoint PreviewHold::checkpoint() const
{
    return [state = m_state](const std::atomic<bool> &cancelled) {
        const int n = ++state->handedOut;
        // Polled: allow() comes from a test's thread, a cancel from the loader's.
        while (n > state->allowed && !cancelled)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
}

int PreviewHold::handedOut() const
{
    return m_state->handedOut;
}

void PreviewHold::allow(int previews)
{
    m_state->allowed = previews;
}

void PreviewHold::releaseAll()
{
    allow(INT_MAX);
}

PreviewPacing eagerPreviewPacing()
{
    PreviewPacing pacing;
    pacing.firstRows = 0;
    pacing.minIntervalMs = 0;
    return pacing;
}

} // namespace lanescope
