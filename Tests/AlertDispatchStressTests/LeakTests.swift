import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Leaks")
struct LeakTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("An alert the app dismisses while its presenter still holds it is freed")
  func appDismissedAlertIsFreed() {
    weak var weakAlert: AlertHandle?
    weak var weakPresenter: RecordingPresenter?
    do {
      let clock = VirtualClock()
      let presenter = RecordingPresenter(clock: clock)
      weakPresenter = presenter
      let home = AlertDispatch(name: "home", clock: clock, presenter: presenter)
      let alert = home.add(AlertRequest(id: "a"))
      weakAlert = alert
      // The app's own code reports the alert gone; this presenter never heard of it and keeps
      // it on its screen. The ended alert must not keep the presenter alive in return.
      alert.dismiss(result: "OK")
      #expect(presenter.onScreen.map(\.id) == ["a"])
    }
    #expect(weakAlert == nil)
    #expect(weakPresenter == nil)
  }
}
