#include "app/cli/querycommand.h"

#include "app/cli/argumentcursor.h"
#include "app/cli/dfxwindowchoice.h"
#include "app/cli/queryoutput.h"
#include "app/cli/runargument.h"

#include "model/query/queryengine.h"
#include "model/query/queryschema.h"
#include "model/session/capturedocument.h"

namespace lanescope {

int runQueryCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    enum class Format { Table, Csv, Json } format = Format::Table;
    QStringList positional;
    bool schema = false;
    RunArgument run;
    auto usage = [&err](const QString &message = {}) {
        if (!message.isEmpty())
            err << "lanescope query: " << message << '\n';
        err << "usage: lanescope query PATH \"SQL\" [--csv | --json] [--run EPOCH] [--launch K]\n"
               "                 [--window I]\n"
               "       lanescope query --schema\n";
        return 1;
    };
    for (ArgumentCursor cursor(args); cursor.next();) {
        if (cursor.option() == QLatin1String("--csv") || cursor.option() == QLatin1String("--json")) {
            const Format asked = cursor.option() == QLatin1String("--csv") ? Format::Csv : Format::Json;
            if (format != Format::Table && format != asked)
                return usage(QStringLiteral("--csv and --json exclude each other"));
            format = asked;
        } else if (cursor.option() == QLatin1String("--schema")) {
            schema = true;
        } else if (const auto e = takeRunOption(cursor, run)) {
            if (!e->isEmpty())
                return usage(*e);
        } else if (cursor.isOption() && !cursor.argument().contains(u' ')) {
            return usage(QStringLiteral("unknown option %1").arg(cursor.argument()));
        } else {
            // SQL may begin with '-' ("-- a comment\nSELECT …"): an argument with a blank is not an option
            positional << cursor.argument();
        }
    }
    if (schema) {
        if (!positional.isEmpty())
            return usage(QStringLiteral("--schema takes no PATH or SQL"));
        out << querySchemaText() << '\n';
        return 0;
    }
    if (positional.size() != 2)
        return usage();
    const std::optional<QString> input = chooseDfxWindow(positional[0], run, err);
    if (!input)
        return 2;
    const QString &path = *input;
    const QString &sql = positional[1];
    const OpenedDocument opened = openDocument(path);
    if (!opened.ok()) {
        err << opened.error.toString() << '\n';
        return 2;
    }
    const CaptureRuns &runs = opened.document->runs;
    const std::shared_ptr<Capture> capture = chooseRun(runs, run, path, err);
    if (!capture)
        return 2;
    QueryEngine engine(capture, {runs.runs.begin(), runs.runs.end()});
    const QueryResult result = engine.execute(sql);
    if (!result.ok()) {
        err << "lanescope query: " << queryErrorText(*result.error, sql) << '\n';
        return 1;
    }
    switch (format) {
    case Format::Table:
        printQueryTable(result, out);
        break;
    case Format::Csv:
        printQueryCsv(result, out);
        break;
    case Format::Json:
        printQueryJson(result, out);
        break;
    }
    return 0;
}

} // namespace lanescope
