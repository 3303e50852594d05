#!/usr/bin/env bash
# Scripts/alertsim-in-app-package.sh: checks that `swift run alertsim FILE` works in an app's
# package that depends on this one by path, as Docs/AlertDispatch.docc/ScenarioFiles.md says.
#
#   Scripts/alertsim-in-app-package.sh      (from any folder; no arguments)
#
# Makes a throwaway package in a temporary folder with one library target that uses
# AlertDispatchKit and one scenario file, runs `swift run alertsim` there (a debug build of the
# libraries and alertsim in the throwaway package's own .build, about half a minute on two
# cores), checks that it passed, and removes the folder. Prints what swift run printed.
#
# Exit status: 0 when the scenario ran and passed; 1 otherwise.
set -uo pipefail
package=$(cd "$(dirname "$0")/.." && pwd)
app=$(mktemp -d "${TMPDIR:-/tmp}/alertsim-app.XXXXXX")
trap 'rm -rf "$app"' EXIT

mkdir -p "$app/Sources/App"
cat >"$app/Package.swift" <<EOF
// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "App",
  dependencies: [.package(path: "$package")],
  targets: [
    .target(
      name: "App",
      dependencies: [.product(name: "AlertDispatchKit", package: "$(basename "$package")")])
  ]
)
EOF
cat >"$app/Sources/App/Popups.swift" <<'EOF'
import AlertDispatchKit

/// The app's one popup, so that the package uses the dependency as an app does.
public let rateUs = AlertRequest(id: "rate-us", priority: .low)
EOF
cat >"$app/rate-us.scenario" <<'EOF'
screen home
root main home
alert rate-us on home priority low buttons Later Rate
at 1s
  expect showing rate-us
  tap rate-us Later
  expect outcome rate-us dismissed(Later)
EOF

output=$(cd "$app" && swift run alertsim rate-us.scenario 2>&1)
status=$?
echo "$output"
if [ "$status" -ne 0 ] || ! grep -q "^passed: 2 expectations$" <<<"$output"; then
  echo "alertsim-in-app-package: swift run alertsim failed in a dependent package (status $status)" >&2
  exit 1
fi
echo "alertsim-in-app-package: swift run alertsim works in a package that depends on this one"
