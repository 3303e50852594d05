#!/usr/bin/env python3
# refcount-sites.py BIN CALLGRIND-OUT LIFECYCLES [TOP]: exact dynamic counts of the refcount call sites
# (the execution count of each call instruction, from a callgrind run with --dump-instr=yes)
import sys,re,subprocess,collections
binp,cg,n=sys.argv[1],sys.argv[2],float(sys.argv[3]); top=int(sys.argv[4]) if len(sys.argv)>4 else 50
# instruction execution counts for the main object (self cost lines, Ir per instr = executions)
from callgrind_lines import self_costs
cnt=collections.Counter()
for ob,fn,address,count in self_costs(cg):
    if ob and ob.endswith('alertdispatch-bench'): cnt[address]=max(cnt[address],count)
# call sites
out=subprocess.run(['objdump','-d','-l','--no-show-raw-insn',binp],capture_output=True,text=True).stdout
fn=None; loc=None; res=collections.Counter()
for l in out.split('\n'):
    m=re.match(r'^([0-9a-f]+) <(.*)>:',l)
    if m: fn=re.sub(r'33_[0-9A-F]{32}LL','',m.group(2)); loc=None; continue
    if re.match(r'^/.*:\d+',l) or re.match(r'^\S+:\d+( \(discriminator \d+\))?$',l): loc=re.sub(r'.*/Sources/','',l.split(' ')[0]); continue
    m=re.match(r'^\s+([0-9a-f]+):\s+(call|jmp)\s+\S+ <(swift_(retain|release|bridgeObjectRetain|bridgeObjectRelease|unownedRetainStrong|retain_n|release_n))@plt>',l)
    if m:
        a=int(m.group(1),16); c=cnt.get(a,0)
        if c: res[(m.group(3),fn[:75],loc)]+=c
tot=collections.Counter()
for k,v in res.items(): tot[k[0]]+=v
print({k:round(v/n,2) for k,v in tot.items()}, 'sum', round(sum(tot.values())/n,2))
for k,v in res.most_common(top): print('%6.2f %-22s %-40s %s'%(v/n,k[0],k[2],k[1]))
