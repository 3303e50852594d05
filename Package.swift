// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "AlertDispatch",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "AlertDispatchKit", targets: ["AlertDispatchKit"]),
    .library(name: "AlertDispatchLedgers", targets: ["AlertDispatchLedgers"]),
    .library(name: "AlertDispatchScenarioFormat", targets: ["AlertDispatchScenarioFormat"]),
    .library(name: "AlertDispatchSimulator", targets: ["AlertDispatchSimulator"]),
    .library(name: "AlertDispatchObservation", targets: ["AlertDispatchObservation"]),
    .library(name: "AlertDispatchScreens", targets: ["AlertDispatchScreens"]),
    .library(name: "AlertDispatchRecorder", targets: ["AlertDispatchRecorder"]),
    // So that `swift run alertsim FILE` works in an app's package that depends on this one.
    .executable(name: "alertsim", targets: ["alertsim"]),
  ],
  targets: [
    .target(name: "AlertDispatchKit"),
    .target(name: "AlertDispatchLedgers", dependencies: ["AlertDispatchKit"]),
    .target(name: "AlertDispatchScreens", dependencies: ["AlertDispatchKit"]),
    .target(name: "AlertDispatchScenarioFormat", dependencies: ["AlertDispatchKit"]),
    .target(
      name: "AlertDispatchRecorder",
      dependencies: ["AlertDispatchKit", "AlertDispatchScenarioFormat"]),
    .target(
      name: "AlertDispatchSimulator",
      dependencies: ["AlertDispatchKit", "AlertDispatchScreens", "AlertDispatchScenarioFormat"]),
    .target(name: "AlertDispatchObservation", dependencies: ["AlertDispatchKit"]),
    .executableTarget(
      name: "alertdispatch-bench",
      dependencies: [
        "AlertDispatchKit", "AlertDispatchLedgers", "AlertDispatchRecorder",
        "AlertDispatchSimulator",
      ]
    ),
    .target(
      name: "AlertDispatchStressKit",
      dependencies: [
        "AlertDispatchKit", "AlertDispatchRecorder", "AlertDispatchScenarioFormat",
        "AlertDispatchSimulator",
      ]
    ),
    .executableTarget(
      name: "alertdispatch-stress",
      dependencies: ["AlertDispatchStressKit"]
    ),
    .executableTarget(
      name: "alertdispatch-fuzz",
      dependencies: ["AlertDispatchStressKit"]
    ),

    // Examples
    .executableTarget(
      name: "push-permissions",
      dependencies: ["AlertDispatchKit", "AlertDispatchSimulator"],
      path: "Examples/push-permissions"
    ),
    .executableTarget(
      name: "alertsim",
      dependencies: ["AlertDispatchKit", "AlertDispatchSimulator"],
      path: "Examples/alertsim"
    ),
    .executableTarget(
      name: "home-popups",
      dependencies: ["AlertDispatchKit", "AlertDispatchSimulator"],
      path: "Examples/home-popups"
    ),
    .executableTarget(
      name: "tab-domains",
      dependencies: ["AlertDispatchKit", "AlertDispatchSimulator"],
      path: "Examples/tab-domains"
    ),
    .executableTarget(
      name: "onboarding-flow",
      dependencies: ["AlertDispatchKit", "AlertDispatchSimulator"],
      path: "Examples/onboarding-flow"
    ),
    .executableTarget(
      name: "record-and-replay",
      dependencies: ["AlertDispatchKit", "AlertDispatchRecorder", "AlertDispatchSimulator"],
      path: "Examples/record-and-replay"
    ),
    .executableTarget(
      name: "observable-presenter",
      dependencies: ["AlertDispatchKit", "AlertDispatchObservation", "AlertDispatchSimulator"],
      path: "Examples/observable-presenter"
    ),

    .testTarget(
      name: "AlertDispatchKitTests",
      dependencies: ["AlertDispatchKit", "AlertDispatchLedgers", "AlertDispatchSimulator"]
    ),
    .testTarget(
      name: "AlertDispatchScreensTests",
      dependencies: ["AlertDispatchKit", "AlertDispatchScreens", "AlertDispatchSimulator"]
    ),
    .testTarget(
      name: "AlertDispatchSimulatorTests",
      dependencies: ["AlertDispatchKit", "AlertDispatchScenarioFormat", "AlertDispatchSimulator"]
    ),
    .testTarget(
      name: "AlertDispatchScenarioFormatTests",
      dependencies: ["AlertDispatchKit", "AlertDispatchScenarioFormat"]
    ),
    .testTarget(
      name: "AlertDispatchRecorderTests",
      dependencies: [
        "AlertDispatchKit", "AlertDispatchRecorder", "AlertDispatchScenarioFormat",
        "AlertDispatchSimulator",
      ]
    ),
    .testTarget(
      name: "AlertDispatchObservationTests",
      dependencies: ["AlertDispatchKit", "AlertDispatchObservation", "AlertDispatchSimulator"]
    ),
    .testTarget(
      name: "ExamplesTests",
      dependencies: ["AlertDispatchKit", "AlertDispatchSimulator"],
      exclude: ["Expected"]
    ),
    .testTarget(
      name: "DocSnippetsTests",
      dependencies: [
        "AlertDispatchKit", "AlertDispatchLedgers", "AlertDispatchRecorder",
        "AlertDispatchScenarioFormat", "AlertDispatchScreens", "AlertDispatchSimulator",
      ],
      path: "Docs/Snippets",
      exclude: ["Recordings", "Scenarios"]
    ),
    .testTarget(
      name: "AlertDispatchStressTests",
      dependencies: [
        "AlertDispatchStressKit", "AlertDispatchKit", "AlertDispatchLedgers",
        "AlertDispatchScenarioFormat", "AlertDispatchSimulator",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
