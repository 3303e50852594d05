extension Array where Element: AnyObject {
  /// The index of `object` (the same object, not an equal one).
  func position(of object: Element) -> Int? {
    firstIndex { $0 === object }
  }

  /// Removes `object` (the same object) wherever it is.
  mutating func removeIdentical(_ object: Element) {
    removeAll { $0 === object }
  }
}
