// swift-format-ignore-file
// (Stand-ins for Apple's SDK: their names and shapes are Apple's, not this project's API.)
// Stand-in for Apple's Foundation, for Scripts/apple-typecheck.sh. Declarations only: this is
// type-checked against, never linked or run, so the bodies return placeholders.
//
// It declares what the library targets use, with the signatures, conformances and availability
// of Apple's SDK as developer.apple.com documents them. A declaration without @available is
// older than macOS 10.15, iOS 13, tvOS 13 and watchOS 6 (the oldest versions Swift itself
// supports there); a newer one carries Apple's @available for macOS, iOS, tvOS and watchOS, and
// visionOS takes the iOS version through the check's version map unless it is named. A class is
// declared Sendable only where Apple's documentation says it is: when in doubt, leave it out,
// so that the check reports a use that may not compile rather than hide it.
//
// Objective-C methods are imported into Swift with @discardableResult, so they carry it here
// wherever they return a value; the Swift-only APIs (Data, URL, Date, JSONEncoder, ...) do not.
//
// When the check prints `stub gap:`, the code uses something missing here: add it next to its
// type, with Apple's availability, and run the check again (Scripts/apple-typecheck/README.md).
@_exported import Darwin
@_exported import Dispatch

// MARK: - Objects and locks

open class NSObject {
  public init() {}
}

public protocol NSLocking {
  func lock()
  func unlock()
}

extension NSLocking {
  // Emitted into the client by Apple's SDK, so usable on every OS version (docs: iOS 8+).
  public func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}

// Sendable in Apple's SDK (NS_SWIFT_SENDABLE).
open class NSLock: NSObject, NSLocking, @unchecked Sendable {
  open func lock() {}
  open func unlock() {}
  @discardableResult open func `try`() -> Bool { true }
  open var name: String?
}

// MARK: - Time: dates, time zones, calendars, formatters

public typealias TimeInterval = Double

public struct Date: Hashable, Comparable, Codable, Sendable {
  public init() {}
  public init(timeIntervalSince1970: TimeInterval) {}
  public init(timeIntervalSinceNow: TimeInterval) {}
  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  public static var now: Date { Date() }
  public static var distantPast: Date { Date() }
  public static var distantFuture: Date { Date() }
  public var timeIntervalSince1970: TimeInterval { 0 }
  public func timeIntervalSince(_ date: Date) -> TimeInterval { 0 }
  public func addingTimeInterval(_ timeInterval: TimeInterval) -> Date { self }
  public static func < (lhs: Date, rhs: Date) -> Bool { false }
  public static func + (lhs: Date, rhs: TimeInterval) -> Date { lhs }
  public static func - (lhs: Date, rhs: TimeInterval) -> Date { lhs }
}

public struct TimeZone: Hashable, Codable, Sendable {
  public init?(identifier: String) {}
  public init?(secondsFromGMT seconds: Int) {}
  public static var current: TimeZone { TimeZone(secondsFromGMT: 0)! }
  public static var autoupdatingCurrent: TimeZone { TimeZone(secondsFromGMT: 0)! }
  public var identifier: String { "" }
  public func secondsFromGMT(for date: Date = Date()) -> Int { 0 }
}

public struct Calendar: Hashable, Codable, Sendable {
  public enum Identifier: Hashable, Codable, Sendable { case gregorian, iso8601 }
  public init(identifier: Identifier) {}
  public static var current: Calendar { Calendar(identifier: .gregorian) }
  public var timeZone: TimeZone = .current
  public func isDate(_ date1: Date, inSameDayAs date2: Date) -> Bool { false }
  public func startOfDay(for date: Date) -> Date { date }
}

@available(macOS 10.12, iOS 10, tvOS 10, watchOS 3, *)
open class ISO8601DateFormatter: NSObject {
  public struct Options: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let withYear = Options(rawValue: 1 << 0)
    public static let withMonth = Options(rawValue: 1 << 1)
    public static let withDay = Options(rawValue: 1 << 4)
    public static let withTime = Options(rawValue: 1 << 5)
    public static let withTimeZone = Options(rawValue: 1 << 6)
    @available(macOS 10.13, iOS 11, tvOS 11, watchOS 4, *)
    public static let withFractionalSeconds = Options(rawValue: 1 << 11)
    public static let withFullDate = Options(rawValue: 275)
    public static let withInternetDateTime = Options(rawValue: 1907)
  }
  public override init() {}
  open var formatOptions: Options = .withInternetDateTime
  open var timeZone: TimeZone! = TimeZone(secondsFromGMT: 0)
  @discardableResult open func date(from string: String) -> Date? { nil }
  @discardableResult open func string(from date: Date) -> String { "" }
}

// MARK: - Identifiers, bundles, defaults

public struct UUID: Hashable, Codable, Sendable {
  public init() {}
  public init?(uuidString string: String) {}
  public var uuidString: String { "" }
}

open class Bundle: NSObject {
  open class var main: Bundle { Bundle() }
  open var bundleIdentifier: String? { nil }
  @discardableResult open func object(forInfoDictionaryKey key: String) -> Any? { nil }
}

open class UserDefaults: NSObject {
  open class var standard: UserDefaults { UserDefaults() }
  public override init() {}
  public init?(suiteName suitename: String?) {}
  @discardableResult open func object(forKey defaultName: String) -> Any? { nil }
  @discardableResult open func data(forKey defaultName: String) -> Data? { nil }
  open func set(_ value: Any?, forKey defaultName: String) {}
  open func removeObject(forKey defaultName: String) {}
  @discardableResult open func synchronize() -> Bool { true }
}

// MARK: - Data and URLs

public protocol DataProtocol: RandomAccessCollection where Element == UInt8 {}

public protocol MutableDataProtocol: DataProtocol, MutableCollection, RangeReplaceableCollection
{}

public struct Data: Hashable, Codable, Sendable, MutableDataProtocol {
  public typealias Index = Int
  public typealias Indices = Range<Int>
  public typealias SubSequence = Data  // Apple's Data is its own slice

  public init() {}
  public init<S: Sequence>(_ elements: S) where S.Element == UInt8 {}
  public init(contentsOf url: URL, options: ReadingOptions = []) throws {}

  public struct ReadingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
  }
  public struct WritingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let atomic = WritingOptions(rawValue: 1 << 0)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { 0 }
  public subscript(position: Int) -> UInt8 {
    get { 0 }
    set {}
  }
  public subscript(bounds: Range<Int>) -> Data {
    get { self }
    set {}
  }
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == UInt8 {}
  public mutating func append(_ other: Data) {}
  public func write(to url: URL, options: WritingOptions = []) throws {}
}

public struct URL: Hashable, Codable, Sendable {
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public enum DirectoryHint: Sendable {
    case isDirectory, notDirectory, checkFileSystem, inferFromPath
  }

  public init(fileURLWithPath path: String) {}
  public init(fileURLWithPath path: String, isDirectory: Bool) {}
  public init?(string: String) {}
  public var path: String { "" }
  public var lastPathComponent: String { "" }
  public var pathExtension: String { "" }
  public func deletingLastPathComponent() -> URL { self }
  public func appendingPathComponent(_ pathComponent: String) -> URL { self }
  public func appendingPathComponent(_ pathComponent: String, isDirectory: Bool) -> URL { self }
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public func appending<S: StringProtocol>(
    path: S, directoryHint: DirectoryHint = .inferFromPath
  ) -> URL { self }
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public func path(percentEncoded: Bool = true) -> String { "" }
}

// MARK: - Files

public struct FileAttributeKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
}

open class FileManager: NSObject {
  public enum SearchPathDirectory: UInt, Sendable {
    case libraryDirectory = 5
    case documentDirectory = 9
    case cachesDirectory = 13
    case applicationSupportDirectory = 14
  }
  public struct SearchPathDomainMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let userDomainMask = SearchPathDomainMask(rawValue: 1)
  }

  open class var `default`: FileManager { FileManager() }

  @discardableResult open func urls(
    for directory: SearchPathDirectory, in domainMask: SearchPathDomainMask
  ) -> [URL] { [] }
  @available(macOS 10.12, iOS 10, tvOS 10, watchOS 3, *)
  open var temporaryDirectory: URL { URL(fileURLWithPath: "/tmp") }
  @discardableResult open func fileExists(atPath path: String) -> Bool { false }
  @discardableResult open func createFile(
    atPath path: String, contents data: Data?, attributes attr: [FileAttributeKey: Any]? = nil
  ) -> Bool { true }
  open func createDirectory(
    at url: URL, withIntermediateDirectories createIntermediates: Bool,
    attributes: [FileAttributeKey: Any]? = nil
  ) throws {}
  @discardableResult open func contentsOfDirectory(atPath path: String) throws -> [String] { [] }
  open func moveItem(at srcURL: URL, to dstURL: URL) throws {}
  open func removeItem(at URL: URL) throws {}
}

open class FileHandle: NSObject {
  public init(fileDescriptor fd: Int32, closeOnDealloc closeopt: Bool) {}
  public convenience init(forWritingTo url: URL) throws {
    self.init(fileDescriptor: -1, closeOnDealloc: true)
  }
  public convenience init(forReadingFrom url: URL) throws {
    self.init(fileDescriptor: -1, closeOnDealloc: true)
  }
  open var fileDescriptor: Int32 { -1 }
  @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
  public func write<T: DataProtocol>(contentsOf data: T) throws {}
  @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
  public func readToEnd() throws -> Data? { nil }
  @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
  open func synchronize() throws {}
  @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
  open func close() throws {}
}

// MARK: - JSON

open class JSONEncoder {
  public struct OutputFormatting: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
    @available(macOS 10.13, iOS 11, tvOS 11, watchOS 4, *)
    public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
  }
  public enum DateEncodingStrategy: Sendable {
    case deferredToDate, secondsSince1970, millisecondsSince1970
    @available(macOS 10.12, iOS 10, tvOS 10, watchOS 3, *) case iso8601
  }
  public init() {}
  open var outputFormatting: OutputFormatting = []
  open var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
  open func encode<T: Encodable>(_ value: T) throws -> Data { Data() }
}

open class JSONDecoder {
  public enum DateDecodingStrategy: Sendable {
    case deferredToDate, secondsSince1970, millisecondsSince1970
    @available(macOS 10.12, iOS 10, tvOS 10, watchOS 3, *) case iso8601
  }
  public init() {}
  open var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
  open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError() }
}

// MARK: - Errors

// A C enum in Apple's SDK, imported with its raw values.
public enum POSIXErrorCode: Int32, Sendable {
  case EPERM = 1
  case ENOENT = 2
  case EIO = 5
}

public struct POSIXError: Error, Hashable, Sendable {
  public init(_ code: POSIXErrorCode, userInfo: [String: Any] = [:]) {}
  public var code: POSIXErrorCode { .EIO }
  public static func == (lhs: POSIXError, rhs: POSIXError) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

public struct CocoaError: Error, Hashable, Sendable {
  public struct Code: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let fileNoSuchFile = Code(rawValue: 4)
    public static let fileReadUnknown = Code(rawValue: 256)
    public static let fileWriteUnknown = Code(rawValue: 512)
  }
  public init(_ code: Code, userInfo: [String: Any] = [:]) {}
  public var code: Code { .fileWriteUnknown }
  public static func == (lhs: CocoaError, rhs: CocoaError) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

public let NSFilePathErrorKey = "NSFilePath"
