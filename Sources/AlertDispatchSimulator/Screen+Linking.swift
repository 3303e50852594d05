import AlertDispatchKit

extension Screen {
  /// Joins this screen's children to its domain, now and as they arrive.
  ///
  /// The provider comes first and the visible child joins first, so that no pass in between
  /// sees the domain without its active chain and hides an alert only to restore it.
  func link() {
    guard !isLinked else { return }
    isLinked = true
    if isContainer {
      dispatch.activeChildProvider = { [weak self] in
        guard let self else { return nil }
        return joinedDispatch(of: visibleChild)
      }
    }
    let visible = children.filter { $0 === visibleChild }
    for child in visible + children.filter({ $0 !== visibleChild }) { adopt(child) }
  }

  /// Makes a child that is arriving part of this screen's domain when this screen is linked.
  /// Call it before the child is in the model, so that no pass sees the child as active
  /// before it is a child.
  func adopt(_ child: Screen) {
    guard isLinked else { return }
    child.join(dispatch, linkedBy: name)
  }

  /// Sets this screen's dispatch's parent and links its subtree.
  func join(_ parent: AlertDispatch, linkedBy place: String) {
    do {
      try dispatch.setParent(parent)
    } catch {
      return simulator.ignore("link \(name)", at: place, "\(error)")
    }
    link()
  }
}
