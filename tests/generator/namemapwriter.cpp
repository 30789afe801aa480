#include "namemapwriter.h"

#include "bufferedfile.h"

namespace lanescope {

bool writeNameMap(const Workload &w, const QString &path)
{
    BufferedFile f(path);
    if (!f.isOpen())
        return false;
    f.put("{\n  \"level\": 2,\n  \"orchestrator_name\": ");
    if (w.orchestratorName.isEmpty())
        f.put("null");
    else
        f.putQuoted(w.orchestratorName.toStdString());
    f.put(",\n  \"callable_id_to_name\": {");
    bool first = true;
    for (const auto &fn : w.functions) {
        if (fn.name.empty())
            continue;
        f.put(first ? "\n    \"" : ",\n    \"").put(fn.id).put("\": ").putQuoted(fn.name);
        first = false;
    }
    f.put(first ? "}\n}\n" : "\n  }\n}\n");
    return f.close();
}

} // namespace lanescope
