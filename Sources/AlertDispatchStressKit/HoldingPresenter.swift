import AlertDispatchKit
import AlertDispatchSimulator

/// The presenter of the free-standing dispatch `r0`: the simulator's, forwarded call for call,
/// holding the last reference to a dispatch of its own, as a container's presenter may hold
/// its child screen's. When the app releases `r0` (``StressOperation/release(raw:)``), `r0`'s
/// node lets go of this presenter when it is freed — in a coalesced turn, by the deferred
/// passes — and the held dispatch is released there, which drains the engine from inside that
/// release. The held dispatch is coalesced, so that its release defers a pass of its own.
@MainActor
final class HoldingPresenter: AlertPresenter {
  let base: RecordingPresenter
  let held: AlertDispatch

  init(_ base: RecordingPresenter, holding held: AlertDispatch) {
    self.base = base
    self.held = held
  }

  func present(_ alert: AlertHandle) -> PresentationAnswer { base.present(alert) }
  func hide(_ alert: AlertHandle) { base.hide(alert) }
  func restore(_ alert: AlertHandle) { base.restore(alert) }
  func dismiss(_ alert: AlertHandle) { base.dismiss(alert) }
}
