/// Weak references to everything a test created.
final class Watch {
  struct Entry {
    weak var object: AnyObject?
  }
  var entries: [Entry] = []
  func add(_ object: AnyObject) { entries.append(Entry(object: object)) }
  var alive: Int { entries.count { $0.object != nil } }
}
