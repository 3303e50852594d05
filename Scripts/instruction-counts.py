#!/usr/bin/env python3
# instruction-counts.py CALLGRIND-OUT FUNCTION-REGEX: how often each instruction of the matching
# functions ran (from a callgrind run with --dump-instr=yes)
import sys,re,collections
path=sys.argv[1]; pat=re.compile(sys.argv[2])
names={}
def nm(s):
    m=re.match(r'\((\d+)\)(?: (.*))?',s)
    if not m: return s
    if m.group(2) is not None: names[m.group(1)]=m.group(2)
    return names.get(m.group(1),'?')
fn=None; pos=[0,0]; skip=False; res=collections.defaultdict(collections.Counter)
def upd(tok,i):
    if tok=='*': return pos[i]
    if tok[0] in '+-': return pos[i]+int(tok)
    return int(tok,16) if tok.startswith('0x') else int(tok)
for line in open(path):
    line=line.rstrip('\n')
    if not line: continue
    if line.startswith('fn='): fn=nm(line[3:]); continue
    if line.startswith('cfn='): nm(line[4:]); continue
    if line.startswith('calls='): skip=True; continue
    if line[0] in '0123456789+-*':
        t=line.split(); pos[0]=upd(t[0],0); pos[1]=upd(t[1],1)
        if skip: skip=False; continue
        if fn and pat.search(fn): res[fn][pos[0]]+=int(t[2]) if len(t)>2 else 0
for f,c in res.items():
    print('==',f)
    for a in sorted(c): print('  %x %d'%(a,c[a]))
