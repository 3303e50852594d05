#!/usr/bin/env bash
# Builds the DocC catalog with the toolchain's docc, with warnings as errors, and reports
# documentation coverage: every public declaration in our sources must have a `///` summary.
# First it checks that no article or comment names what users do not have (DESIGN.md, a seed,
# XYZAlertView).
#
#   Docs/build.sh [OUTPUT_DIR]      (default .build/docs)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
scratch=${DOCS_SCRATCH:-.build/docs-scratch}
case "$scratch" in /*) ;; *) scratch="$PWD/$scratch" ;; esac
graphs="$scratch-graphs"

echo "== articles and doc comments stand alone"
# Users have neither the design notes nor the codebases this package was first modelled on: an
# article, the README or a comment of the sources, examples and snippets that sends them there
# (DESIGN.md, "seed 002", XYZAlertView) must say what it means in its own words.
python3 - <<'PY'
import os, re, sys
pattern = re.compile(r"DESIGN\.md|XYZAlert|\bseeds? ?0\d\d\b|\bseeds'", re.IGNORECASE)
found = []
def scan(path, comments_only):
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            start = line.find("//") if comments_only else 0
            if start >= 0 and pattern.search(line[start:]):
                found.append(f"{path}:{number}: {line.strip()}")
catalog = "Docs/AlertDispatch.docc"
for name in sorted(os.listdir(catalog)):
    if name.endswith(".md"):
        scan(os.path.join(catalog, name), comments_only=False)
scan("README.md", comments_only=False)
for top in ("Sources", "Examples", "Docs/Snippets"):
    for folder, _, names in sorted(os.walk(top)):
        for name in sorted(names):
            if name.endswith(".swift"):
                scan(os.path.join(folder, name), comments_only=True)
            elif name.endswith(".scenario"):
                scan(os.path.join(folder, name), comments_only=False)
for line in found:
    print("names what users do not have (DESIGN.md, a seed, XYZAlertView): " + line)
sys.exit(1 if found else 0)
PY

echo "== symbol graphs"
rm -rf "$graphs" && mkdir -p "$graphs"
{ swift build --scratch-path "$scratch" --target AlertDispatchSimulator \
  && swift build --scratch-path "$scratch" --target AlertDispatchLedgers \
  && swift build --scratch-path "$scratch" --target AlertDispatchObservation \
  && swift build --scratch-path "$scratch" --target AlertDispatchScreens \
  && swift build --scratch-path "$scratch" --target AlertDispatchScenarioFormat \
  && swift build --scratch-path "$scratch" --target AlertDispatchRecorder; } >"$scratch.log" 2>&1 \
  || { cat "$scratch.log"; exit 1; }
modules="$(swift build --scratch-path "$scratch" --show-bin-path)/Modules"
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in AlertDispatchKit AlertDispatchLedgers AlertDispatchSimulator AlertDispatchObservation \
  AlertDispatchScreens AlertDispatchScenarioFormat AlertDispatchRecorder; do
  swift symbolgraph-extract -module-name "$module" -I "$modules" -target "$triple" \
    -minimum-access-level public -include-spi-symbols -output-dir "$graphs"
done
rm -f "$graphs"/*@*.symbols.json  # extensions of other modules' types are not ours to document

echo "== docc convert (warnings are errors)"
# The catalog documents AlertDispatchKit; the ledgers', the simulator's, the observable
# presenter's, the screen graph's, the scenario format's and the recorder's symbols are checked for coverage below and described in their
# articles (DocC renders one module per catalog).
rm -rf "$out" "$graphs-kit" && mkdir -p "$graphs-kit"
cp "$graphs"/AlertDispatchKit.symbols.json "$graphs-kit/"
docc convert Docs/AlertDispatch.docc \
  --additional-symbol-graph-dir "$graphs-kit" \
  --output-path "$out" \
  --fallback-display-name AlertDispatchKit \
  --fallback-bundle-identifier org.alertdispatch.AlertDispatchKit \
  --warnings-as-errors

echo "== documentation coverage of public declarations"
python3 - "$graphs" <<'PY'
import json, os, sys
graphs = sys.argv[1]
missing, total = [], 0
for name in sorted(os.listdir(graphs)):
    with open(os.path.join(graphs, name)) as f:
        graph = json.load(f)
    for symbol in graph["symbols"]:
        location = symbol.get("location", {}).get("uri", "")
        # Only what our own sources declare: not synthesized or inherited members.
        if "/Sources/" not in location or symbol.get("accessLevel") != "public":
            continue
        total += 1
        if not symbol.get("docComment"):
            path = ".".join(symbol["pathComponents"])
            line = symbol["location"]["position"]["line"] + 1
            missing.append(f"{location.split('/Sources/')[-1]}:{line}: {path}")
print(f"{total - len(missing)}/{total} public declarations documented")
for item in missing:
    print("undocumented: Sources/" + item)
sys.exit(1 if missing else 0)
PY
echo "Docs: built into $out"
