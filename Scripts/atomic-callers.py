#!/usr/bin/env python3
# atomic-callers.py WORKLOAD [N] [TOP]: which functions pay the atomic reference counts of a
# benchmark workload, per lifecycle (N alerts, default 1,000).
#
# Runs the release benchmark under callgrind with --separate-callers=1 (each runtime function's
# cost is split by its caller) and --dump-instr=yes (each instruction's count is how often it
# ran), then counts, for each caller of swift_retain and swift_release, how often their
# `lock cmpxchg` ran: the atomic operations, as opposed to calls on nil or immortal objects,
# which take no lock. Build first: swift build -c release --product alertdispatch-bench
import collections, os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgrind_lines import self_costs

workload = sys.argv[1] if len(sys.argv) > 1 else 'churn'
n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
top = int(sys.argv[3]) if len(sys.argv) > 3 else 25
bench = '.build/release/alertdispatch-bench'
out = f'/tmp/callgrind.callers.{workload}'
subprocess.run(['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}', '--dump-instr=yes',
                '--separate-callers=1', '--collect-atstart=no', '--toggle-collect=*repeatOnce*',
                bench, '--only', workload, '--sizes', str(n), '--schedulers', 'dispatch',
                '--reps', '1', '--runs', '1'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
               check=True)
# The runtime's lock cmpxchg addresses in swift_retain and swift_release.
runtime = re.search(r'=> (\S*libswiftCore\.so)', subprocess.run(['ldd', bench], capture_output=True,
                                                            text=True).stdout).group(1)
locks, inside = set(), False
for line in subprocess.run(['objdump', '-d', '--no-show-raw-insn', runtime], capture_output=True,
                           text=True).stdout.split('\n'):
    m = re.match(r'^[0-9a-f]+ <(.*)>:', line)
    if m:
        inside = m.group(1) in ('swift_retain', 'swift_release')
    elif inside and 'lock cmpxchg' in line:
        locks.add(int(line.split(':')[0], 16))
counts = collections.Counter()
for ob, fn, address, count in self_costs(out):
    if address in locks and fn and "'" in fn:
        counts[fn] += count
lifecycles = n * (2 if workload == 'deep' else 1)
print(f'{workload}, n = {n}: {sum(counts.values()) / lifecycles:.2f} atomic operations per lifecycle')
for fn, count in counts.most_common(top):
    kind, caller = fn.split("'", 1)
    name = subprocess.run(['swift', 'demangle', '--simplified', '--compact'], input=caller,
                          capture_output=True, text=True).stdout.strip()
    print(f'{count / lifecycles:6.2f} {kind:14} {name[:100]}')
