#!/usr/bin/env python3
"""The Rust functions longer than N lines (100 by default), signature to closing brace,
longest first, found by matching braces with strings, characters and comments skipped.

    scripts/long-functions.py src src-tauri            # every function over 100 lines
    scripts/long-functions.py src src-tauri --figure   # the figure issue 60 counts

--figure leaves out what may stay long: the calculator registries (functions named
`*calculators`: lists of entries), test code (`tests.rs`, `tests_more.rs`, `tests/`
folders) and build scripts."""
import re, sys, os
args = sys.argv[1:]
mn = 100
figure = '--figure' in args
if figure:
    args.remove('--figure')
if '--min' in args:
    i = args.index('--min'); mn = int(args[i+1]); del args[i:i+2]
FN = re.compile(r'^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+"[^"]*"\s+)?fn\s+(\w+)')
def strip(src):
    # blank out comments and string/char literals, keep newlines
    out = []; i = 0; n = len(src)
    while i < n:
        c = src[i]
        if src.startswith('//', i):
            j = src.find('\n', i); j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j; continue
        if src.startswith('/*', i):
            j = src.find('*/', i); j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', src[i:j])); i = j; continue
        m = re.match(r'r(#*)"', src[i:i+10]) if c == 'r' and (i == 0 or not (src[i-1].isalnum() or src[i-1]=='_')) else None
        if m:
            end = '"' + m.group(1); j = src.find(end, i + len(m.group(0))); j = n if j < 0 else j + len(end)
            out.append(re.sub(r'[^\n]', ' ', src[i:j])); i = j; continue
        if c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == '\\' else 1
            out.append(re.sub(r'[^\n]', ' ', src[i:j+1])); i = j + 1; continue
        if c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", src[i:i+12])
            if m:
                out.append(' ' * len(m.group(0))); i += len(m.group(0)); continue
        out.append(c); i += 1
    return ''.join(out)
res = []
for d in args:
    for root, _, files in os.walk(d):
        if 'target' in root.split(os.sep) or 'node_modules' in root: continue
        for f in files:
            if not f.endswith('.rs'): continue
            p = os.path.join(root, f)
            lines = strip(open(p, encoding='utf-8', errors='replace').read()).split('\n')
            for k, l in enumerate(lines):
                m = FN.match(l)
                if not m: continue
                depth = 0; started = False
                for e in range(k, len(lines)):
                    for ch in lines[e]:
                        if ch == '{': depth += 1; started = True
                        elif ch == '}': depth -= 1
                        elif ch == ';' and not started and depth == 0: break
                    else:
                        if started and depth == 0: break
                        continue
                    break
                else:
                    continue
                if not started: continue
                ln = e - k + 1
                if ln > mn: res.append((ln, p, k + 1, m.group(7)))
if figure:
    res = [r for r in res if not r[3].endswith('calculators')
           and not re.search(r'(tests?(_more)?\.rs$|/tests/|build\.rs$)', r[1])]
for ln, p, k, name in sorted(res, reverse=True):
    print(f'{ln:5} {p}:{k} {name}')
print(len(res), 'functions over', mn, 'lines', file=sys.stderr)
