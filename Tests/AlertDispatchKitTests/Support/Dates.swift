import Foundation

let newYork = TimeZone(identifier: "America/New_York")!
let tokyo = TimeZone(identifier: "Asia/Tokyo")!

/// A date given as wall-clock time in a time zone: `date("2026-03-08 00:10", newYork)`.
func date(_ text: String, _ zone: TimeZone = newYork) -> Date {
  let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = zone
  let components = DateComponents(
    year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
    second: parts.count > 5 ? parts[5] : 0)
  return calendar.date(from: components)!
}
