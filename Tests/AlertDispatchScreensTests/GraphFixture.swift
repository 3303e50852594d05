import AlertDispatchKit
import AlertDispatchScreens
import AlertDispatchSimulator
import Testing

/// A screen graph on a virtual clock with a recording presenter: the presenter's lines and the
/// graph's events go to one transcript.
@MainActor
final class GraphFixture {
  let clock = VirtualClock()
  let transcript: Transcript
  let presenter: RecordingPresenter
  let graph: ScreenGraph

  init(linksByDefault: Bool = true) {
    transcript = Transcript(clock: clock)
    let presenter = RecordingPresenter(transcript: transcript, clock: clock)
    self.presenter = presenter
    graph = ScreenGraph(presenter: presenter, clock: clock, linksByDefault: linksByDefault)
    graph.observe { [transcript] event in
      switch event {
      case .willDisappear(let screen): transcript.record("willDisappear @\(screen.name)")
      case .willAppear(let screen): transcript.record("willAppear @\(screen.name)")
      case .didDisappear(let screen): transcript.record("didDisappear @\(screen.name)")
      case .didAppear(let screen): transcript.record("didAppear @\(screen.name)")
      case .closed(let screen): transcript.record("closed @\(screen.name)")
      case .problem(let error): transcript.record("problem \(error)")
      }
    }
  }

  /// The presenter's lines and the graph's events since the last call.
  @discardableResult
  func lines() -> [String] { transcript.take() }

  /// The ids of the alerts on screen, in the order they went up.
  var onScreen: [String] { presenter.onScreen.map(\.id.rawValue) }
}
