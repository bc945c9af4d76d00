#!/usr/bin/env bash
# `make fuzz`: builds the fuzz targets with libFuzzer and AddressSanitizer (release) and runs each
# for FUZZ_SECONDS (default 60; FUZZ_TARGETS picks some, e.g. "query csv") from the committed seeds and what earlier runs kept. A finding is
# minimized into Fuzz/artifacts/<target>/; once fixed, commit it to Tests/Fixtures/fuzz/<target>/,
# where `swift test` replays it (FuzzReplayTests).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${FUZZ_SECONDS:-60}
# -D FUZZING: the build tool that embeds the migrations is linked with libFuzzer too (see
# Sources/MigrationEmbedder). The coverage kinds are given: the driver's default for
# -sanitize=fuzzer instruments nothing here, and "edge" alone means trace-pc-guard, which this
# libFuzzer no longer reads.
swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0
status=0
for target in ${FUZZ_TARGETS:-partial-json rules csv query grammar expense-grammar}; do
    dict=$target
    case $target in
        partial-json) binary=FuzzPartialJSON; max_len=512 ;;
        rules) binary=FuzzRules; max_len=1024 ;;
        csv) binary=FuzzCSV; max_len=512 ;;
        query) binary=FuzzQuery; max_len=256 ;;
        grammar) binary=FuzzGrammar; max_len=256 ;;
        # Notes, as the rules target reads them: its dictionary of bank and note words.
        expense-grammar) binary=FuzzExpenseGrammar; max_len=512; dict=rules ;;
    esac
    corpus=.corpus/$target
    artifacts=artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    log=$(mktemp)
    if .build/release/$binary -dict=dicts/$dict.dict -max_len=$max_len -timeout=5 -rss_limit_mb=4096 \
        -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$corpus" "../Tests/Fixtures/fuzz/$target" >"$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
        echo "$target: no finding in ${seconds} s; $runs runs ($((runs / seconds)) execs/s), $cov, corpus $(ls "$corpus" | wc -l) inputs"
    else
        status=1
        crash=$(ls -t "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* 2>/dev/null | head -1 || true)
        echo "$target: FINDING: $(grep -m1 -E 'Fatal error|ERROR:' "$log" || tail -1 "$log")"
        if [ -n "$crash" ]; then
            .build/release/$binary -minimize_crash=1 -runs=20000 -artifact_prefix="$artifacts/minimized-" "$crash" >/dev/null 2>&1 || true
            echo "  input: $crash (minimized: $(ls -t "$artifacts"/minimized-* 2>/dev/null | head -1))"
        fi
    fi
    rm -f "$log"
done
exit $status
