#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace lanescope {

// Which way a confirmation metric should move when a technique worked.
enum class ExpectedDirection {
    Decrease,  // falls
    Increase,  // rises
    Unchanged, // an invariant: any change means something else changed too
    Report,    // shown for context (a cost to watch); no verdict of its own
};
QString expectedDirectionName(ExpectedDirection d); // "decrease", "increase", "unchanged", "report"
std::optional<ExpectedDirection> expectedDirectionFromName(const QString &name);

// One row of a technique's confirmation: a metric value id (see metricdefinitions.h) and its
// expected direction, with a short note on why (e.g. "falls by the tiling factor").
struct ConfirmationMetric
{
    QString metric; // value id, e.g. "M1", "M7", "M8.aiv_occupancy"
    ExpectedDirection expected = ExpectedDirection::Report;
    QString note;
};

// One technique of the performance chapter: the four fields the panel shows, in the project's words.
struct Technique
{
    QString id;            // "01a-larger-tiling"
    QString shortId;       // "01a"
    QString page;          // "01"
    QString title;         // "Larger tiling"
    QString whenItApplies; // the swimlane symptom and the situation
    QString how;           // the change
    QString cost;
    QString howToConfirm;     // prose; the measurable part is `confirmation`
    QStringList manualChecks; // confirmations the capture cannot show (perf_hints.log, L0 trace …)
    std::vector<ConfirmationMetric> confirmation;
    bool diagnostic = false;    // a measurement aid rather than a code change (04d)
    bool partlyDerived = false; // the chapter leaves fields unstated; ours are marked derived
};

// A page of the chapter, in reading order: "00" swimlane reading, "01" granularity, "02" runtime
// overhead, "03" dependencies, "04" InCore, "05" memory, "06" host.
struct TechniquePage
{
    QString id;               // "01"
    QString title;            // "Task granularity"
    QString summary;          // what the page is about and when to read it
    QStringList techniqueIds; // in the chapter's order
};

// The technique catalogue (resources/techniques/catalogue.json). Data only; the resource path is
// the caller's business (the application passes ":/techniques/catalogue.json").
class TechniqueCatalogue
{
public:
    // Parses the catalogue; on failure returns nullopt and sets `error` ("catalogue.json: ...").
    static std::optional<TechniqueCatalogue> fromJson(const QByteArray &json, QString *error = nullptr);
    static std::optional<TechniqueCatalogue> fromFile(const QString &path, QString *error = nullptr);

    const std::vector<TechniquePage> &pages() const { return m_pages; }
    const std::vector<Technique> &techniques() const { return m_techniques; } // page order
    // By full id ("01a-larger-tiling") or short id ("01a"), case-insensitive; null when unknown.
    const Technique *find(const QString &id) const;
    const TechniquePage *page(const QString &pageId) const;
    // The metrics compared when no technique is chosen ("general").
    const std::vector<ConfirmationMetric> &generalMetrics() const { return m_general; }

private:
    std::vector<TechniquePage> m_pages;
    std::vector<Technique> m_techniques;
    std::vector<ConfirmationMetric> m_general;
};

} // namespace lanescope
