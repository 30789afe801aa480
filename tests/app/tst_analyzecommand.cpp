#include "lanescoperun.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

// Drives the real `lanescope analyze` on a capture whose every figure was computed by hand.
class TestAnalyzeCommand : public QObject
{
    Q_OBJECT

    static void writeFile(const QString &dir, const QString &name, const QByteArray &content)
    {
        QFile f(QDir(dir).filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }

    static bool near(const QJsonValue &v, double expected)
    {
        return v.isDouble() && qAbs(v.toDouble() - expected) < 1e-9 * qMax(1.0, qAbs(expected));
    }

    // Level 3 at 1 MHz, so one cycle is one µs; the time base is the earliest dispatch, 100.
    // In µs: core 0 (AIC) runs task 1 [1,5] (dispatch 1, finish 6) and task 2 [9,11] (dispatch 8,
    // finish 12); core 1 (AIV) runs task 3 [2,12] (dispatch 0, finish 14) and task 4 [13,15]
    // (dispatch 10, finish 16). Graph 1 -> 2 -> 4. Both cores feed scheduler thread 0.
    static QByteArray records(int level)
    {
        QByteArray aicpu =
            level == 1
                ? QByteArray("[]")
                : QByteArray("[[0, 1, 101, 106], [0, 2, 108, 112], [1, 1, 100, 114], [1, 2, 110, 116]]");
        QByteArray phases =
            level >= 3
                ? QByteArray("[[{\"kind\": \"complete\", \"start_cycles\": 103, \"end_cycles\": 105, "
                             "\"loop_iter\": 1, \"tasks_processed\": 1},"
                             " {\"kind\": \"dispatch\", \"start_cycles\": 106, \"end_cycles\": 107, "
                             "\"loop_iter\": 1, \"tasks_processed\": 1, \"pop_hit\": 2, \"pop_miss\": 2},"
                             " {\"kind\": \"complete\", \"start_cycles\": 111, \"end_cycles\": 112, "
                             "\"loop_iter\": 2, \"tasks_processed\": 1}], [], [], []]")
                : QByteArray("[]");
        return "{\"chip_swimlane_level\": " + QByteArray::number(level) +
               ",\n"
               " \"metadata\": {\"clock_freq_hz\": 1000000, \"num_cores\": 2, \"core_types\": [\"aic\", "
               "\"aiv\"]},\n"
               " \"core_to_thread\": [0, 0],\n"
               " \"aicore_tasks\": [[0, 1, 1, 101, 105, 0], [0, 2, 2, 109, 111, 0], [1, 3, 1, 102, 112, 0], "
               "[1, 4, 2, 113, 115, 0]],\n"
               " \"aicpu_tasks\": " +
               aicpu +
               ",\n"
               " \"aicpu_scheduler_phases\": " +
               phases + "}\n";
    }

    static QByteArray deps()
    {
        return "{\"tasks\": ["
               "{\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": []},"
               "{\"task_id\": \"2\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": []},"
               "{\"task_id\": \"3\", \"kernel_ids\": [-1, 1, -1], \"block_num\": 1, \"args\": []},"
               "{\"task_id\": \"4\", \"kernel_ids\": [-1, 1, -1], \"block_num\": 1, \"args\": []}],"
               " \"tensors\": [],"
               " \"edges\": [{\"pred\": \"1\", \"succ\": \"2\", \"arg\": -1, \"source\": \"explicit\"},"
               " {\"pred\": \"2\", \"succ\": \"4\", \"arg\": -1, \"source\": \"explicit\"}]}";
    }

    QJsonObject analyzeCapture(int level, const QStringList &extra = {})
    {
        QTemporaryDir tmp;
        writeFile(tmp.path(), QStringLiteral("chip_swimlane_records.json"), records(level));
        writeFile(tmp.path(), QStringLiteral("deps.json"), deps());
        const LanescopeRun r = runLanescope(QStringList{"analyze", tmp.path(), "--json"} + extra);
        if (r.exitCode != 0)
            qWarning("%s", r.err.constData());
        return r.exitCode == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
    }

private slots:
    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no path") << QStringList{"analyze", "--json"};
        QTest::newRow("no --json") << QStringList{"analyze", "somewhere"};
        QTest::newRow("two paths") << QStringList{"analyze", "a", "b", "--json"};
        QTest::newRow("range without colon") << QStringList{"analyze", "a", "--json", "--range", "5"};
        QTest::newRow("range backwards") << QStringList{"analyze", "a", "--json", "--range", "9:3"};
        QTest::newRow("range not numbers") << QStringList{"analyze", "a", "--json", "--range", "x:y"};
        QTest::newRow("unknown flag") << QStringList{"analyze", "a", "--json", "--csv"};
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        const LanescopeRun r = runLanescope(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("usage: lanescope analyze"));
        QVERIFY(r.out.isEmpty());
    }

    void unreadableInputExitsTwo()
    {
        QTemporaryDir tmp;
        const QString path = QDir(tmp.path()).filePath(QStringLiteral("chip_swimlane_records.json"));
        writeFile(tmp.path(), QStringLiteral("chip_swimlane_records.json"),
                  "{\"chip_swimlane_level\": 9, \"metadata\": {\"clock_freq_hz\": 1}}");
        const LanescopeRun r = runLanescope({"analyze", path, "--json"});
        QCOMPARE(r.exitCode, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        QVERIFY2(err.startsWith(path), qPrintable(err));
        QVERIFY(r.out.isEmpty());
    }

    void wholeCaptureByHand()
    {
        const QJsonObject j = analyzeCapture(3);
        QVERIFY(!j.isEmpty());
        QVERIFY(j.value("absent").toObject().isEmpty());
        QVERIFY(near(j["total_test_time_us"], 16)); // max finish 16 − min dispatch 0

        // Functions: func 0 = tasks 1, 2; func 1 = tasks 3, 4 (kernel_ids of their core types).
        const QJsonArray functions = j["functions"].toArray();
        QCOMPARE(functions.size(), 2);
        const QJsonObject f0 = functions[0].toObject(), f1 = functions[1].toObject();
        QCOMPARE(f0["func_id"].toInt(), 0);
        QCOMPARE(f0["name"].toString(), QStringLiteral("func_0_a"));
        QCOMPARE(f0["count"].toInt(), 2);
        QVERIFY(near(f0["avg_exec_us"], 3));      // (4 + 2) / 2
        QVERIFY(near(f0["avg_latency_us"], 4.5)); // (5 + 4) / 2
        QVERIFY(near(f0["exec_pct"], 600.0 / 9)); // 6 / 9
        QVERIFY(near(f0["avg_head_oh_us"], 0.5)); // (0 + 1) / 2
        QVERIFY(near(f0["avg_tail_oh_us"], 1));
        QVERIFY(near(f1["avg_exec_us"], 6));     // (10 + 2) / 2
        QVERIFY(near(f1["avg_latency_us"], 10)); // (14 + 6) / 2
        QVERIFY(near(f1["exec_pct"], 60));
        QVERIFY(near(f1["avg_head_oh_us"], 2.5)); // (2 + 3) / 2
        QVERIFY(near(f1["avg_tail_oh_us"], 1.5)); // (2 + 1) / 2
        // Where the time went: Σ exec and its share of every function's; the head split (v3), with
        // receive = start (receive_to_start 0): Prop is the whole head, Local none.
        QVERIFY(near(f0["total_exec_us"], 6));
        QVERIFY(near(f0["share_of_busy"], 6.0 / 18));
        QVERIFY(near(f1["share_of_busy"], 12.0 / 18));
        QVERIFY(near(f0["avg_prop_us"], 0.5));
        QVERIFY(near(f0["avg_local_us"], 0));
        QVERIFY(near(f1["avg_prop_us"], 2.5));
        const QJsonObject total = j["functions_total"].toObject();
        QCOMPARE(total["count"].toInt(), 4);
        QVERIFY(near(total["total_exec_us"], 18));
        QVERIFY(near(total["share_of_busy"], 1));
        QVERIFY(near(total["avg_prop_us"], 1.5)); // (0 + 1 + 2 + 3) / 4
        QVERIFY(near(total["avg_local_us"], 0));

        // Window [1,15] (14 µs). Task 2 is ready at 5 (task 1 ends) but dispatched at 8 while the
        // only AIC core idles: 3 µs of AIC overhead, the only waiting engine, so has = 3 µs too.
        const QJsonObject oh = j["overhead"].toObject();
        QVERIFY(near(oh["aic_pct"], 300.0 / 14));
        QVERIFY(near(oh["aiv_pct"], 0));
        QVERIFY(near(oh["all_pct"], 0));
        QVERIFY(near(oh["has_pct"], 300.0 / 14));
        QCOMPARE(oh["verdict"].toString(), QStringLiteral("PARTIALLY SCHEDULER-LIMITED"));

        // Switch: task 4 was issued at 10 while task 3 ran until 12, and started at 13.
        const QJsonObject sw = j["switch"].toObject();
        const QJsonObject aic = sw["aic"].toObject(), aiv = sw["aiv"].toObject();
        QCOMPARE(aic["cores"].toInt(), 1);
        QCOMPARE(aic["events"].toInt(), 0);
        QVERIFY(near(aic["max_us"], 0));
        QCOMPARE(aiv["cores"].toInt(), 1);
        QCOMPARE(aiv["events"].toInt(), 1);
        QVERIFY(near(aiv["min_us"], 1) && near(aiv["mean_us"], 1) && near(aiv["max_us"], 1));

        // Heads 0, min(1, 4) = 1, 2, min(3, 1) = 1; tails 1, 1, 2, 1.
        const QJsonObject head = j["head_oh"].toObject();
        QCOMPARE(head["n"].toInt(), 4);
        const double headP[] = {0, 1, 1, 2, 2, 2, 2};
        const double tailP[] = {1, 1, 1, 2, 2, 2, 2};
        const char *keys[] = {"p10_us", "p25_us", "p50_us", "p75_us", "p90_us", "p95_us", "p99_us"};
        const QJsonObject tail = j["tail_oh"].toObject();
        for (int i = 0; i < 7; ++i) {
            QVERIFY2(near(head[keys[i]], headP[i]), keys[i]);
            QVERIFY2(near(tail[keys[i]], tailP[i]), keys[i]);
        }
        QVERIFY(near(head["max_us"], 2) && near(head["mean_us"], 1) && near(head["total_us"], 4));
        QVERIFY(near(tail["max_us"], 2) && near(tail["mean_us"], 1.25) && near(tail["total_us"], 5));

        // Scheduler thread 0: complete 2 + dispatch 1 + complete 1, idle 1 + 4: 9 µs in 2 loops.
        const QJsonObject loop = j["sched_loop"].toObject();
        const QJsonArray threads = loop["threads"].toArray();
        QCOMPARE(threads.size(), 1);
        QCOMPARE(threads[0]["thread"].toInt(), 0);
        QCOMPARE(threads[0]["loops"].toInt(), 2);
        QCOMPARE(threads[0]["tasks"].toInt(), 4);
        QVERIFY(near(threads[0]["total_us"], 9));
        QCOMPARE(threads[0]["role"].toString(), QStringLiteral("S scheduler"));
        QVERIFY(j["sched_loop_aicore"].isNull()); // an AICPU producer
        QVERIFY(j["dispatch_to_start"].isObject());
        QVERIFY(near(loop["pop_hit_rate_pct"], 50));
        QVERIFY(near(loop["avg_loop_ns"], 4500));

        // Critical path 4 <- 2 <- 1: exec 2 + 2 + 4, sched (13 − 11) + (9 − 5) + head 0,
        // span 16 − 1, other 15 − 8 − 6.
        const QJsonObject cp = j["critical_path"].toObject();
        QCOMPARE(cp["hops"].toInt(), 2);
        QVERIFY(near(cp["span_us"], 15));
        QVERIFY(near(cp["exec_us"], 8));
        QVERIFY(near(cp["sched_us"], 6));
        QVERIFY(near(cp["other_us"], 1));
    }

    void rangeByHand()
    {
        // From 5 on: tasks 2 (start 9) and 4 (start 13). Task 1 is outside, so task 2 is ready at
        // its dispatch: no overhead. Records from 5 on: dispatch [6,7] and complete [11,12], one
        // loop past the record before the range.
        const QJsonObject j = analyzeCapture(3, {"--range", "5:100"});
        QVERIFY(!j.isEmpty());
        QVERIFY(near(j["total_test_time_us"], 8)); // 16 − 8
        QVERIFY(near(j["overhead"]["has_pct"], 0));
        QCOMPARE(j["functions"].toArray().size(), 2);
        QCOMPARE(j["functions"][0]["count"].toInt(), 1);
        const QJsonObject cp = j["critical_path"].toObject();
        QCOMPARE(cp["hops"].toInt(), 1);
        QVERIFY(near(cp["span_us"], 8)); // 16 − 8, from the root's dispatch (supplement §6.2 Part 6)
        QVERIFY(near(cp["exec_us"], 4));
        QVERIFY(near(cp["sched_us"], 3)); // (13 − 11) + head of task 2 (9 − 8)
        const QJsonArray threads = j["sched_loop"]["threads"].toArray();
        QCOMPARE(threads[0]["loops"].toInt(), 1);
        QCOMPARE(threads[0]["tasks"].toInt(), 2);
        QVERIFY(near(threads[0]["total_us"], 6));
    }

    void levelOneSaysWhatIsMissing()
    {
        const QJsonObject j = analyzeCapture(1);
        QVERIFY(!j.isEmpty());
        for (const char *figure : {"total_test_time_us", "overhead", "switch", "head_oh", "tail_oh",
                                   "critical_path", "sched_loop"})
            QVERIFY2(j[figure].isNull(), figure);
        const QJsonObject absent = j["absent"].toObject();
        QCOMPARE(absent["overhead"].toString(),
                 QStringLiteral("needs level ≥ 2: AICPU dispatch/finish were not captured"));
        QCOMPARE(absent["sched_loop"].toString(),
                 QStringLiteral("needs level ≥ 3: scheduler phases were not captured"));
        QVERIFY(j["functions"][0]["avg_latency_us"].isNull());
        QVERIFY(near(j["functions"][0]["avg_exec_us"], 3));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestAnalyzeCommand)
#include "tst_analyzecommand.moc"
