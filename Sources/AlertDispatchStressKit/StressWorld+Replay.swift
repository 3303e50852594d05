import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator

/// A recorder attached to one of the world's roots, from the root's making to the end of its
/// launch, and the first of the recorder's documented limits the root met, if any.
@MainActor
final class RecordedRoot {
  let label: String
  let recorder: AlertRecorder
  /// Why the recording is not replayed, in the words of the stress tool's summary.
  private(set) var limit: String?

  init(label: String, recorder: AlertRecorder) {
    self.label = label
    self.recorder = recorder
  }

  /// Notes the limits that an input of the domain meets, before the recorder hears it.
  func check(_ input: AlertInput, of root: AlertDispatch?) {
    guard limit == nil else { return }
    guard let root else { return }
    switch input {
    case .setParent(let dispatch, let parent) where dispatch !== root && dispatch.root === root:
      let alerts = RecordedRoot.preorder(dispatch).flatMap(\.unfinishedAlerts)
      if parent.map({ $0.root === root }) ?? false, alerts.contains(where: \.hasBeenShown) {
        // Heard once it joined: an alert that went up in its former domain cannot be rebuilt.
        limit = "joined with an alert that went up elsewhere"
      }
    default: break
    }
  }

  private static func preorder(_ dispatch: AlertDispatch) -> [AlertDispatch] {
    [dispatch] + dispatch.children.flatMap(preorder)
  }
}

/// A recording exported at the end of its launch, to be replayed once the episode is over; or
/// why it is not replayed.
package struct StressRecording: Sendable {
  /// `window main`, `screen s3`, `dispatch r1`, with the launch.
  package var label: String
  /// The export, or `nil` when it is skipped.
  package var text: String?
  /// Why it is not replayed, in the words of the stress tool's summary.
  package var skipped: String?
}

extension StressWorld {
  /// Attaches a recorder that keeps everything to a root the world just made, when the runner
  /// checks replays.
  func record(_ root: AlertDispatch, label: String) {
    guard StressRunner.checksReplays else { return }
    let recorder = AlertRecorder(attachedTo: root, window: .events(Int.max / 4))
    let recorded = RecordedRoot(label: "\(label) (launch \(launch))", recorder: recorder)
    let recorderHook = root.inputHook
    root.inputHook = { [weak recorded, weak root] input, instant in
      recorded?.check(input, of: root)
      recorderHook?(input, instant)
    }
    recordings.append(recorded)
  }

  /// Exports the recordings of the launch that ends, while its roots and their frequency
  /// ledger are still there, and stops them.
  func exportRecordings() {
    for recorded in recordings {
      exported.append(
        StressRecording(
          label: recorded.label, text: recorded.limit == nil ? recorded.recorder.export() : nil,
          skipped: recorded.limit))
      recorded.recorder.detach()
    }
    recordings = []
  }
}

extension StressRunner {
  /// Replays each recording of an episode that ran to its end, and reports the first that
  /// diverges from what was recorded.
  static func replay(_ recordings: [StressRecording], into result: inout Result, step: Int) {
    defer { AlertDispatch.runDeferredPasses() }
    for recording in recordings {
      guard let text = recording.text else {
        result.replaySkips[recording.skipped ?? "unknown", default: 0] += 1
        continue
      }
      result.replayed += 1
      let message: String
      do {
        let replayed = try ScenarioRunner.replay(text, file: "recording")
        guard let failure = replayed.failures.first else { continue }
        message = "the recording of \(recording.label) diverges: \(failure)"
      } catch {
        message = "the recording of \(recording.label) does not parse: \(error)"
      }
      result.violations.append(StressViolation(kind: .replay, message: message, step: step))
      result.divergingRecording = text
      return
    }
  }
}
