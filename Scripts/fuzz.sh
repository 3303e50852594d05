#!/usr/bin/env bash
# Fuzzes AlertDispatch for SECONDS (default 60): builds alertdispatch-fuzz with libFuzzer and
# AddressSanitizer, starts from Fuzz/corpus, and writes any crashing input to the work folder's
# crashes/ (printed at the end). A crash is an input whose episode breaks a rule of DESIGN.md
# (or crashes outright); replay it with `swift run alertdispatch-fuzz --print FILE`, then copy
# it to Fuzz/regressions/, where the stress tests replay it.
#
#   Scripts/fuzz.sh 600            # ten minutes
#   JOBS=2 Scripts/fuzz.sh 600     # two fuzzing processes
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
jobs=${JOBS:-1}
scratch=${FUZZ_SCRATCH:-/tmp/build-fuzz}
work=${FUZZ_WORK:-$(mktemp -d /tmp/alertdispatch-fuzz.XXXXXX)}

# The toolchain's gold linker fails on libFuzzer objects with debug info; lld links them.
toolset=$(mktemp /tmp/alertdispatch-fuzz-toolset.XXXXXX.json)
trap 'rm -f "$toolset"' EXIT
echo '{ "schemaVersion": "1.0", "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] } }' \
  >"$toolset"

echo "== building alertdispatch-fuzz (release, -sanitize=fuzzer,address) in $scratch"
swift build -c release --product alertdispatch-fuzz --scratch-path "$scratch" \
  --toolset "$toolset" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -D -Xswiftc FUZZING

mkdir -p "$work/crashes" "$work/corpus"
repo=$PWD
parallel=()
if [ "$jobs" -gt 1 ]; then parallel=(-jobs="$jobs" -workers="$jobs"); fi
echo "== fuzzing for ${seconds}s with $jobs job(s); new inputs go to $work/corpus"
status=0
# From the work folder, so that libFuzzer's logs (fuzz-N.log with several jobs) land there.
# LeakSanitizer stays off, as in the tests: it reported no leak of ours, and scanning the heap
# after each input cost seven in eight of the fuzzer's time (16 inputs/s instead of 121). Each
# episode checks with weak references that every dispatch, screen and alert it made is freed.
(cd "$work" && "$scratch/release/alertdispatch-fuzz" \
  -max_total_time="$seconds" -max_len=2048 -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 \
  "${parallel[@]}" -print_final_stats=1 \
  -artifact_prefix="$work/crashes/" "$work/corpus" "$repo/Fuzz/corpus") || status=$?

crashes=$(find "$work/crashes" -type f | wc -l)
echo "== fuzzed ${seconds}s; corpus $(ls "$work/corpus" | wc -l) inputs; crashes: $crashes in $work/crashes"
exit "$status"
