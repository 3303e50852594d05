"""Text work for Scripts/apple-typecheck.sh: the shell script runs the compiler, this reads and
writes what goes in and out of it. Standard library only; nothing here touches the network.

Subcommands (each documented at its function):
  field JSON_FILE KEY...                  values from `swiftc -print-target-info`
  plan PACKAGE_JSON OUT_DIR               the library modules of `swift package dump-package`
  retarget SOURCE DEST HOST_TRIPLE APPLE_TRIPLE
                                          a Linux .swiftinterface made into an Apple one
  normalize                               compiler output (stdin) -> one diagnostic a line
  report LIST_FILE                        the classified report and the exit status
"""

import json
import os
import re
import sys

# --------------------------------------------------------------------------------------------
# field: what the shell script needs from `swiftc -print-target-info`.


def field(path, *keys):
    """Prints each KEY's value, one a line. A KEY is a dotted path: target.arch, paths.X."""
    with open(path) as f:
        info = json.load(f)
    for key in keys:
        value = info
        for part in key.split("."):
            value = value.get(part, "") if isinstance(value, dict) else ""
        print(value)


# --------------------------------------------------------------------------------------------
# plan: which modules to check, with which sources and flags.

# Library targets whose name says they are not part of the shipped library.
NOT_SHIPPED = re.compile(r"test|stress|bench|fuzz", re.IGNORECASE)

# SwiftPM's platform names, as settings' conditions spell them.
PLATFORMS = ["ios", "macos", "tvos", "watchos", "visionos", "linux"]


def setting_flags(setting, platform):
    """The compiler flags of one target setting on `platform` ([] where its condition excludes
    it), or None for a setting this does not know."""
    condition = setting.get("condition") or {}
    names = condition.get("platformNames")
    if names and platform not in names:
        return []
    if condition.get("config") == "release":  # the check builds as `swift build` does: debug
        return []
    kind = setting["kind"]
    if "enableUpcomingFeature" in kind:
        return ["-enable-upcoming-feature", kind["enableUpcomingFeature"]["_0"]]
    if "enableExperimentalFeature" in kind:
        return ["-enable-experimental-feature", kind["enableExperimentalFeature"]["_0"]]
    if "define" in kind:
        return ["-D", kind["define"]["_0"]]
    if "swiftLanguageMode" in kind:
        return ["-swift-version", kind["swiftLanguageMode"]["_0"]]
    if "swiftLanguageVersion" in kind:
        return ["-swift-version", kind["swiftLanguageVersion"]["_0"]]
    return None


def plan(package_json, out_dir):
    """Writes, for each library module of the package, OUT_DIR/NAME.files (its sources,
    relative to the package root), NAME.deps (the library modules it imports) and
    NAME.PLATFORM.flags (one compiler argument a line); prints the modules in dependency order,
    one a line. The package's platforms go to OUT_DIR/platforms ("ios 16.0", one a line).

    A library module is a `.target` (type "regular") whose name has none of test, stress,
    bench, fuzz. A setting this does not know how to pass on stops the check: teach it here
    rather than check with other flags than SwiftPM's."""
    with open(package_json) as f:
        package = json.load(f)
    os.makedirs(out_dir, exist_ok=True)

    modes = package.get("swiftLanguageModes") or package.get("swiftLanguageVersions") or []
    tools_major = int(str(package["toolsVersion"]["_version"]).split(".")[0])
    language_mode = max(modes, key=lambda m: float(m)) if modes else (
        "6" if tools_major >= 6 else "5")

    with open(os.path.join(out_dir, "platforms"), "w") as f:
        for p in package.get("platforms", []):
            f.write(f"{p['platformName']} {p['version']}\n")

    targets = {t["name"]: t for t in package["targets"]}
    modules = [t["name"] for t in package["targets"]
               if t["type"] == "regular" and not NOT_SHIPPED.search(t["name"])]
    deps = {}
    for name in modules:
        target = targets[name]
        names = []
        for d in target.get("dependencies", []):
            kind, value = next(iter(d.items()))
            if kind in ("byName", "target"):
                names.append(value[0])
            else:
                sys.exit(f"{name}: a dependency on another package ({d}) cannot be checked")
        for n in names:
            if n not in modules:
                sys.exit(f"{name}: depends on {n}, which is not a library module checked here")
        deps[name] = names

        path = target.get("path") or os.path.join("Sources", name)
        if target.get("sources"):
            sys.exit(f"{name}: `sources:` is not supported by the check; list files by `exclude:`")
        excluded = [os.path.normpath(os.path.join(path, e)) for e in target.get("exclude", [])]
        files = []
        for folder, subfolders, names_here in os.walk(path):
            subfolders.sort()
            for file in sorted(names_here):
                full = os.path.normpath(os.path.join(folder, file))
                if full.endswith(".swift") and not any(
                        full == e or full.startswith(e + os.sep) for e in excluded):
                    files.append(full)
        if not files:
            sys.exit(f"{name}: no Swift sources under {path}")
        with open(os.path.join(out_dir, f"{name}.files"), "w") as f:
            f.write("\n".join(files) + "\n")
        with open(os.path.join(out_dir, f"{name}.deps"), "w") as f:
            f.write("".join(n + "\n" for n in names))

        for platform in PLATFORMS:
            flags = ["-swift-version", language_mode]
            for setting in target.get("settings", []):
                if setting.get("tool") != "swift":
                    continue
                more = setting_flags(setting, platform)
                if more is None:
                    sys.exit(f"{name}: the setting {json.dumps(setting)} is not supported by "
                             "the check (Scripts/apple-typecheck/support.py, setting_flags)")
                flags += more
            with open(os.path.join(out_dir, f"{name}.{platform}.flags"), "w") as f:
                f.write("".join(flag + "\n" for flag in flags))

    order, placed = [], set()
    while len(order) < len(modules):
        ready = [m for m in modules if m not in placed and all(d in placed for d in deps[m])]
        if not ready:
            sys.exit("the library modules depend on each other in a cycle")
        for m in ready:
            order.append(m)
            placed.add(m)
    print("\n".join(order))


# --------------------------------------------------------------------------------------------
# retarget: the toolchain's Linux interfaces, made into interfaces for an Apple platform.


def retarget(source, dest, host_triple, apple_triple):
    """Copies the Linux .swiftinterface SOURCE to DEST with four edits, and fails if one that
    the file calls for did not apply:
    - its `-target` becomes APPLE_TRIPLE, with availability checking off while the compiler
      builds the interface itself (the Linux inlinable code uses APIs newer than the platform's
      oldest version);
    - `import Glibc` goes (Apple platforms have no Glibc);
    - `@backDeployed(before: ...)` goes (the attribute needs the Apple runtime's symbols); the
      declaration's own @available stays, so availability is unchanged;
    - Mutex's Linux thread-id call becomes a constant (its body only has to type-check).
    The declarations keep their @available attributes: that is what the check enforces."""
    with open(source) as f:
        text = f.read()
    flag = f"-target {host_triple} "
    if flag not in text:
        sys.exit(f"{source}: no `{flag.strip()}` in its flags; the edits need updating")
    text = text.replace(flag, f"-target {apple_triple} -disable-availability-checking ", 1)
    text = re.sub(r"^import Glibc\n", "", text, flags=re.MULTILINE)
    text = re.sub(r"@backDeployed\(before:[^)]*\)", "", text)
    text = text.replace("_swift_stdlib_gettid()", "UInt32(1)")
    for leftover in (flag, "\nimport Glibc\n", "@backDeployed", "_swift_stdlib_gettid"):
        if leftover in text:
            sys.exit(f"{source}: `{leftover.strip()}` is still there; the edits need updating")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "w") as f:
        f.write(text)


# --------------------------------------------------------------------------------------------
# normalize: the compiler's output, reduced to its diagnostics.

# The compiler runs with -diagnostic-style swift: each diagnostic's first line is
# `path:line:col: kind: message`, followed by an excerpt of the source whose lines start with a
# line number and `|`, or with spaces. A diagnostic in a macro's expansion starts
# `macro expansion @Name:line:col: kind: message`, and its next line says where the expanded
# code comes from: `` `- path:line:col: note: expanded code originates here ``.
DIAGNOSTIC = re.compile(r"^(?![\s|`+]|\d+ \| )(?P<where>.+?):(?P<line>\d+):(?P<col>\d+): "
                        r"(?P<kind>error|warning): (?P<message>.*)$")
IN_EXPANSION = re.compile(r"^macro expansion @(?P<macro>[^:]+):\d+:\d+: "
                          r"(?P<kind>error|warning): (?P<message>.*)$")
ORIGIN = re.compile(r"^`- (?P<where>.+?):(?P<line>\d+):(?P<col>\d+): note: "
                    r"expanded code originates here")
# A diagnostic with no place: `error: ...`, `<unknown>:0: error: ...`.
PLACELESS = re.compile(r"^(<unknown>:0: )?(?P<kind>error|warning): (?P<message>.*)$")
# The stand-in SDK is an empty folder on purpose; the compiler says so on every run.
EXPECTED = re.compile(r"^Could not read SDKSettings\.json for SDK at: ")


def normalize():
    """Reads the compiler's output (stdin) and prints `path:line:col: error|warning: message`,
    once each, sorted by place. A diagnostic inside a macro's expansion (`@Observable`'s
    generated members) is put at the source line the expanded code comes from, with
    `(in expansion of @Name)` after its message."""
    lines = sys.stdin.read().splitlines()
    found = set()
    for i, text in enumerate(lines):
        m = IN_EXPANSION.match(text)
        if m:
            origin = ORIGIN.match(lines[i + 1]) if i + 1 < len(lines) else None
            message = f"{m['message']} (in expansion of @{m['macro']})"
            if origin:
                found.add((origin["where"], int(origin["line"]), int(origin["col"]), m["kind"],
                           message))
            else:
                found.add((f"macro expansion @{m['macro']}", 0, 0, m["kind"], message))
            continue
        m = DIAGNOSTIC.match(text)
        if m:
            found.add((m["where"], int(m["line"]), int(m["col"]), m["kind"], m["message"]))
            continue
        m = PLACELESS.match(text)
        if m and not EXPECTED.match(m["message"]):
            found.add(("<unknown>", 0, 0, m["kind"], m["message"]))
    for where, line, col, kind, message in sorted(found):
        print(f"{where}:{line}:{col}: {kind}: {message}")


# --------------------------------------------------------------------------------------------
# report: what the runs found, classified, and the exit status.

NO_SUCH_MODULE = re.compile(r": error: no such module ")


def read(path):
    if not path or not os.path.exists(path):
        return []
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def report(list_file):
    """LIST_FILE has one line per module check, in the order to print, its fields separated by
    tabs: TRIPLE MODULE APPLE_DIAGS CONTROL_DIAGS NATIVE_DIAGS
    (NATIVE_DIAGS is `-` when that run was not needed). Prints one summary line per check,
    every diagnostic with the triple in brackets, and a total; exits 1 if anything was found.

    A diagnostic is a stub gap when the stubs cause it: the control run (Linux, same stubs)
    reports it too and the native run (Linux, real Foundation) does not; or a module cannot be
    found. Everything else the Apple run reports is an error or a warning of the code."""
    checks = [line.split("\t") for line in read(list_file)]
    summaries, details = [], []
    errors = warnings = gaps = 0
    for triple, module, apple, control, native in checks:
        control_set = set(read(control))
        native_set = set(read(native if native != "-" else None))
        e = w = g = 0
        for diagnostic in read(apple):
            stub_gap = (diagnostic in control_set and diagnostic not in native_set) or (
                NO_SUCH_MODULE.search(diagnostic) and diagnostic not in native_set)
            if stub_gap:
                g += 1
                details.append(f"stub gap: {diagnostic} [{triple}]")
            elif ": warning: " in diagnostic:
                w += 1
                details.append(f"{diagnostic} [{triple}]")
            else:
                e += 1
                details.append(f"{diagnostic} [{triple}]")
        line = f"{triple} {module}: {e} errors, {w} warnings"
        if g:
            line += f", {g} stub gaps"
        summaries.append(line)
        errors, warnings, gaps = errors + e, warnings + w, gaps + g
    print("\n".join(summaries))
    if details:
        print()
        print("\n".join(details))
    total = f"apple-typecheck: {errors} errors, {warnings} warnings, {gaps} stub gaps " \
            f"in {len(checks)} module checks"
    print(total)
    sys.exit(1 if errors or warnings or gaps else 0)


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    {"field": field, "plan": plan, "retarget": retarget, "normalize": normalize,
     "report": report}[command](*arguments)
