import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator

/// A recorder attached to one of the world's roots, from the root's making to the end of its
/// launch, and whether the root stayed a root all that time.
@MainActor
final class RecordedRoot {
  let label: String
  let recorder: AlertRecorder
  /// Whether the root joined another domain: its recorder heard nothing while it was part of
  /// it, so the recording is not the root's whole life.
  var joinedAnother = false
  /// Whether the root's passes were coalesced when it heard an input: a replay runs a pass
  /// after each input.
  var coalesced = false

  init(label: String, recorder: AlertRecorder) {
    self.label = label
    self.recorder = recorder
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
    // A root hears its own `setParent` before it joins: from then on its domain's inputs go
    // to the other root.
    let recorderHook = root.inputHook
    root.inputHook = { [weak recorded, weak root] input, instant in
      if root?.passScheduling == .coalesced { recorded?.coalesced = true }
      if case .setParent(let dispatch, let parent) = input, parent != nil,
        dispatch === recorded?.recorder.root
      {
        recorded?.joinedAnother = true
      }
      recorderHook?(input, instant)
    }
    recordings.append(recorded)
  }

  /// Exports the recordings of the launch that ends, while its roots and their frequency
  /// ledger are still there, and stops them.
  func exportRecordings() {
    for recorded in recordings {
      if recorded.joinedAnother {
        exported.append(
          StressRecording(label: recorded.label, text: nil, skipped: "joined another domain"))
      } else if recorded.coalesced {
        exported.append(
          StressRecording(label: recorded.label, text: nil, skipped: "coalesced passes"))
      } else {
        exported.append(StressRecording(label: recorded.label, text: recorded.recorder.export()))
      }
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
