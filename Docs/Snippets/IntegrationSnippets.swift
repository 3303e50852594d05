import AlertDispatchKit
import AlertDispatchScreens
import AlertDispatchSimulator
import Testing

// The package-only part of the "Integrating with SwiftUI" article: the screens a SwiftUI scene
// reports to, and a test of the popup flow they give.

// snippet: swiftui-screens
/// The screens of a SwiftUI scene: a tab view with Home (a navigation stack of articles) and
/// Profile, and the sheet or full-screen cover presented over it. The scene's views report to
/// it what SwiftUI tells them.
@MainActor
final class TabScreens {
  /// The tabs, as the app's `TabView(selection:)` tags them.
  enum Tab: Hashable { case home, profile }

  let graph: ScreenGraph
  let window: ScreenWindow
  let home: ScreenNode
  let homeStack: ScreenNode
  let profile: ScreenNode
  let tabs: ScreenNode
  /// Where the graph's refusals and problems go: they are bugs in the wiring, so debug builds
  /// stop on them. The graph changes nothing when it refuses a call.
  var onProblem: (any Error) -> Void = { assertionFailure("Screen graph: \($0)") }
  /// The screens pushed on Home's stack, one per element of its navigation path.
  private(set) var articles: [(id: Int, screen: ScreenNode)] = []
  /// The modal presented over the tabs, and its dismissal while it runs.
  private(set) var modal: ScreenNode?
  private var dismissal: ScreenChange?

  init(presenter: any AlertPresenter, clock: any AlertClock = SystemAlertClock.shared) {
    graph = ScreenGraph(presenter: presenter, clock: clock)
    window = graph.window("main")  // one window, one domain
    home = graph.screen("home")
    homeStack = graph.navigation("home-stack", root: home)
    profile = graph.screen("profile")
    tabs = graph.tabs("tabs", [homeStack, profile])
    graph.observe { [weak self] event in
      if case .problem(let error) = event { self?.onProblem(error) }
    }
    report { try window.setRoot(tabs) }
  }

  /// Makes a report, and hands a refusal to `onProblem`.
  func report(_ call: () throws -> Void) {
    do { try call() } catch { onProblem(error) }
  }
}
// end-snippet

// snippet: swiftui-reports
extension TabScreens {
  /// The `TabView` selection changed.
  func select(_ tab: Tab) {
    report { try tabs.select(tab == .home ? homeStack : profile) }
  }

  /// Home's `NavigationStack` path changed. The articles still on it keep their screens, new
  /// ones get new screens, and the screens of those that left are closed.
  func setPath(_ path: [Int]) {
    let kept = zip(articles, path).prefix { $0.id == $1 }.count
    let pushed = path.dropFirst(kept).map { (id: $0, screen: graph.screen("article-\($0)")) }
    let stack = Array(articles.prefix(kept)) + pushed
    report {
      try homeStack.setStack([home] + stack.map(\.screen))
      articles = stack
    }
  }

  /// A sheet or a full-screen cover is going up over the tabs (its flag became `true`).
  func present(_ name: String, style: ModalStyle) {
    let screen = graph.screen(name)
    report {
      try window.present(screen, from: tabs, style: style)
      modal = screen
    }
  }

  /// Its flag went back to `false`: the dismissal begins. The modal stays the active screen
  /// until ``endDismissal()``, so that nothing beneath it goes up while it animates out.
  func beginDismissal() {
    guard let modal else { return }
    report {
      dismissal = try window.dismiss(from: modal, endsAtOnce: false)
      self.modal = nil
    }
  }

  /// Its `onDismiss` ran: the modal is gone and its screen is closed.
  func endDismissal() {
    if let dismissal { window.end(dismissal) }
    dismissal = nil
  }

  /// The scene's phase changed: in the background, every alert of the window is suspended.
  func scenePhaseChanged(isBackground: Bool) {
    if isBackground { window.enterBackground() } else { window.enterForeground() }
  }
}
// end-snippet

@MainActor
@Suite("Snippets: integrating with SwiftUI")
struct IntegrationSnippets {
  // snippet: swiftui-first-test
  @Test("Rate-us waits while Home is covered: by an article, another tab, a sheet")
  func rateUsWaitsWhileHomeIsCovered() {
    let presenter = RecordingPresenter()
    let screens = TabScreens(presenter: presenter)
    screens.home.dispatch.add(AlertRequest(id: "rate-us", priority: .low))
    #expect(presenter.onScreenIDs == ["rate-us"])

    screens.setPath([42])  // the user opens an article
    #expect(presenter.onScreenIDs.isEmpty)
    screens.setPath([])  // goes back
    screens.select(.profile)  // and on to Profile
    #expect(presenter.onScreenIDs.isEmpty)
    screens.select(.home)
    #expect(presenter.onScreenIDs == ["rate-us"])

    screens.present("settings", style: .pageSheet)
    #expect(presenter.onScreenIDs.isEmpty)
    screens.beginDismissal()  // the sheet animates out: rate-us still waits
    #expect(presenter.onScreenIDs.isEmpty)
    screens.endDismissal()  // onDismiss
    #expect(presenter.onScreenIDs == ["rate-us"])
  }
  // end-snippet

  @Test func pathKeepsTheScreensOfArticlesThatStay() {
    let screens = TabScreens(presenter: RecordingPresenter())
    screens.setPath([1, 2])
    let first = screens.articles[0].screen
    let second = screens.articles[1].screen
    screens.setPath([1, 3])
    #expect(screens.articles.map(\.id) == [1, 3])
    #expect(screens.articles[0].screen === first && second.isClosed)
    #expect(screens.homeStack.stack.map(\.name) == ["home", "article-1", "article-3"])
    screens.setPath([])
    #expect(first.isClosed && screens.homeStack.stack.map(\.name) == ["home"])
  }

  @Test func theSceneInTheBackgroundSuspendsItsAlerts() {
    let presenter = RecordingPresenter()
    let screens = TabScreens(presenter: presenter)
    screens.window.dispatch.add(AlertRequest(id: "maintenance", priority: .high))
    #expect(presenter.onScreenIDs == ["maintenance"])
    screens.scenePhaseChanged(isBackground: true)
    #expect(presenter.onScreenIDs.isEmpty)
    screens.scenePhaseChanged(isBackground: false)
    #expect(presenter.onScreenIDs == ["maintenance"])
  }

  @Test func aFullScreenCoverSuspendsHomeAndItsOwnAlertsShow() {
    let presenter = RecordingPresenter()
    let screens = TabScreens(presenter: presenter)
    screens.home.dispatch.add(AlertRequest(id: "rate-us", priority: .low))
    screens.present("tour", style: .fullScreen)
    #expect(screens.home.inactiveReason == "tour is presented over it")
    #expect(!screens.home.dispatch.isVisible)  // a full-screen modal takes Home off display
    screens.modal?.dispatch.add(AlertRequest(id: "tour-tip"))
    #expect(presenter.onScreenIDs == ["tour-tip"])
    screens.beginDismissal()
    screens.endDismissal()
    #expect(screens.modal == nil && presenter.onScreenIDs == ["rate-us"])
  }

  @Test func aRefusedReportGoesToOnProblemAndChangesNothing() {
    let screens = TabScreens(presenter: RecordingPresenter())
    var problems: [String] = []
    screens.onProblem = { problems.append("\($0)") }
    screens.present("settings", style: .pageSheet)
    screens.present("settings-again", style: .pageSheet)  // SwiftUI shows one at a time
    #expect(problems == ["present settings-again @tabs: settings is presented over it"])
    #expect(screens.window.modals.map(\.name) == ["settings"])
  }
}
