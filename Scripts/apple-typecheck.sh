#!/usr/bin/env bash
# Scripts/apple-typecheck.sh: type-checks the package's library targets as the Swift compiler
# would for Apple platforms, on Linux, so that an API used above the package's deployment
# targets (Mutex needs iOS 18, @Observable iOS 17, ...) fails here and not in an app's build.
#
#   Scripts/apple-typecheck.sh          (from any folder; no arguments)
#
# Checks every library target of Package.swift (a `.target` whose name has none of test, stress,
# bench, fuzz) for the package's floors: iOS 16, macOS 13, tvOS 16, watchOS 9 (simulators) and
# visionOS 1; and AlertDispatchObservation also at its own floor, iOS 17, macOS 14, tvOS 17,
# watchOS 10. Prints one line per module and target, every diagnostic (path relative to the
# repository, target in brackets) and a total.
#
# Exit status: 0 when every check is clean; 1 when any reports an error, a warning or a stub
# gap (the code uses a Foundation, Dispatch or Darwin API that the stubs in
# Scripts/apple-typecheck/stubs do not declare: add it there, with Apple's availability);
# 2 when the check itself could not run (the reason is on stderr).
#
# Needs the Swift toolchain (swiftc and swift on PATH, at /opt/swift/usr/bin, or SWIFTC=...),
# bash 4.3+, coreutils and python3; nothing from the network. The first run on a machine
# builds Apple-targeted copies of the toolchain's standard library (about 2 minutes on 2 cores)
# into ${XDG_CACHE_HOME:-$HOME/.cache}/alertdispatch-apple-typecheck/<Swift version>/, which
# later runs reuse (about 15 seconds). APPLE_TYPECHECK_KEEP=1 keeps the compiler logs;
# APPLE_TYPECHECK_JOBS sets how many compilers run at once (default: the number of cores).
#
# How it works: Scripts/apple-typecheck/README.md.
set -euo pipefail

# ---- Where things are ------------------------------------------------------------------------

scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$scripts/.." && pwd)
tool=$scripts/apple-typecheck
cd "$root"

say() { echo "apple-typecheck: $*" >&2; }
die() {
  say "$*"
  exit 2
}

case ${1:-} in
  -h | --help)
    while IFS= read -r line; do # the header comment, without its `# `
      [[ $line == "#!"* ]] && continue
      [[ $line == "#"* ]] || break
      line=${line#\#}
      echo "${line# }"
    done <"$0"
    exit 0
    ;;
  "") ;;
  *) die "no arguments expected (got '$1'); see $0 --help" ;;
esac

# The platforms and versions checked. Package.swift's `platforms:` must say the same (checked
# below), so that the check keeps pace with what the package promises.
package_floors=(ios16.0-simulator macos13.0 tvos16.0-simulator watchos9.0-simulator
  xros1.0-simulator)
# Modules whose public API requires more than the package's floors, and their own floors.
observation_module=AlertDispatchObservation
observation_floors=(ios17.0-simulator macos14.0 tvos17.0-simulator watchos10.0-simulator)
# The toolchain's own modules that are made into Apple ones (only those imported get built).
stdlib_modules=(Swift _Concurrency _StringProcessing _RegexParser SwiftOnoneSupport
  Synchronization Observation RegexBuilder Distributed)
# The stand-in SDK modules in stubs/, each after those it imports.
stub_modules=(Darwin Dispatch Foundation)
# Bump when what the cache holds is made differently, so that older caches are rebuilt.
cache_recipe=1

# ---- The toolchain ---------------------------------------------------------------------------

swiftc=${SWIFTC:-$(command -v swiftc || true)}
if [[ -z $swiftc && -x /opt/swift/usr/bin/swiftc ]]; then swiftc=/opt/swift/usr/bin/swiftc; fi
[[ -n $swiftc && -x $swiftc ]] || die "swiftc not found: put the toolchain on PATH or set SWIFTC"
swift=$(dirname "$swiftc")/swift
[[ -x $swift ]] || die "no swift driver next to $swiftc"
command -v python3 >/dev/null || die "python3 not found"
support() { python3 "$tool/support.py" "$@"; }
unset SDKROOT # a leftover SDKROOT would override the stand-in SDK

work=$(mktemp -d "${TMPDIR:-/tmp}/apple-typecheck.XXXXXX")
if [[ -n ${APPLE_TYPECHECK_KEEP:-} ]]; then
  say "compiler logs kept in $work"
else
  trap 'rm -rf "$work"' EXIT
fi

"$swiftc" -print-target-info >"$work/host.json" || die "$swiftc -print-target-info failed"
host_info=$(support field "$work/host.json" target.triple target.moduleTriple target.platform \
  target.arch paths.runtimeResourcePath swiftCompilerTag)
mapfile -t host_info <<<"$host_info"
host_triple=${host_info[0]} host_module_triple=${host_info[1]} host_platform=${host_info[2]}
arch=${host_info[3]} resources=${host_info[4]} swift_version=${host_info[5]}
[[ $arch == aarch64 ]] && arch=arm64
[[ -n $swift_version ]] || swift_version=$("$swiftc" --version 2>/dev/null | head -n 1 |
  tr -c 'A-Za-z0-9.\n' '-')
[[ -n $swift_version && -d $resources/$host_platform ]] ||
  die "cannot read the toolchain's version and resource folder from $swiftc"

cache=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/alertdispatch-apple-typecheck/$swift_version
mkdir -p "$cache"

# ---- The package: its library modules and their flags, as SwiftPM evaluates Package.swift ----

"$swift" package --package-path "$root" --scratch-path "$work/spm" dump-package \
  >"$work/package.json" 2>"$work/package.log" ||
  die "swift package dump-package failed: $(cat "$work/package.log")"
plan=$work/plan
modules_in_order=$(support plan "$work/package.json" "$plan") || die "cannot plan the check"
mapfile -t modules <<<"$modules_in_order"

# Package.swift's platforms must be the ones checked.
declare -A promised=()
while read -r name version; do promised[$name]=$version; done <"$plan/platforms"
for floor in "${package_floors[@]}"; do
  os=${floor%%[0-9]*} version=${floor#"$os"} version=${version%-simulator}
  [[ $os == xros ]] && os=visionos
  if [[ ${promised[$os]:-none} != "$version" ]]; then
    die "Package.swift gives $os ${promised[$os]:-no version} but this check is for $os" \
      "$version: make package_floors in $0 match Package.swift's platforms"
  fi
done
[[ " ${modules[*]} " == *" $observation_module "* ]] ||
  die "no library target $observation_module in Package.swift (see observation_module in $0)"

# ---- The cache: the toolchain's standard library, made into Apple platforms' -----------------
# For each Apple platform, the toolchain's Linux .swiftinterface files, edited to target it
# (support.py retarget says how). The compiler builds them into binary modules in ModuleCache on
# first import. The declarations keep Apple's @available attributes, which is what the check
# enforces. The SDK is an empty folder: Foundation, Dispatch and Darwin come from the stubs.

oldest_triple() { # x86_64-apple-ios16.0-simulator -> x86_64-apple-ios13.0-simulator
  local os=${1#*-apple-} rest
  os=${os%%[0-9]*}
  rest=${1#*-apple-"$os"}
  rest=${rest#"${rest%%[!0-9.]*}"}
  case $os in
    macos) echo "${1%%-*}-apple-macos10.15$rest" ;;
    ios | tvos) echo "${1%%-*}-apple-${os}13.0$rest" ;;
    watchos) echo "${1%%-*}-apple-watchos6.0$rest" ;;
    xros) echo "${1%%-*}-apple-xros1.0$rest" ;;
    *) die "$1: not an Apple platform this check knows" ;;
  esac
}

target_field() { # TRIPLE FIELD
  "$swiftc" -print-target-info -target "$1" >"$work/target.json" &&
    support field "$work/target.json" "$2"
}

prepare_platform() { # TRIPLE
  local platform module_triple dir tmp m
  platform=$(target_field "$1" target.platform)
  module_triple=$(target_field "$1" target.moduleTriple)
  dir=$cache/resource/$platform
  [[ -f $dir/.recipe-$cache_recipe ]] && return 0
  if [[ -z ${announced:-} ]]; then
    say "first run with this toolchain: preparing Apple versions of the standard library in" \
      "$cache (about 2 minutes on 2 cores)"
    announced=1
  fi
  mkdir -p "$cache/resource"
  for m in clang host shims; do ln -sfn "$resources/$m" "$cache/resource/$m"; done
  tmp=$(mktemp -d "$cache/resource/.$platform.XXXXXX")
  for m in "${stdlib_modules[@]}"; do
    support retarget "$resources/$host_platform/$m.swiftmodule/$host_module_triple.swiftinterface" \
      "$tmp/$m.swiftmodule/$module_triple.swiftinterface" "$host_triple" \
      "$(oldest_triple "$1")" || die "cannot retarget $m to $platform"
  done
  touch "$tmp/.recipe-$cache_recipe"
  rm -rf "$dir"
  mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp" # another run may have got there first
}

apple_targets=()
for floor in "${package_floors[@]}" "${observation_floors[@]}"; do
  apple_targets+=("$arch-apple-$floor")
done
for triple in "${apple_targets[@]}"; do prepare_platform "$triple"; done
mkdir -p "$cache/sdk" "$cache/ModuleCache" "$cache/visionos"

# visionOS takes the availability of declarations that name only iOS through this version map,
# as Apple's visionOS SDK (SDKSettings.json) gives it: iOS 17.1 is visionOS 1.0, iOS 18 is 2.0.
# Without it, `@available(iOS 17, *)` would be read as visionOS 17.
cat >"$cache/visionos/SDKSettings.json" <<'JSON'
{"Version": "26.0", "MaximumDeploymentTarget": "26.0.99", "VersionMap": {
  "iOS_xrOS": {"17.1": "1.0", "17.4": "1.1", "17.5": "1.2", "18.0": "2.0", "18.1": "2.1",
    "18.2": "2.2", "18.3": "2.3", "18.4": "2.4", "18.5": "2.5", "18.6": "2.6", "26.0": "26.0"},
  "iOS_visionOS": {"17.1": "1.0", "17.4": "1.1", "17.5": "1.2", "18.0": "2.0", "18.1": "2.1",
    "18.2": "2.2", "18.3": "2.3", "18.4": "2.4", "18.5": "2.5", "18.6": "2.6", "26.0": "26.0"}}}
JSON

# ---- The stubs: Foundation, Dispatch and Darwin as declarations, built per target ------------

for file in "$tool"/stubs/*.swift; do
  [[ " ${stub_modules[*]} " == *" $(basename "$file" .swift) "* ]] ||
    die "$file is not in stub_modules in $0 (which lists them in build order)"
done
stub_key=$({
  echo "$cache_recipe"
  cd "$tool/stubs" && sha256sum -- *.swift
} | sha256sum | cut -c1-16)
mkdir -p "$cache/stubs"
for old in "$cache/stubs"/*; do # stubs built from older versions of the files
  [[ ! -e $old || $old == "$cache/stubs/$stub_key" ]] || rm -rf "$old"
done

build_stubs() { # TRIPLE OUT_DIR FLAGS...: prints the folder of the stub modules for TRIPLE
  local triple=$1 out=$2 dir tmp m
  shift 2
  dir=$cache/stubs/$stub_key/$triple
  if [[ ! -f $dir/.built ]]; then
    mkdir -p "$(dirname "$dir")"
    tmp=$(mktemp -d "$dir.XXXXXX")
    for m in "${stub_modules[@]}"; do
      if ! "$swiftc" -emit-module -module-name "$m" "$@" -I "$tmp" "$tool/stubs/$m.swift" \
        -emit-module-path "$tmp/$m.swiftmodule" >"$out/stubs.log" 2>&1; then
        rm -rf "$tmp"
        return 1
      fi
    done
    touch "$tmp/.built"
    mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
  fi
  echo "$dir"
}

# ---- One check: some modules, one target, one kind of run ------------------------------------
# Three kinds of run:
#   apple    the Apple target, the retargeted standard library and the stubs;
#   control  Linux, the same stubs: what it reports too does not come from Apple availability;
#   native   Linux, the real Foundation; run only when the control reports anything. What the
#            control reports and this does not comes from the stubs: a stub gap.
# Each module is type-checked whole; a module that another checked module imports is then
# emitted (bodies skipped, availability not enforced) so that the importer can be checked.

swiftpm_platform() { # TRIPLE -> the platform name of Package.swift's settings' conditions
  case $1 in
    *-apple-ios*) echo ios ;; *-apple-macos*) echo macos ;; *-apple-tvos*) echo tvos ;;
    *-apple-watchos*) echo watchos ;; *-apple-xros*) echo visionos ;; *) echo linux ;;
  esac
}

run_check() { # KIND TRIPLE MODULE...: writes $work/KIND/TRIPLE/MODULE.diags, then `done`
  local kind=$1 triple=$2 out=$work/$1/$2 platform stubs m d i status
  shift 2
  local -a checked=("$@") flags module_flags files
  local -A wanted=() needed=() imported=()
  mkdir -p "$out/modules"
  platform=$(swiftpm_platform "$triple")

  flags=(-target "$triple" -module-cache-path "$cache/ModuleCache" -parse-as-library
    -package-name alertdispatch -D SWIFT_PACKAGE -D DEBUG -Onone
    -no-color-diagnostics -diagnostic-style swift)
  if [[ $kind == apple ]]; then
    flags+=(-resource-dir "$cache/resource" -sdk "$cache/sdk" -Xfrontend -disable-objc-interop)
    if [[ $platform == visionos ]]; then
      flags+=(-Xfrontend -platform-availability-inheritance-map-path -Xfrontend "$cache/visionos")
    fi
    # The retargeted standard library must build before anything else means anything.
    : >"$out/empty.swift"
    if ! "$swiftc" -typecheck "${flags[@]}" "$out/empty.swift" >"$out/stdlib.log" 2>&1; then
      {
        echo "the standard library made for $triple does not build; the edits in support.py"
        echo "(retarget) may need updating for this toolchain:"
        support normalize <"$out/stdlib.log" | head -n 5 || true
      } >"$out/failed"
      return 0
    fi
  fi
  if [[ $kind != native ]]; then
    if ! stubs=$(build_stubs "$triple" "$out" "${flags[@]}"); then
      { echo "the stubs do not build for $triple:"; support normalize <"$out/stubs.log"; } \
        >"$out/failed"
      return 0
    fi
    flags+=(-I "$stubs")
  fi
  flags+=(-I "$out/modules")

  # The modules to compile: those checked, and those they import, directly or not.
  for m in "${checked[@]}"; do wanted[$m]=1 needed[$m]=1; done
  for ((i = ${#modules[@]} - 1; i >= 0; i--)); do
    m=${modules[i]}
    [[ -n ${needed[$m]:-} ]] || continue
    while read -r d; do [[ -z $d ]] || needed[$d]=1 imported[$d]=1; done <"$plan/$m.deps"
  done

  for m in "${modules[@]}"; do
    [[ -n ${needed[$m]:-} ]] || continue
    mapfile -t files <"$plan/$m.files"
    mapfile -t module_flags <"$plan/$m.$platform.flags"
    if [[ -n ${wanted[$m]:-} ]]; then
      "$swiftc" -typecheck -wmo -module-name "$m" "${flags[@]}" "${module_flags[@]}" \
        "${files[@]}" >"$out/$m.log" 2>&1 && status=0 || status=$?
      support normalize <"$out/$m.log" >"$out/$m.diags"
      if ((status != 0)) && [[ $(<"$out/$m.diags") != *": error: "* ]]; then
        { echo "the compiler failed on $m without an error:"; tail -n 5 "$out/$m.log"; } \
          >"$out/failed"
        return 0
      fi
    fi
    if [[ -n ${imported[$m]:-} ]]; then
      if ! "$swiftc" -emit-module -wmo -module-name "$m" "${flags[@]}" "${module_flags[@]}" \
        -Xfrontend -disable-availability-checking \
        -Xfrontend -experimental-skip-non-inlinable-function-bodies \
        -emit-module-path "$out/modules/$m.swiftmodule" "${files[@]}" >"$out/$m.emit.log" 2>&1
      then
        {
          echo "$m does not build as a module for $triple, so its importers cannot be checked:"
          support normalize <"$out/$m.emit.log" | head -n 10 || true
        } >"$out/failed"
        return 0
      fi
    fi
  done
  touch "$out/done"
}

# ---- Run the checks, a few compilers at a time -----------------------------------------------

checks=() # "KIND TRIPLE MODULE...", in the order to report
checks+=("control $host_triple ${modules[*]}")
for floor in "${package_floors[@]}"; do checks+=("apple $arch-apple-$floor ${modules[*]}"); done
for floor in "${observation_floors[@]}"; do
  checks+=("apple $arch-apple-$floor $observation_module")
done

max_jobs=${APPLE_TYPECHECK_JOBS:-$(nproc 2>/dev/null || echo 2)}
for check in "${checks[@]}"; do
  while (($(jobs -rp | wc -l) >= max_jobs)); do wait -n || true; done
  # shellcheck disable=SC2086 # a check is a list of words
  run_check $check &
done
wait

for diags in "$work/control/$host_triple"/*.diags; do
  if [[ -s $diags ]]; then # the control reports something: is it the stubs?
    run_check native "$host_triple" "${modules[@]}" &
    wait $! || true
    break
  fi
done

failed=0
for check in "${checks[@]}" native; do
  read -r kind triple _ <<<"$check"
  [[ $kind == native ]] && { triple=$host_triple; [[ -d $work/native ]] || continue; }
  out=$work/$kind/$triple
  if [[ -f $out/failed ]]; then
    say "$kind check for $triple: $(cat "$out/failed")"
    failed=1
  elif [[ ! -f $out/done ]]; then
    say "$kind check for $triple stopped early (APPLE_TYPECHECK_KEEP=1 keeps its logs)"
    failed=1
  fi
done
((failed == 0)) || exit 2

# ---- Report ----------------------------------------------------------------------------------

list=$work/report.list # TRIPLE MODULE APPLE CONTROL NATIVE (tab-separated), in the order to print
: >"$list"
for check in "${checks[@]}"; do
  read -r kind triple checked <<<"$check"
  [[ $kind == apple ]] || continue
  for m in $checked; do
    native=$work/native/$host_triple/$m.diags
    [[ -f $native ]] || native=-
    printf '%s\t%s\t%s\t%s\t%s\n' "$triple" "$m" "$work/apple/$triple/$m.diags" \
      "$work/control/$host_triple/$m.diags" "$native" >>"$list"
  done
done
support report "$list"
