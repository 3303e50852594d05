#!/usr/bin/env bash
# Mutation testing of the core's decisions: applies each mutant of Scripts/mutants (a small,
# plausible bug in a rule of a pass, as a patch), one at a time, to a scratch clone of the
# committed HEAD, and reports whether the test suite and the stress tool each notice it.
#
#   Scripts/mutate.sh [--no-tests] [--no-stress] [--seed S] [--steps N] [MUTANT …]
#
# MUTANT is a patch's name or number (`03`, `03-minimum-display-waits-for-last-freed`); none
# means every mutant. A mutant is killed by the tests when `swift test` fails, and by the stress
# tool when `alertdispatch-stress --seed S --steps N` (default 7 and 100,000, release build)
# reports a violation. A mutant that no longer applies or does not build is an error of the
# list, never counted as killed. Exits non-zero when a mutant survives the tests, or the list
# has an error.
#
# A run that takes more than 5 minutes (the suite takes about 20 s; a mutant can make a pass
# spin on the main actor, which no test's time limit interrupts) is stopped and counts as a
# failure: the mutant is killed.
#
# The scratch clone (MUTATE_SCRATCH, default $TMPDIR/alertdispatch-mutants) keeps its builds
# between runs, so each mutant rebuilds only what it touches: about a minute per mutant on two
# cores. Logs are in $MUTATE_SCRATCH/logs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${MUTATE_SCRATCH:-${TMPDIR:-/tmp}/alertdispatch-mutants}
tests=1 stress=1 seed=7 steps=100000
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-tests) tests=0 ;;
    --no-stress) stress=0 ;;
    --seed) seed=$2; shift ;;
    --steps) steps=$2; shift ;;
    -h | --help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "mutate.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) names+=("$1") ;;
  esac
  shift
done

mutants=()
if [ ${#names[@]} -eq 0 ]; then
  mutants=("$root"/Scripts/mutants/*.patch)
else
  for name in "${names[@]}"; do
    match=("$root"/Scripts/mutants/"$name"*.patch)
    [ -f "${match[0]}" ] || { echo "mutate.sh: no mutant named $name" >&2; exit 2; }
    mutants+=("${match[@]}")
  done
fi

# A clone of the committed HEAD, its builds kept from earlier runs.
if [ -d "$scratch/.git" ]; then
  git -C "$scratch" fetch -q "$root" HEAD && git -C "$scratch" reset -q --hard FETCH_HEAD
else
  git clone -q "$root" "$scratch"
fi
git -C "$scratch" clean -qfd -e .build
mkdir -p "$scratch/logs"
cd "$scratch" || exit 2
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$((2 * $(getconf _NPROCESSORS_ONLN)))

build() { # $1: log; builds the tests (debug) and the stress tool (release) as asked
  { [ $tests -eq 0 ] || swift build --build-tests; } >"$1" 2>&1 \
    && { [ $stress -eq 0 ] || swift build -c release --product alertdispatch-stress; } >>"$1" 2>&1
}
run_tests() { timeout 300 swift test --skip-build >"$1" 2>&1; }
run_stress() {
  timeout 300 "$(swift build -c release --show-bin-path)/alertdispatch-stress" \
    --seed "$seed" --steps "$steps" >"$1" 2>&1
}

echo "mutate.sh: baseline (no mutant) at $(git rev-parse --short HEAD)"
build logs/baseline-build.log || { echo "the baseline does not build: logs/baseline-build.log" >&2; exit 2; }
if [ $tests -eq 1 ] && ! run_tests logs/baseline-tests.log; then
  echo "the baseline's tests fail: $scratch/logs/baseline-tests.log" >&2; exit 2
fi
if [ $stress -eq 1 ] && ! run_stress logs/baseline-stress.log; then
  echo "the baseline's stress run fails: $scratch/logs/baseline-stress.log" >&2; exit 2
fi

total=0 by_tests=0 by_stress=0 survivors=() errors=()
printf '%-52s %-8s %-8s\n' mutant tests stress
for patch in "${mutants[@]}"; do
  name=$(basename "$patch" .patch)
  total=$((total + 1))
  if ! git apply "$patch" 2>"logs/$name-apply.log"; then
    printf '%-52s %s\n' "$name" "ERROR: does not apply (logs/$name-apply.log)"
    errors+=("$name"); continue
  fi
  if ! build "logs/$name-build.log"; then
    printf '%-52s %s\n' "$name" "ERROR: does not build (logs/$name-build.log)"
    errors+=("$name"); git checkout -q -- .; continue
  fi
  t=- s=-
  if [ $tests -eq 1 ]; then
    if run_tests "logs/$name-tests.log"; then t=survived; survivors+=("$name"); else t=killed; by_tests=$((by_tests + 1)); fi
  fi
  if [ $stress -eq 1 ]; then
    if run_stress "logs/$name-stress.log"; then s=survived; else s=killed; by_stress=$((by_stress + 1)); fi
  fi
  printf '%-52s %-8s %-8s\n' "$name" "$t" "$s"
  git checkout -q -- .
done
# Leave the builds as HEAD's, so that the next run starts from them.
build logs/baseline-build.log >/dev/null 2>&1

echo
[ $tests -eq 1 ] && echo "killed by the tests: $by_tests of $total"
[ $stress -eq 1 ] && echo "killed by the stress tool alone: $by_stress of $total ($((100 * by_stress / total))%)"
[ ${#errors[@]} -eq 0 ] || echo "errors in the list: ${errors[*]}"
[ ${#survivors[@]} -eq 0 ] || echo "survived the tests: ${survivors[*]}"
[ ${#errors[@]} -eq 0 ] && [ ${#survivors[@]} -eq 0 ]
