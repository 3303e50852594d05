// snippet: readme-presenter
import AlertDispatchKit

/// Draws alerts as a list that the app's views show; a real app puts up its own views here.
@MainActor
final class ListPresenter: AlertPresenter {
  private(set) var onScreen: [AlertHandle] = []
  var hasWindow = true  // false while no window can show an alert

  func present(_ alert: AlertHandle) -> PresentationAnswer {
    guard hasWindow else { return .cannotPresentNow("no window") }  // retried on a clock
    onScreen.append(alert)
    return .presented
  }

  func hide(_ alert: AlertHandle) { onScreen.removeAll { $0 === alert } }

  func restore(_ alert: AlertHandle) { onScreen.append(alert) }

  /// The framework takes an alert down: remove it, then report its UI gone.
  func dismiss(_ alert: AlertHandle) {
    onScreen.removeAll { $0 === alert }
    alert.didDismiss()
  }

  /// The user tapped a button and the alert's UI is gone: report it, with the button.
  func userTapped(_ button: String, on alert: AlertHandle) {
    onScreen.removeAll { $0 === alert }
    alert.didDismiss(result: AlertResult(button))
  }
}
// end-snippet
