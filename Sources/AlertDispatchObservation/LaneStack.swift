import AlertDispatchKit

/// One lane's alerts as the presenter's calls told of them, in the order they went up: the last
/// one is on top.
///
/// A presenter is not told which alert a cover-style alert went over, only that it was asked to
/// present one more without hiding the others. So the stack counts: the top `capacity` visible
/// alerts of the lane are in front, and any beneath them are covered. A hidden alert keeps its
/// place, so restored it comes back where it was, beneath its coverer.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
struct LaneStack {
  /// Where an alert is, as far as the presenter knows.
  enum Phase: Equatable {
    /// On screen.
    case visible
    /// Hidden by the framework (suspended): it comes back in its place.
    case hidden
    /// Taken down by the view with the user's result, or at the framework's request (`nil`);
    /// reported to the framework when the view says it is gone.
    case leaving(AlertResult?)
  }

  /// One presentation of an alert.
  struct Entry {
    let alert: AlertHandle
    let presentation: UInt64
    var phase: Phase
  }

  private(set) var entries: [Entry] = []

  var isEmpty: Bool { entries.isEmpty }

  /// The visible alerts, bottom to top, each marked covered when it is beneath the lane's
  /// `capacity` topmost.
  var shown: [PresentedAlert] {
    let visible = entries.filter { $0.phase == .visible }
    let capacity = visible.first?.alert.request.lane.capacity.limit ?? 1
    let covered = max(visible.count - capacity, 0)
    return visible.enumerated().map { index, entry in
      PresentedAlert(
        id: entry.alert.id, lane: entry.alert.request.lane.name,
        content: entry.alert.content, isCovered: index < covered,
        presentation: entry.presentation)
    }
  }

  /// Puts `alert` on top, visible.
  mutating func push(_ alert: AlertHandle, presentation: UInt64) {
    entries.append(Entry(alert: alert, presentation: presentation, phase: .visible))
  }

  /// The entry of `alert`'s latest presentation.
  func entry(for alert: AlertHandle) -> Entry? {
    entries.last { $0.alert === alert }
  }

  /// The entry of this presentation.
  func entry(presentation: UInt64) -> Entry? {
    entries.first { $0.presentation == presentation }
  }

  /// Moves an entry to `phase`, if it is in `from`.
  mutating func move(_ presentation: UInt64, from: Phase, to phase: Phase) {
    guard let index = entries.firstIndex(where: { $0.presentation == presentation }),
      entries[index].phase == from
    else { return }
    entries[index].phase = phase
  }

  /// Takes an entry out of the stack.
  @discardableResult
  mutating func remove(_ presentation: UInt64) -> Entry? {
    guard let index = entries.firstIndex(where: { $0.presentation == presentation }) else {
      return nil
    }
    return entries.remove(at: index)
  }

  /// Takes out every entry that is leaving, bottom to top.
  mutating func removeLeaving() -> [Entry] {
    let leaving = entries.filter { if case .leaving = $0.phase { true } else { false } }
    entries.removeAll { if case .leaving = $0.phase { true } else { false } }
    return leaving
  }
}
