#!/usr/bin/env bash
# Counts the instructions AlertDispatch runs per event on the benchmark's workloads, with
# valgrind's callgrind (counts are repeatable, unlike times; see Performance.md).
#
#   Scripts/callgrind.sh                    # burst, deep, churn, dependencies at n = 1,000
#   Scripts/callgrind.sh burst deep         # some of them
#   N=10000 Scripts/callgrind.sh burst      # another size
#
# Each count covers one timed run (`--reps 1 --runs 1`), collected inside
# `CellRun.repeatOnce` only: the warm-up run, which grows every table and buffer from empty, is
# left out, as the benchmark's timings leave it out. Deep also runs deep-bare, so it has two
# runs. A run makes 2n events (4n for churn: add, disappear, appear, dismiss). The callgrind
# files stay in $OUT (default /tmp) for `callgrind_annotate`.
#
# It also prints the atomic reference counts per event: how often the `lock cmpxchg` of
# `swift_retain` and `swift_release` ran (`--dump-instr=yes` counts each instruction; callgrind's
# call counts for the runtime's functions are about 2.4 times too high in these builds). Per
# call site, exactly:
#   Scripts/refcount-sites.py .build/release/alertdispatch-bench /tmp/callgrind.churn LIFECYCLES
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp}
n=${N:-1000}
swift build -c release --product alertdispatch-bench >/dev/null
bench=.build/release/alertdispatch-bench
runtime=$(ldd "$bench" | awk '/libswiftCore.so/ {print $3}')
# Addresses of the lock cmpxchg in swift_retain and swift_release.
locks=$(objdump -d --no-show-raw-insn "$runtime" \
  | awk '/^[0-9a-f]+ <swift_(retain|release)>:/ {p=1; next} /^[0-9a-f]+ </ {p=0}
         p && /lock cmpxchg/ {sub(":", "", $1); print $1}' | paste -sd'|')
for workload in "${@:-burst deep churn dependencies}"; do
  for w in $workload; do
    file="$out/callgrind.$w"
    valgrind --tool=callgrind --callgrind-out-file="$file" --dump-instr=yes --collect-atstart=no \
      --toggle-collect='*repeatOnce*' \
      "$bench" --only "$w" --sizes "$n" --schedulers dispatch --reps 1 --runs 1 >/dev/null 2>&1
    total=$(grep -E '^(summary|totals):' "$file" | head -1 | awk '{print $2}')
    events=$((2 * n))
    [ "$w" = churn ] && events=$((4 * n))
    runs=1
    [ "$w" = deep ] && runs=2
    atomics=$(python3 Scripts/instruction-counts.py "$file" '^swift_retain$|^swift_release$' \
      | awk -v re="^  ($locks) " '$0 ~ re {s += $2} END {print s + 0}')
    echo "$w: $((total / (events * runs))) instructions per event at n = $n ($total in all)," \
      "$(echo "scale=1; $atomics / ($events * $runs)" | bc) atomic reference counts per event"
  done
done
