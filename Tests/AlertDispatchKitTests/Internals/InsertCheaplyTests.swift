import Testing

@testable import AlertDispatchKit

/// `Array.insertCheaply(_:at:)` appends, then moves the element into place by unsafe moves:
/// every index, with elements that hold references, keeps the order and each reference once.
@MainActor
@Suite("insertCheaply")
struct InsertCheaplyTests {
  final class Counted {
    nonisolated(unsafe) static var live = 0
    let value: Int
    init(_ value: Int) {
      self.value = value
      Counted.live += 1
    }
    deinit { Counted.live -= 1 }
  }

  @Test("Inserts at every index of arrays of 0 to 9 elements, without a leak or a double release")
  func everyIndex() {
    Counted.live = 0
    for n in 0..<10 {
      for index in 0...n {
        do {
          var array = (0..<n).map { Counted($0 < index ? $0 : $0 + 1) }
          var model = (0..<n).map { $0 < index ? $0 : $0 + 1 }
          array.insertCheaply(Counted(index), at: index)
          model.insert(index, at: index)
          #expect(array.map(\.value) == model, "n \(n) index \(index)")
          #expect(array.map(\.value) == Array(0...n))
          #expect(Counted.live == n + 1)
          // A copy shares the storage: the insert must copy it first, and leave the copy alone.
          let copy = array
          array.insertCheaply(Counted(-1), at: index)
          #expect(copy.map(\.value) == Array(0...n))
          #expect(array[index].value == -1 && array.count == n + 2)
          #expect(Counted.live == n + 2)
        }
        #expect(Counted.live == 0, "n \(n) index \(index)")
      }
    }
  }

  @Test("Inserts strings and optionals at the front, middle and end")
  func strings() {
    var array: [String?] = []
    array.insertCheaply("b", at: 0)
    array.insertCheaply(nil, at: 1)
    array.insertCheaply(String(repeating: "a", count: 40), at: 0)
    array.insertCheaply("c", at: 2)
    #expect(array == [String(repeating: "a", count: 40), "b", "c", nil])
  }
}
