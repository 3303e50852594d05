# callgrind_lines.py: the self costs of a callgrind output file written with --dump-instr=yes,
# one per instruction line, for Scripts/instruction-counts.py and Scripts/refcount-sites.py.
import re


def _name(table, text):
    """Expands callgrind's name compression: `(id) name` defines an id, `(id)` refers to it."""
    m = re.match(r'\((\d+)\)(?: (.*))?', text)
    if not m:
        return text
    if m.group(2) is not None:
        table[m.group(1)] = m.group(2)
    return table.get(m.group(1), '?')


def self_costs(path):
    """Yields (object, function, address, count) for each line of self cost: with
    --dump-instr=yes the count of Ir is how often that instruction ran. The lines that give the
    cost of a call (after `calls=`) are left out."""
    objects, functions = {}, {}
    ob = fn = None
    pos = [0, 0]
    after_calls = False

    def position(token, i):
        if token == '*':
            return pos[i]
        if token[0] in '+-':
            return pos[i] + int(token)
        return int(token, 16) if token.startswith('0x') else int(token)

    for line in open(path):
        line = line.rstrip('\n')
        if not line:
            continue
        if line.startswith('ob='):
            ob = _name(objects, line[3:])
        elif line.startswith('cob='):
            _name(objects, line[4:])
        elif line.startswith('fn='):
            fn = _name(functions, line[3:])
        elif line.startswith('cfn='):
            _name(functions, line[4:])
        elif line.startswith('calls='):
            after_calls = True
        elif line[0] in '0123456789+-*':
            tokens = line.split()
            pos[0] = position(tokens[0], 0)
            pos[1] = position(tokens[1], 1)
            if after_calls:
                after_calls = False
                continue
            yield ob, fn, pos[0], int(tokens[2]) if len(tokens) > 2 else 0
