#!/usr/bin/env bash
# Counts, per event, the instructions and the atomic reference-counting operations AlertDispatch
# runs on the benchmark's workloads (valgrind's callgrind, one timed run; see Performance.md,
# "Fewer reference counts"). callgrind's call counts for the runtime's functions are not exact
# in these builds, so the atomics are read from how often the `lock cmpxchg` instruction of
# `swift_retain` and `swift_release` ran (`--dump-instr=yes`).
#
#   Scripts/atomics.sh                 # burst, deep, churn, dependencies at n = 1,000
#   N=10000 Scripts/atomics.sh churn   # one workload, another size
#
# Per call site, exactly (the execution count of each `call swift_retain@plt` and the like):
#   Scripts/refcount-sites.py .build/release/alertdispatch-bench /tmp/atomics.churn LIFECYCLES
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp}
n=${N:-1000}
swift build -c release --product alertdispatch-bench >/dev/null
bench=.build/release/alertdispatch-bench
runtime=$(ldd "$bench" | awk '/libswiftCore.so/ {print $3}')
for w in ${@:-burst deep churn dependencies}; do
  file="$out/atomics.$w"
  valgrind --tool=callgrind --callgrind-out-file="$file" --dump-instr=yes --collect-atstart=no \
    --toggle-collect='*repeatOnce*' \
    "$bench" --only "$w" --sizes "$n" --schedulers dispatch --reps 1 --runs 1 >/dev/null 2>&1
  events=$((2 * n))
  [ "$w" = churn ] && events=$((4 * n))
  [ "$w" = deep ] && events=$((4 * n)) # deep also runs deep-bare
  total=$(grep -E '^(summary|totals):' "$file" | head -1 | awk '{print $2}')
  # Addresses of the lock cmpxchg in swift_retain and swift_release.
  locks=$(objdump -d --no-show-raw-insn "$runtime" \
    | awk '/^[0-9a-f]+ <swift_(retain|release)>:/ {p=1; next} /^[0-9a-f]+ </ {p=0}
           p && /lock cmpxchg/ {sub(":", "", $1); print $1}' | paste -sd'|')
  atomics=$(python3 Scripts/instruction-counts.py "$file" '^swift_retain$|^swift_release$' \
    | awk -v re="^  ($locks) " '$0 ~ re {s += $2} END {print s + 0}')
  echo "$w: $((total / events)) instructions, $(echo "scale=1; $atomics / $events" | bc) atomic reference counts per event at n = $n"
done
