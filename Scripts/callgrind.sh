#!/usr/bin/env bash
# Counts the instructions AlertDispatch runs per event on the benchmark's workloads at
# n = 1,000, with valgrind's callgrind (counts are repeatable, unlike times; see Performance.md).
#
#   Scripts/callgrind.sh                    # burst, deep, churn, dependencies
#   Scripts/callgrind.sh burst deep         # some of them
#
# Each count covers the timed runs (`--runs 2`) and the warm-up run, collected inside
# `Driver.run` only; deep also runs deep-bare, so it has twice the runs. A run makes 2n events
# (4n for churn: add, disappear, appear, dismiss). The callgrind files stay in $OUT (default
# /tmp) for `callgrind_annotate`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp}
swift build -c release --product alertdispatch-bench >/dev/null
bench=.build/release/alertdispatch-bench
for workload in "${@:-burst deep churn dependencies}"; do
  for w in $workload; do
    file="$out/callgrind.$w"
    valgrind --tool=callgrind --callgrind-out-file="$file" --collect-atstart=no \
      --toggle-collect='*DriverO3run*' \
      "$bench" --only "$w" --sizes 1000 --schedulers dispatch --reps 1 --runs 2 >/dev/null 2>&1
    total=$(grep -E '^(summary|totals):' "$file" | head -1 | awk '{print $2}')
    events=2000
    [ "$w" = churn ] && events=4000
    runs=3
    [ "$w" = deep ] && runs=6
    echo "$w: $((total / (events * runs))) instructions per event ($total in all)"
  done
done
