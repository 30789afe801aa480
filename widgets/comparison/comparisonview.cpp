#include "widgets/comparison/comparisonview.h"

#include "model/capture/captureruns.h"
#include "model/format/counttext.h"
#include "model/format/durationtext.h"
#include "model/format/metrictext.h"
#include "model/format/runspreadtext.h"
#include "model/session/captureloader.h"
#include "widgets/comparison/comparisontablemodel.h"
#include "widgets/comparison/diffview.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/overlays/reviewmarkeroverlay.h"
#include "widgets/style/verdictcolours.h"
#include "widgets/timeline/timelineview.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScatterSeries>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

namespace lanescope {

namespace {

QComboBox *runTagBox(QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->addItem(ComparisonView::tr("not tagged"));
    box->addItem(ComparisonView::tr("onboard"), false);
    box->addItem(ComparisonView::tr("simulator"), true);
    box->setToolTip(
        ComparisonView::tr("The files do not say whether a run was simulated; simulated timings show the "
                           "schedule's shape, not its speed."));
    return box;
}

QString guardSummary(const Capture &c)
{
    QStringList parts;
    if (c.info.level)
        parts << ComparisonView::tr("level %1").arg(*c.info.level);
    if (c.info.clockFreqHz)
        parts << ComparisonView::tr("%1 MHz").arg(double(*c.info.clockFreqHz) / 1e6);
    parts << countText(c.info.numCores, ComparisonView::tr("core"), ComparisonView::tr("cores"));
    return parts.join(QStringLiteral(", "));
}

// A chart's value axis in the unit the table writes its larger side in: a time as formatDuration
// writes it (ms for 22 941 µs), a share as percent. Raw µs beside a table in ms read as another
// number.
struct ChartScale
{
    double factor = 1.0;
    QString unit;
};

// A capture's name as the CLI's reports write it: a folder's name, or a file's with its folder's.
// "1 run" or "3 runs": `many` has %1 for the count.
QString runsText(int runs, const QString &many, const QString &one)
{
    return runs == 1 ? one : many.arg(runs);
}

QString captureName(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir())
        return QDir(info.absoluteFilePath()).dirName();
    return info.absoluteDir().dirName() + u'/' + info.fileName();
}

ChartScale chartScale(const MetricComparison &m)
{
    if (m.unit == QStringLiteral("µs") || m.unit == QStringLiteral("us")) {
        const TimeUnit unit = naturalUnit(std::max(std::abs(*m.before), std::abs(*m.after)));
        return {1.0 / unitScaleUs(unit), unitSuffix(unit)};
    }
    if (m.unit == QStringLiteral("share"))
        return {100.0, QStringLiteral("%")};
    if (m.unit == QStringLiteral("ratio") || m.unit == QStringLiteral("flag"))
        return {};
    return {1.0, m.unit};
}

} // namespace

ComparisonView::ComparisonView(std::shared_ptr<const TechniqueCatalogue> catalogue, QWidget *parent)
    : QWidget(parent), m_catalogue(std::move(catalogue))
{
    m_techniqueBox = new QComboBox(this);
    m_techniqueBox->setObjectName(QStringLiteral("techniqueBox"));
    m_techniqueBox->addItem(tr("General (no technique)"), QStringLiteral("general"));
    if (m_catalogue) {
        for (const Technique &t : m_catalogue->techniques())
            m_techniqueBox->addItem(QStringLiteral("%1  %2").arg(t.shortId, t.title), t.id);
    }
    m_beforeSim = runTagBox(this);
    m_beforeSim->setObjectName(QStringLiteral("beforeRunTag"));
    m_afterSim = runTagBox(this);
    m_afterSim->setObjectName(QStringLiteral("afterRunTag"));
    m_techniqueBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_techniqueBox->setMinimumContentsLength(16);
    m_everyRun = new QCheckBox(tr("Every run as repeated runs"), this);
    m_everyRun->setObjectName(QStringLiteral("everyRun"));
    m_everyRun->setToolTip(
        tr("A file with several run epochs: compare all its runs, each side's value the median of its runs. "
           "A change inside the runs' spread is inconclusive."));
    m_everyRun->setEnabled(false);

    // Which side the window's docks (details, functions, legend, rings…) describe. Clicking a bar
    // in a side's timeline chooses that side too.
    auto *dockSides = new QButtonGroup(this);
    const auto sideButton = [this, dockSides](Side side, const QString &text, const QString &name) {
        auto *button = new QToolButton(this);
        button->setObjectName(name);
        button->setText(text);
        button->setCheckable(true);
        button->setToolTip(
            tr("The docks describe the %1 side: its details, functions, legend and rings").arg(text));
        dockSides->addButton(button, int(side));
        return button;
    };
    m_dockBefore = sideButton(Side::Before, tr("Before"), QStringLiteral("docksShowBefore"));
    m_dockAfter = sideButton(Side::After, tr("After"), QStringLiteral("docksShowAfter"));
    m_dockBefore->setChecked(true);
    connect(dockSides, &QButtonGroup::idClicked, this, [this](int id) { setDockSide(Side(id)); });

    // One row of controls: a laptop's screen gives the timelines below every pixel it can. The
    // run tags, set once per review, live in the Runs tab.
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Technique"), this));
    top->addWidget(m_techniqueBox, 1);
    top->addSpacing(8);
    top->addWidget(m_everyRun);
    top->addSpacing(8);
    top->addWidget(new QLabel(tr("Docks show"), this));
    top->addWidget(m_dockBefore);
    top->addWidget(m_dockAfter);

    m_guide = new QLabel(this);
    m_guide->setObjectName(QStringLiteral("guide"));
    m_guide->setWordWrap(true);
    m_guide->setTextFormat(Qt::RichText);
    m_guide->setFrameShape(QFrame::StyledPanel);
    m_guide->setMargin(6);
    m_guide->hide();
    m_guard = new QLabel(this);
    m_guard->setObjectName(QStringLiteral("guard"));
    m_guard->setWordWrap(true);
    m_guard->setTextFormat(Qt::RichText);
    m_guard->setToolTip(tr("Timings are instrumented: compare them relatively, and only between captures of "
                           "one level. The headline number is a plain benchmark run's device wall time."));
    m_techniqueNote = new QLabel(this);
    m_techniqueNote->setWordWrap(true);
    m_techniqueNote->setTextFormat(Qt::RichText);

    m_model = new ComparisonTableModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    // Sortable by any column on the plain values (Qt::UserRole), so "9.2 µs" sorts before "10 µs";
    // a third click on a heading gives back the catalogue's order, which the table starts in.
    auto *sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_model);
    sorted->setSortRole(Qt::UserRole);
    m_table->setModel(sorted);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicatorClearable(true);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    // Rows as tall as their text: on a laptop the table shares its height with the timelines.
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);

    m_computing = new QLabel(this);
    m_computing->setObjectName(QStringLiteral("computingMetrics"));
    m_computing->setAlignment(Qt::AlignCenter);
    m_computing->hide();
    auto *tablePane = new QWidget(this);
    auto *tableLayout = new QVBoxLayout(tablePane);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_computing);
    tableLayout->addWidget(m_table, 1);

    m_chartArea = new QWidget(this);
    m_chartGrid = new QGridLayout(m_chartArea);
    auto *chartScroll = new QScrollArea(this);
    chartScroll->setWidgetResizable(true);
    chartScroll->setWidget(m_chartArea);

    auto *review = new QWidget(this);
    m_notes = new QPlainTextEdit(review);
    m_notes->setObjectName(QStringLiteral("notes"));
    m_notes->setPlaceholderText(tr("Notes on this review…"));
    m_markerList = new QListWidget(review);
    m_markerList->setObjectName(QStringLiteral("markers"));
    m_markerName = new QLineEdit(review);
    m_markerName->setPlaceholderText(tr("Marker name"));
    auto *addMarker = new QPushButton(tr("Add at view centre"), review);
    addMarker->setObjectName(QStringLiteral("addMarker"));
    auto *removeMarker = new QPushButton(tr("Remove"), review);
    removeMarker->setObjectName(QStringLiteral("removeMarker"));
    auto *markerRow = new QHBoxLayout;
    markerRow->addWidget(m_markerName, 1);
    markerRow->addWidget(addMarker);
    markerRow->addWidget(removeMarker);
    auto *reviewLayout = new QVBoxLayout(review);
    reviewLayout->addWidget(new QLabel(tr("Notes"), review));
    reviewLayout->addWidget(m_notes, 2);
    reviewLayout->addWidget(new QLabel(tr("Markers (double-click to show)"), review));
    reviewLayout->addWidget(m_markerList, 1);
    reviewLayout->addLayout(markerRow);

    m_sideTabs = new QTabWidget(this);
    m_sideTabs->addTab(chartScroll, tr("Charts"));
    m_sideTabs->addTab(review, tr("Notes and markers"));

    auto *upper = new QSplitter(Qt::Horizontal, this);
    upper->addWidget(tablePane);
    upper->addWidget(m_sideTabs);
    upper->setStretchFactor(0, 3);
    upper->setStretchFactor(1, 2);
    upper->setSizes({600, 400}); // the table's verdict column stays in view

    m_twin = new TwinTimeline(this);
    m_diff = new DiffView(m_twin, this);
    m_sideTabs->addTab(m_diff, tr("Diff"));

    // The Runs tab: each side's captures, compared as its repeated runs.
    auto *runs = new QWidget(this);
    m_runs = new QTreeWidget(runs);
    m_runs->setObjectName(QStringLiteral("runsList"));
    m_runs->setHeaderLabels({tr("Capture"), tr("Run"), tr("Path")});
    m_runs->setRootIsDecorated(false);
    m_runs->setSelectionMode(QAbstractItemView::SingleSelection);
    m_addBefore = new QPushButton(tr("Add to Before…"), runs);
    m_addBefore->setObjectName(QStringLiteral("addToBefore"));
    m_addAfter = new QPushButton(tr("Add to After…"), runs);
    m_addAfter->setObjectName(QStringLiteral("addToAfter"));
    m_removeRun = new QPushButton(tr("Remove"), runs);
    m_removeRun->setObjectName(QStringLiteral("removeRun"));
    m_runsNote = new QLabel(runs);
    m_runsNote->setObjectName(QStringLiteral("runsNote"));
    m_runsNote->setWordWrap(true);
    m_runsNote->setText(
        tr("Several captures per side are compared as repeated runs: each side's value is the median of "
           "its runs, and a change inside the runs' spread is inconclusive."));
    auto *runButtons = new QHBoxLayout;
    runButtons->addWidget(m_addBefore);
    runButtons->addWidget(m_addAfter);
    runButtons->addStretch(1);
    runButtons->addWidget(m_removeRun);
    // The files cannot say whether a run was simulated: the user tags each side for the guard.
    auto *runTags = new QHBoxLayout;
    runTags->addWidget(new QLabel(tr("Before run"), runs));
    runTags->addWidget(m_beforeSim);
    runTags->addWidget(new QLabel(tr("After run"), runs));
    runTags->addWidget(m_afterSim);
    runTags->addStretch(1);
    auto *runsLayout = new QVBoxLayout(runs);
    runsLayout->addWidget(m_runs, 1);
    runsLayout->addLayout(runButtons);
    runsLayout->addLayout(runTags);
    runsLayout->addWidget(m_runsNote);
    m_sideTabs->addTab(runs, tr("Runs"));
    connect(m_addBefore, &QPushButton::clicked, this, [this] { chooseAndAdd(Side::Before); });
    connect(m_addAfter, &QPushButton::clicked, this, [this] { chooseAndAdd(Side::After); });
    connect(m_removeRun, &QPushButton::clicked, this, &ComparisonView::removeSelectedRun);
    connect(m_runs, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        m_removeRun->setEnabled(item && item->data(0, Qt::UserRole + 1).toInt() > 0);
    });

    m_metricsJob = new RunMetricsJob(this);
    connect(m_metricsJob, &RunMetricsJob::finished, this, &ComparisonView::metricsArrived);
    m_loader = new CaptureLoader(this);
    connect(m_loader, &CaptureLoader::opened, this, [this](int job, const DocumentPtr &document) {
        const auto found = m_loading.find(job);
        if (found == m_loading.end())
            return;
        const Adding adding = found->second;
        m_loading.erase(found);
        m_loader->cancel(job); // the metrics are all the comparison needs of it, not its analysis
        if (!document || document->runs.empty())
            return;
        const CapturePtr run = document->runs.defaultRun();
        ComparedCapture c{run,
                          captureName(adding.path),
                          adding.path,
                          nullptr,
                          document->indexOf(*run),
                          std::vector<CapturePtr>(document->runs.runs.begin(), document->runs.runs.end())};
        if (!addCapture(adding.side, std::move(c)))
            m_runsNote->setText(tr("%1 is on that side already.").arg(adding.path));
        else
            m_runsNote->setText(tr("Added %1.").arg(adding.path));
    });
    connect(m_loader, &CaptureLoader::failed, this, [this](int job, const ReadError &error) {
        if (m_loading.erase(job))
            m_runsNote->setText(tr("Cannot add the capture: %1").arg(error.toString()));
    });
    connect(m_diff, &DiffView::settingsChanged, this, &ComparisonView::reviewEdited);
    connect(m_sideTabs, &QTabWidget::currentChanged, this,
            [this](int index) { m_diff->setActive(m_sideTabs->widget(index) == m_diff); });
    // The guide, the guard's findings and the technique's note wrap: at the window's least width
    // they are tall, so they scroll in a pane of the splitter rather than set the window's least
    // height.
    auto *notes = new QWidget(this);
    auto *notesLayout = new QVBoxLayout(notes);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    notesLayout->addWidget(m_guide);
    notesLayout->addWidget(m_guard);
    notesLayout->addWidget(m_techniqueNote);
    notesLayout->addStretch(1);
    auto *notesScroll = new QScrollArea(this);
    notesScroll->setObjectName(QStringLiteral("comparisonNotes"));
    notesScroll->setWidgetResizable(true);
    notesScroll->setFrameShape(QFrame::NoFrame);
    notesScroll->setWidget(notes);

    m_notesPane = notesScroll;
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->addWidget(notesScroll);
    m_split->addWidget(upper);
    m_split->addWidget(m_twin);
    m_split->setChildrenCollapsible(false);
    m_split->setStretchFactor(0, 0);
    m_split->setStretchFactor(1, 2);
    m_split->setStretchFactor(2, 3);
    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_splitByUser = true; });

    // The panes give way to the window rather than set its least height: each keeps room for a
    // few rows, and what does not fit scrolls or is clipped until the splitter or window grows.
    notesScroll->setMinimumHeight(24);
    upper->setMinimumHeight(80);
    m_twin->setMinimumHeight(140);

    // A click on a bar of one side makes the docks describe that side.
    for (const Side side : {Side::Before, Side::After}) {
        TimelineView *view = sideView(side);
        connect(view, &TimelineView::selectionChanged, this, [this, view, side] {
            if (view->selection())
                setDockSide(side);
        });
    }

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_split, 1);

    m_beforeMarkers = std::make_shared<ReviewMarkerOverlay>();
    m_afterMarkers = std::make_shared<ReviewMarkerOverlay>();
    m_twin->beforeView()->addOverlay(m_beforeMarkers);
    m_twin->afterView()->addOverlay(m_afterMarkers);

    connect(m_techniqueBox, &QComboBox::currentIndexChanged, this, [this] {
        const QString id = m_techniqueBox->currentData().toString();
        if (id == m_technique)
            return;
        m_technique = id;
        showComparison();
        emit techniqueChanged(m_technique);
    });
    connect(m_beforeSim, &QComboBox::currentIndexChanged, this, &ComparisonView::showComparison);
    connect(m_afterSim, &QComboBox::currentIndexChanged, this, &ComparisonView::showComparison);
    connect(m_everyRun, &QCheckBox::toggled, this, [this] {
        updateRuns();
        showComparison();
    });
    connect(m_notes, &QPlainTextEdit::textChanged, this, &ComparisonView::reviewEdited);
    connect(addMarker, &QPushButton::clicked, this, [this] {
        addMarkerAtCentre(m_markerName->text().trimmed());
        m_markerName->clear();
    });
    connect(m_markerName, &QLineEdit::returnPressed, addMarker, &QPushButton::click);
    connect(removeMarker, &QPushButton::clicked, this, &ComparisonView::removeSelectedMarker);
    connect(m_markerList, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { centreOnMarker(m_markerList->row(item)); });
    updateHeader();
    updateRuns();
}

ComparisonView::~ComparisonView() = default;

TimelineView *ComparisonView::sideView(Side s) const
{
    return s == Side::Before ? m_twin->beforeView() : m_twin->afterView();
}

void ComparisonView::setDockSide(Side side)
{
    dockSideButton(side)->setChecked(true);
    if (side == m_dockSide)
        return;
    m_dockSide = side;
    emit dockSideChanged(side);
    emit statusChanged();
}

QString ComparisonView::statusText() const
{
    if (!m_before.capture || !m_after.capture)
        return tr("Mark two open captures as Before and After to compare them.");
    QString text = tr("Comparing %1 → %2").arg(m_before.name, m_after.name);
    for (const MetricComparison &m : m_model->comparison().metrics) {
        if (m.id == QStringLiteral("M5") && m.before && m.after) {
            text += tr(": makespan %1 → %2, %3, %4")
                        .arg(formatMetricValue(m.before, m.unit), formatMetricValue(m.after, m.unit),
                             formatMetricChange(m.delta, m.deltaRelative, m.unit), verdictName(m.verdict));
            break;
        }
    }
    if (!m_model->comparison().comparable)
        text += tr(" (not fully comparable)");
    return text +
           tr(". The docks show the %1 side.").arg(m_dockSide == Side::Before ? tr("Before") : tr("After"));
}

void ComparisonView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!m_splitByUser)
        splitHeight();
}

void ComparisonView::splitHeight()
{
    const int handles = 2 * m_split->handleWidth();
    const int total = m_split->height() - handles;
    if (total <= 0)
        return;
    // First six AICore lanes a side, then the table's least height, then the notes (the guard and
    // the technique's note, scrolling past a fifth of the height), then more of the timelines:
    // eight lanes a side, three fifths on a tall screen. The table takes the rest.
    const int sixLanes = m_twin->heightShowing(6);
    const int upperLeast = m_split->widget(1)->minimumHeight();
    const QWidget *notesText = m_notesPane->widget();
    const int notesWanted = notesText->hasHeightForWidth() ? notesText->heightForWidth(m_split->width())
                                                           : notesText->sizeHint().height();
    const int notesLeast = m_notesPane->minimumHeight();
    const int notes = std::clamp(notesWanted, notesLeast,
                                 std::max(notesLeast, std::min(total / 5, total - upperLeast - sixLanes)));
    const int room = total - notes;
    const int wanted = std::max(m_twin->heightShowing(8), room * 3 / 5);
    const int twin = std::clamp(std::min(wanted, room - 3 * upperLeast / 2), sixLanes,
                                std::max(sixLanes, room - upperLeast));
    m_split->setSizes({notes, room - twin, twin});
}

void ComparisonView::setPair(ComparedCapture before, ComparedCapture after)
{
    m_before = std::move(before);
    m_after = std::move(after);
    auto metricsOf = [](const ComparedCapture &side) {
        return side.analysis ? side.analysis->metrics : MetricSet{};
    };
    m_beforeMetrics = metricsOf(m_before);
    m_afterMetrics = metricsOf(m_after);
    m_added[0].clear();
    m_added[1].clear();
    m_known.clear();
    m_metricsJob->cancel();
    m_requested[0].clear();
    m_requested[1].clear();
    knowMetrics(m_before);
    knowMetrics(m_after);
    updateEveryRunBox();
    m_twin->setCaptures(m_before.capture, m_before.name, m_after.capture, m_after.name, m_before.index,
                        m_after.index);
    m_diff->setPair(m_before.capture, m_after.capture);
    updateMarkers();
    updateHeader();
    updateRuns();
    showComparison();
}

void ComparisonView::knowMetrics(const ComparedCapture &c)
{
    if (c.capture && c.analysis)
        m_known[c.capture.get()] = {c.capture, c.analysis->metrics};
}

bool ComparisonView::addCapture(Side side, ComparedCapture capture)
{
    if (!m_before.capture || !m_after.capture || !capture.capture)
        return false;
    for (const ComparedCapture &c : captures(side))
        if (c.capture == capture.capture)
            return false;
    knowMetrics(capture);
    added(side).push_back(std::move(capture));
    sideCapturesChanged();
    return true;
}

void ComparisonView::addCaptureFromPath(Side side, const QString &path)
{
    m_loading[m_loader->open(path)] = {side, path};
    m_runsNote->setText(tr("Opening %1…").arg(path));
}

// After a capture was added to a side or taken off it: everything that lists or measures the
// sides' captures follows.
void ComparisonView::sideCapturesChanged()
{
    updateEveryRunBox();
    updateHeader();
    updateRuns();
    showComparison();
    emit capturesChanged();
}

bool ComparisonView::removeCapture(Side side, int index)
{
    std::vector<ComparedCapture> &more = added(side);
    if (index < 1 || index > int(more.size()))
        return false;
    more.erase(more.begin() + (index - 1));
    sideCapturesChanged();
    return true;
}

std::vector<ComparedCapture> ComparisonView::captures(Side side) const
{
    const ComparedCapture &first = side == Side::Before ? m_before : m_after;
    if (!first.capture)
        return {};
    std::vector<ComparedCapture> out{first};
    out.insert(out.end(), added(side).begin(), added(side).end());
    return out;
}

std::vector<CapturePtr> ComparisonView::comparedRuns(Side side) const
{
    std::vector<CapturePtr> out;
    for (const ComparedCapture &c : captures(side)) {
        if (usesEveryRun() && c.runs.size() > 1)
            out.insert(out.end(), c.runs.begin(), c.runs.end());
        else
            out.push_back(c.capture);
    }
    return out;
}

bool ComparisonView::metricsPending() const
{
    return m_metricsJob->pending();
}

std::optional<SideRuns> ComparisonView::knownSide(const std::vector<CapturePtr> &runs) const
{
    SideRuns side;
    for (const CapturePtr &run : runs) {
        const auto found = m_known.find(run.get());
        if (found == m_known.end())
            return std::nullopt;
        side.runs.push_back(run);
        side.metrics.push_back(found->second.metrics);
    }
    return side;
}

void ComparisonView::metricsArrived(const RunMetricsResultPtr &result)
{
    for (const SideRuns *side : {&result->before, &result->after})
        for (std::size_t k = 0; k < side->runs.size(); ++k)
            m_known[side->runs[k].get()] = {side->runs[k], side->metrics[k]};
    m_requested[0].clear();
    m_requested[1].clear();
    showComparison();
}

void ComparisonView::setComputing(int runs)
{
    const bool computing = runs > 0;
    m_computing->setText(computing ? runsText(runs, tr("Computing the metrics of %1 runs…"),
                                              tr("Computing the metrics of 1 run…"))
                                   : QString());
    m_computing->setVisible(computing);
    m_table->setEnabled(!computing);
    m_chartArea->setEnabled(!computing);
}

void ComparisonView::updateEveryRunBox()
{
    bool several = false;
    for (Side side : {Side::Before, Side::After})
        for (const ComparedCapture &c : captures(side))
            several = several || c.runs.size() > 1;
    const QSignalBlocker blocker(m_everyRun);
    m_everyRun->setEnabled(several);
    // The runs of a DFX window's file are its kernel launches (field supplement §3): say so.
    m_everyRun->setText(tr("Every %1 as repeated runs").arg(everyRunNoun()));
}

QString ComparisonView::everyRunNoun() const
{
    bool several = false, allLaunches = true;
    for (Side side : {Side::Before, Side::After})
        for (const ComparedCapture &c : captures(side))
            if (c.runs.size() > 1) {
                several = true;
                allLaunches = allLaunches && !c.capture->info.launches.empty() && !c.capture->info.runEpoch;
            }
    return several && allLaunches ? tr("launch") : tr("run");
}

void ComparisonView::updateRuns()
{
    m_runs->clear();
    for (Side side : {Side::Before, Side::After}) {
        const std::vector<ComparedCapture> list = captures(side);
        const int runs = int(comparedRuns(side).size());
        auto *top = new QTreeWidgetItem(m_runs);
        top->setText(0, side == Side::Before ? tr("Before") : tr("After"));
        top->setText(1, runsText(runs, tr("%1 runs"), tr("1 run")));
        top->setData(0, Qt::UserRole, int(side));
        top->setData(0, Qt::UserRole + 1, -1);
        QFont bold = top->font(0);
        bold.setBold(true);
        top->setFont(0, bold);
        for (int k = 0; k < int(list.size()); ++k) {
            const ComparedCapture &c = list[std::size_t(k)];
            auto *item = new QTreeWidgetItem(top);
            item->setText(0, c.name.isEmpty() ? QFileInfo(c.path).fileName() : c.name);
            QString run;
            if (usesEveryRun() && c.runs.size() > 1)
                run = tr("every %1 (%2)").arg(everyRunNoun()).arg(c.runs.size());
            else if (c.capture->info.runEpoch || c.capture->info.runCount > 1)
                run = tr("%1 of %2").arg(runLabel(c.capture->info)).arg(c.capture->info.runCount);
            else
                run = tr("its only run");
            item->setText(1, run);
            item->setText(2, c.path);
            item->setToolTip(2, c.path);
            item->setData(0, Qt::UserRole, int(side));
            item->setData(0, Qt::UserRole + 1, k);
        }
    }
    m_runs->expandAll();
    for (int column = 0; column < 2; ++column)
        m_runs->resizeColumnToContents(column);
    const bool pair = m_before.capture && m_after.capture;
    m_addBefore->setEnabled(pair);
    m_addAfter->setEnabled(pair);
    m_removeRun->setEnabled(false);
}

void ComparisonView::chooseAndAdd(Side side)
{
    const QString path = QFileDialog::getOpenFileName(
        this, side == Side::Before ? tr("Add a capture to Before") : tr("Add a capture to After"),
        m_lastDirectory.isEmpty() ? QFileInfo(m_before.path).absolutePath() : m_lastDirectory,
        tr("Captures (*.json *.zst *.log *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    m_lastDirectory = QFileInfo(path).absolutePath();
    addCaptureFromPath(side, path);
}

void ComparisonView::removeSelectedRun()
{
    const QTreeWidgetItem *item = m_runs->currentItem();
    if (!item)
        return;
    removeCapture(Side(item->data(0, Qt::UserRole).toInt()), item->data(0, Qt::UserRole + 1).toInt());
}

void ComparisonView::setTechnique(const QString &id)
{
    const Technique *t = m_catalogue ? m_catalogue->find(id) : nullptr;
    const int index = m_techniqueBox->findData(t ? t->id : QStringLiteral("general"));
    m_techniqueBox->setCurrentIndex(std::max(0, index));
}

void ComparisonView::setSimulated(std::optional<bool> before, std::optional<bool> after)
{
    const auto indexOf = [](std::optional<bool> tag) { return tag ? (*tag ? 2 : 1) : 0; };
    {
        const QSignalBlocker blocker(m_beforeSim);
        m_beforeSim->setCurrentIndex(indexOf(before));
    }
    m_afterSim->setCurrentIndex(indexOf(after));
    showComparison();
}

std::optional<bool> ComparisonView::simulatedTag(QComboBox *box) const
{
    const QVariant v = box->currentData();
    return v.isValid() ? std::optional<bool>(v.toBool()) : std::nullopt;
}

bool ComparisonView::usesEveryRun() const
{
    return m_everyRun->isEnabled() && m_everyRun->isChecked();
}

void ComparisonView::setUsesEveryRun(bool every)
{
    m_everyRun->setChecked(every);
}

const CaptureComparison &ComparisonView::comparison() const
{
    return m_model->comparison();
}

QString ComparisonView::notComparedText() const
{
    for (Side side : {Side::Before, Side::After})
        for (const CapturePtr &run : comparedRuns(side))
            if (const QString why = notAnalysedText(run->info); !why.isEmpty())
                return tr("%1 (%2): %3")
                    .arg(side == Side::Before ? tr("Before") : tr("After"), runLabel(run->info), why);
    return {};
}

void ComparisonView::showComparison()
{
    CaptureComparison result;
    const QString notCompared = m_before.capture && m_after.capture ? notComparedText() : QString();
    if (!notCompared.isEmpty()) {
        // A side whose launches cannot be told apart has no figures of its own to compare.
        m_metricsJob->cancel();
        setComputing(0);
        m_model->setComparison(std::move(result));
        m_guard->setText(tr("<span style='color:#c62828'>&#9888; Not compared:</span> %1")
                             .arg(notCompared.toHtmlEscaped()));
        return;
    }
    if (m_before.capture && m_after.capture && m_catalogue) {
        const std::vector<CapturePtr> runs[2] = {comparedRuns(Side::Before), comparedRuns(Side::After)};
        const std::optional<SideRuns> before = knownSide(runs[0]);
        const std::optional<SideRuns> after = knownSide(runs[1]);
        if (!before || !after) {
            // Measured off the GUI thread; the table keeps the last comparison, greyed, until then.
            if (!m_metricsJob->pending() || m_requested[0] != runs[0] || m_requested[1] != runs[1]) {
                m_requested[0] = runs[0];
                m_requested[1] = runs[1];
                m_metricsJob->start(runs[0], runs[1]);
            }
            setComputing(int(runs[0].size() + runs[1].size()));
            return;
        }
        m_metricsJob->cancel(); // a pending request for other runs is not wanted any more
        CompareOptions options;
        options.beforeSimulated = simulatedTag(m_beforeSim);
        options.afterSimulated = simulatedTag(m_afterSim);
        result = compareCaptures(before->compared(), after->compared(), *m_catalogue, m_technique, options);
    } else {
        m_metricsJob->cancel();
    }
    setComputing(0);
    m_model->setComparison(std::move(result));
    m_table->resizeColumnsToContents();
    const CaptureComparison &c = m_model->comparison();

    if (!m_before.capture || !m_after.capture) {
        m_guard->setText(tr("Mark two open captures as Before and After to compare them."));
    } else if (c.comparable) {
        m_guard->setText(tr("<span style='color:#2e7d32'>&#10004; Comparable:</span> %1 on both sides.")
                             .arg(guardSummary(*m_before.capture).toHtmlEscaped()));
    } else {
        QStringList items;
        for (const QString &r : c.reasons)
            items << QStringLiteral("<li>%1</li>").arg(r.toHtmlEscaped());
        m_guard->setText(
            tr("<span style='color:#c62828'>&#9888; Not fully comparable:</span><ul style='margin:0'>%1</ul>")
                .arg(items.join(QString())));
    }

    const Technique *t = m_catalogue ? m_catalogue->find(m_technique) : nullptr;
    if (t) {
        QString note = tr("<b>%1 %2.</b> How to confirm: %3")
                           .arg(t->shortId, t->title.toHtmlEscaped(), t->howToConfirm.toHtmlEscaped());
        if (!t->manualChecks.isEmpty())
            note += tr(" <i>Check by hand (not in the capture): %1</i>")
                        .arg(t->manualChecks.join(QStringLiteral("; ")).toHtmlEscaped());
        m_techniqueNote->setText(note);
    } else {
        m_techniqueNote->setText(
            tr("<b>General comparison.</b> Whole-capture metrics; pick a technique to see the "
               "metrics that confirm it."));
    }
    rebuildCharts();
    if (!m_splitByUser)
        splitHeight(); // the guard's findings may have grown or shrunk
    emit statusChanged();
}

void ComparisonView::rebuildCharts()
{
    while (QLayoutItem *item = m_chartGrid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_chartCount = 0;
    const int columns = 2;
    for (const MetricComparison &m : m_model->comparison().metrics) {
        if (!m.before || !m.after)
            continue;
        // Bars, their labels and the axis in one unit, named on the axis where it is not cut off;
        // labels to the three decimals the table's times carry. The tooltip has both values as the
        // table writes them.
        const ChartScale scale = chartScale(m);
        const auto shown = [&](double v) { return std::round(v * scale.factor * 1000.0) / 1000.0; };
        const double before = shown(*m.before), after = shown(*m.after);
        auto *beforeSet = new QBarSet(tr("Before"));
        auto *afterSet = new QBarSet(tr("After"));
        *beforeSet << before;
        *afterSet << after;
        beforeSet->setColor(QColor(0x78, 0x90, 0x9c));
        afterSet->setColor(m.expected == ExpectedDirection::Report ? contextOnlyColour()
                                                                   : verdictColour(m.verdict));
        auto *series = new QBarSeries;
        series->append(beforeSet);
        series->append(afterSet);
        series->setLabelsVisible(true);
        series->setLabelsFormat(QStringLiteral("@value"));
        series->setLabelsPrecision(15); // the rounded value in full, never an exponent
        auto *chart = new QChart;
        chart->addSeries(series);
        chart->setTitle(QStringLiteral("%1 — %2").arg(m.name, verdictName(m.verdict)));
        chart->setToolTip(tr("Before %1, After %2. %3")
                              .arg(formatComparedSide(m, true), formatComparedSide(m, false), m.reason));
        auto *categories = new QBarCategoryAxis;
        categories->append(metricTag(m.id));
        chart->addAxis(categories, Qt::AlignBottom);
        series->attachAxis(categories);
        auto *values = new QValueAxis;
        double top = std::max({before, after, 0.0});
        double bottom = std::min({before, after, 0.0});
        // Repeated runs: a dot per run over the band of the runs' range, on each side's bar. With
        // one category at x = 0 and two bar sets at the default width, the bars' centres are ±0.125.
        std::vector<QAbstractSeries *> runSeries;
        const auto addRuns = [&](const std::vector<double> &runs, double x, const QString &name,
                                 QColor colour) {
            if (runs.size() < 2)
                return;
            auto *dots = new QScatterSeries;
            dots->setName(name);
            dots->setMarkerSize(7);
            dots->setColor(colour.darker(160));
            dots->setBorderColor(Qt::white);
            double lo = 1e300, hi = -1e300;
            for (double v : runs) {
                const double y = shown(v);
                dots->append(x, y);
                lo = std::min(lo, y);
                hi = std::max(hi, y);
            }
            // An area series does not own its edges: they are its children, so they go with it.
            auto *band = new QAreaSeries;
            auto *upper = new QLineSeries(band);
            auto *lower = new QLineSeries(band);
            *upper << QPointF(x - 0.06, hi) << QPointF(x + 0.06, hi);
            *lower << QPointF(x - 0.06, lo) << QPointF(x + 0.06, lo);
            band->setUpperSeries(upper);
            band->setLowerSeries(lower);
            band->setName(tr("%1 range").arg(name));
            QColor fill = colour.darker(130);
            fill.setAlpha(90);
            band->setColor(fill);
            band->setBorderColor(colour.darker(160));
            runSeries.push_back(band);
            runSeries.push_back(dots);
            top = std::max(top, hi);
            bottom = std::min(bottom, lo);
        };
        addRuns(m.beforeRuns, -0.125, tr("Before runs"), beforeSet->color());
        addRuns(m.afterRuns, 0.125, tr("After runs"), afterSet->color());
        for (QAbstractSeries *extra : runSeries) {
            chart->addSeries(extra);
            extra->attachAxis(categories);
        }
        values->setMin(bottom);
        values->setMax(top * 1.15 + 1e-12);
        values->setLabelFormat(top >= 100 ? QStringLiteral("%.0f") : QStringLiteral("%.3g"));
        values->setTitleText(scale.unit);
        chart->addAxis(values, Qt::AlignLeft);
        series->attachAxis(values);
        for (QAbstractSeries *extra : runSeries)
            extra->attachAxis(values);
        chart->legend()->setAlignment(Qt::AlignBottom);
        chart->setMargins(QMargins(2, 2, 2, 2));
        auto *view = new QChartView(chart, m_chartArea);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(210, 220);
        view->setObjectName(QStringLiteral("chart_%1").arg(m.id));
        m_chartGrid->addWidget(view, m_chartCount / columns, m_chartCount % columns);
        ++m_chartCount;
    }
}

void ComparisonView::updateHeader()
{
    const auto name = [this](const ComparedCapture &c, Side side) {
        if (c.name.isEmpty())
            return tr("(none)");
        const int more = int(added(side).size());
        return more == 0 ? c.name : tr("%1 + %n more", nullptr, more).arg(c.name);
    };
    m_twin->setNames(name(m_before, Side::Before), name(m_after, Side::After));
    m_twin->setToolTip(QStringLiteral("%1\n%2").arg(m_before.path, m_after.path));
}

std::vector<ReviewMarker> ComparisonView::markers() const
{
    return m_markers;
}

void ComparisonView::setMarkers(std::vector<ReviewMarker> markers)
{
    m_markers = std::move(markers);
    updateMarkers();
    emit reviewEdited();
}

void ComparisonView::addMarkerAtCentre(const QString &name)
{
    const TimeRange shown = m_twin->beforeView()->visibleRange();
    const double start = m_twin->beforeView()->captureExtent().startUs;
    ReviewMarker marker;
    marker.timeUs = (shown.startUs + shown.endUs) / 2 - (std::isfinite(start) ? start : 0.0);
    marker.name = name.isEmpty() ? tr("Marker %1").arg(m_markers.size() + 1) : name;
    m_markers.push_back(marker);
    updateMarkers();
    emit reviewEdited();
}

void ComparisonView::removeSelectedMarker()
{
    const int row = m_markerList->currentRow();
    if (row < 0 || row >= int(m_markers.size()))
        return;
    m_markers.erase(m_markers.begin() + row);
    updateMarkers();
    emit reviewEdited();
}

void ComparisonView::centreOnMarker(int row)
{
    if (row < 0 || row >= int(m_markers.size()))
        return;
    TimelineView *view = m_twin->beforeView();
    const TimeRange shown = view->visibleRange();
    const double t = view->captureExtent().startUs + m_markers[std::size_t(row)].timeUs;
    view->setVisibleRange({t - shown.span() / 2, t + shown.span() / 2});
}

void ComparisonView::updateMarkers()
{
    const TimeRange b = m_twin->beforeView()->captureExtent();
    const TimeRange a = m_twin->afterView()->captureExtent();
    m_beforeMarkers->setStart(b.isValid() ? b.startUs : 0.0);
    m_afterMarkers->setStart(a.isValid() ? a.startUs : 0.0);
    m_beforeMarkers->setMarkers(m_markers);
    m_afterMarkers->setMarkers(m_markers);
    m_twin->beforeView()->refreshOverlays();
    m_twin->afterView()->refreshOverlays();
    m_diff->setMarkers(m_markers);
    m_markerList->clear();
    for (const ReviewMarker &m : m_markers)
        m_markerList->addItem(QStringLiteral("%1  @ %2").arg(m.name, formatDuration(m.timeUs)));
}

DiffSettings ComparisonView::diffSettings() const
{
    return m_diff->settings();
}

void ComparisonView::setDiffSettings(const DiffSettings &settings)
{
    m_diff->setSettings(settings);
}

QString ComparisonView::notes() const
{
    return m_notes->toPlainText();
}

void ComparisonView::setNotes(const QString &notes)
{
    if (notes != m_notes->toPlainText())
        m_notes->setPlainText(notes);
}

void ComparisonView::setGuide(const QString &html)
{
    m_guide->setText(html);
    m_guide->setVisible(!html.isEmpty());
}

} // namespace lanescope
