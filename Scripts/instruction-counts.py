#!/usr/bin/env python3
# instruction-counts.py CALLGRIND-OUT FUNCTION-REGEX: how often each instruction of the matching
# functions ran (from a callgrind run with --dump-instr=yes)
import sys,re,collections
from callgrind_lines import self_costs
path=sys.argv[1]; pat=re.compile(sys.argv[2])
res=collections.defaultdict(collections.Counter)
for ob,fn,address,count in self_costs(path):
    if fn and pat.search(fn): res[fn][address]+=count
for f,c in res.items():
    print('==',f)
    for a in sorted(c): print('  %x %d'%(a,c[a]))
