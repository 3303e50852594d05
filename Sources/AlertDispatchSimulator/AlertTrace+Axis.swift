import AlertDispatchKit

extension AlertTrace {
  /// How far the axis of a trace with nothing but instant zero reaches: a run that took no time
  /// still gets an axis in seconds, not one of 1 ms steps.
  static let shortestAxis = Duration.seconds(1)

  /// The round steps ticks may take, in tenths of a power of ten milliseconds: 1, 1.5, 2, 2.5,
  /// 3, 4, 5, 6 and 8 times it.
  static let roundTenths = [10, 15, 20, 25, 30, 40, 50, 60, 80]

  /// The end of an axis that ends at `end`, or at the last recorded instant; never zero.
  func axisEnd(_ end: AlertInstant?) -> AlertInstant {
    let end = end ?? lastTime
    return end > .zero ? end : AlertInstant(offset: AlertTrace.shortestAxis)
  }

  /// The tick times of an axis from zero to `end`: the multiples, up to `end + slack`, of the
  /// smallest round step that cuts the axis into at most four parts and that `fits` accepts
  /// (its labels have room). Every label is then an exact multiple of the step, with no drift.
  static func roundTicks(
    upTo end: Duration, slack: Duration = .zero, fits: ([Duration]) -> Bool
  ) -> [Duration] {
    var base = Duration.milliseconds(1)
    while true {
      for tenths in roundTenths {
        let step = base * tenths / 10
        guard step * 4 >= end else { continue }
        var ticks: [Duration] = []
        var time = Duration.zero
        while time <= end + slack {
          ticks.append(time)
          time += step
        }
        if ticks.count <= 1 || fits(ticks) { return ticks }
      }
      base *= 10
    }
  }

  /// `time` on an axis of `columns` columns that ends at `end`, in columns: rounded down, or to
  /// the nearest column with `nearest`. Exact in nanoseconds, so a column never drifts.
  static func column(
    _ time: Duration, of columns: Int, endingAt end: Duration, nearest: Bool = false
  ) -> Int {
    let total = nanoseconds(end)
    let (high, low) = nanoseconds(time).multipliedFullWidth(by: Int64(columns))
    let (quotient, remainder) = total.dividingFullWidth((high, low))
    return nearest && remainder * 2 >= total ? Int(quotient) + 1 : Int(quotient)
  }

  /// The columns up to `time`, rounded up.
  static func columnsThrough(_ time: Duration, of columns: Int, endingAt end: Duration) -> Int {
    let total = nanoseconds(end)
    let (high, low) = nanoseconds(time).multipliedFullWidth(by: Int64(columns))
    let (quotient, remainder) = total.dividingFullWidth((high, low))
    return remainder > 0 ? Int(quotient) + 1 : Int(quotient)
  }

  static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
