// swift-format-ignore-file
// (Stand-ins for Apple's SDK: their names and shapes are Apple's, not this project's API.)
// Stand-in for Apple's Darwin module (the C library and its Swift overlay), for
// Scripts/apple-typecheck.sh. Declarations only: this is type-checked against, never linked or
// run, so the values of the constants are Darwin's but the bodies do nothing.
//
// It declares what the library targets call, with the signatures Swift imports them with. Every
// call here is POSIX or BSD and older than any OS version the check covers, and none is marked
// unavailable on tvOS or watchOS in Apple's headers (unlike fork, exec* or sigaltstack), so
// none carries @available. Swift imports C functions with @discardableResult, so those carry it
// here too; open and fcntl, variadic in C, are Swift functions of the overlay, which do not.
// Foundation re-exports this module, as Apple's Foundation does.

// MARK: - Types

public typealias pid_t = Int32
public typealias mode_t = UInt16  // Darwin's mode_t is 16 bits (Glibc's is 32)

// MARK: - errno and its values (sys/errno.h)

public var errno: Int32 {
  get { 0 }
  set {}
}

public let EPERM: Int32 = 1
public let ENOENT: Int32 = 2
public let EINTR: Int32 = 4
public let EIO: Int32 = 5
public let EEXIST: Int32 = 17
public let EINVAL: Int32 = 22
public let ENOTSUP: Int32 = 45

// MARK: - Files (fcntl.h, unistd.h, stdio.h)

public let O_RDONLY: Int32 = 0x0000
public let O_WRONLY: Int32 = 0x0001
public let O_RDWR: Int32 = 0x0002
public let O_CREAT: Int32 = 0x0200
public let O_TRUNC: Int32 = 0x0400
public let O_EXCL: Int32 = 0x0800

public let F_GETFD: Int32 = 1
public let F_SETFD: Int32 = 2
public let F_GETFL: Int32 = 3
public let F_SETFL: Int32 = 4
/// Darwin only: flush the file's data and have the drive write its own cache to the medium.
public let F_FULLFSYNC: Int32 = 51

public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { -1 }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { -1 }
@discardableResult
public func close(_ fildes: Int32) -> Int32 { 0 }
@discardableResult
public func fsync(_ fildes: Int32) -> Int32 { 0 }
// fcntl is variadic in C; Darwin's overlay gives Swift these three forms.
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { 0 }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { 0 }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { 0 }
@discardableResult
public func rename(_ old: UnsafePointer<CChar>, _ new: UnsafePointer<CChar>) -> Int32 { 0 }
@discardableResult
public func unlink(_ path: UnsafePointer<CChar>) -> Int32 { 0 }

// MARK: - Processes (unistd.h, signal.h)

@discardableResult
public func getpid() -> pid_t { 0 }
@discardableResult
public func kill(_ pid: pid_t, _ sig: Int32) -> Int32 { 0 }
