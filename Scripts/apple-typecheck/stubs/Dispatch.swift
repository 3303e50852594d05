// swift-format-ignore-file
// (Stand-ins for Apple's SDK: their names and shapes are Apple's, not this project's API.)
// Stand-in for Apple's Dispatch module, for Scripts/apple-typecheck.sh. Declarations only: this
// is type-checked against, never linked or run.
//
// Only what the library targets use, with the signatures of Apple's SDK: the queue is Sendable
// and the work it runs is a @Sendable block. All of it is older than any OS version the check
// covers, so nothing carries @available.

public struct DispatchQoS: Equatable, Sendable {
  public enum QoSClass: Sendable {
    case background, utility, `default`, userInitiated, userInteractive, unspecified
  }

  public let qosClass: QoSClass
  public let relativePriority: Int

  public init(qosClass: QoSClass, relativePriority: Int) {
    self.qosClass = qosClass
    self.relativePriority = relativePriority
  }

  public static let background = DispatchQoS(qosClass: .background, relativePriority: 0)
  public static let utility = DispatchQoS(qosClass: .utility, relativePriority: 0)
  public static let `default` = DispatchQoS(qosClass: .default, relativePriority: 0)
  public static let userInitiated = DispatchQoS(qosClass: .userInitiated, relativePriority: 0)
  public static let userInteractive = DispatchQoS(qosClass: .userInteractive, relativePriority: 0)
  public static let unspecified = DispatchQoS(qosClass: .unspecified, relativePriority: 0)
}

public struct DispatchTime: Comparable, Sendable {
  public let uptimeNanoseconds: UInt64
  public init(uptimeNanoseconds: UInt64) { self.uptimeNanoseconds = uptimeNanoseconds }
  public static func now() -> DispatchTime { DispatchTime(uptimeNanoseconds: 0) }
  public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool { false }
  public static func + (time: DispatchTime, seconds: Double) -> DispatchTime { time }
}

public final class DispatchQueue: @unchecked Sendable {
  public struct Attributes: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let concurrent = Attributes(rawValue: 1 << 1)
  }

  public init(
    label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
    target: DispatchQueue? = nil
  ) {}

  public class var main: DispatchQueue { DispatchQueue(label: "com.apple.main-thread") }
  public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { main }

  public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {}
  public func asyncAfter(
    deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {}
  public func sync<T>(execute work: () throws -> T) rethrows -> T { try work() }
}
