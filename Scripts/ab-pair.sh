#!/usr/bin/env bash
# Times two builds of the benchmark against each other on a noisy host: each round runs both at
# the same time, one on each core (swapping cores every round), so that whatever else the host
# runs slows both alike; the ratio of the two in one round is steadier than either time.
#
#   Scripts/ab-pair.sh OLD_BENCH NEW_BENCH [workload] [n] [rounds]
#   Scripts/ab-pair.sh /tmp/bench-before .build/release/alertdispatch-bench deep 10000 6
#
# Prints AlertDispatch's ns per event of each build per round and the ratio new ÷ old, then the
# median ratio. Needs two cores and `taskset`.
set -euo pipefail
old=$1
new=$2
workload=${3:-deep}
n=${4:-10000}
rounds=${5:-6}
out=$(mktemp -d)
ratios=()
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then old_core=0 new_core=1; else old_core=1 new_core=0; fi
  for side in old new; do
    bench=$old core=$old_core
    [ "$side" = new ] && bench=$new core=$new_core
    taskset -c "$core" "$bench" --only "$workload" --sizes "$n" --schedulers dispatch --reps 3 \
      >"$out/$side" &
  done
  wait
  a=$(awk -v n="$n" '$1 == n { print $2; exit }' "$out/old")
  b=$(awk -v n="$n" '$1 == n { print $2; exit }' "$out/new")
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')
  ratios+=("$ratio")
  echo "round $round: old $a, new $b ns per event; new / old $ratio"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{ r[NR] = $1 } END {
  m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
  printf "median new / old over %d rounds: %.3f\n", NR, m }'
rm -rf "$out"
