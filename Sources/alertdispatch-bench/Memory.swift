import AlertDispatchKit
import AlertDispatchSimulator

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes the allocator reports in use (`mallinfo2()`: `uordblks`, plus `hblkhd` so that large
/// blocks served by `mmap` count too), or `nil` where it is not available.
///
/// Glibc's Swift module map leaves `<malloc.h>` out, so the function is looked up with `dlsym`.
/// On x86-64 a C function that returns a struct this large takes the address of the result as
/// its first argument, which is the signature it is called with here.
func heapBytesInUse() -> Int? {
  #if canImport(Glibc) && arch(x86_64)
    typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> Void
    guard let symbol = dlsym(nil, "mallinfo2") else { return nil }
    let mallinfo2 = unsafeBitCast(symbol, to: MallInfo2.self)
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 10) { fields in
      fields.initialize(repeating: 0)
      mallinfo2(fields.baseAddress!)
      // arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost
      return fields[7] + fields[4]
    }
  #else
    return nil
  #endif
}

/// Heap bytes per alert held queued by a paused dispatch: the allocator's bytes in use after
/// adding n alerts minus before, divided by n. The requests are built before the first reading,
/// so the figure is what the dispatch allocates to hold an alert (handle, indexes, queue slot).
@MainActor
func bytesPerQueuedAlert(n: Int) -> Double? {
  let scenario = Scenario(.burst, n: n, seed: 8)
  let clock = VirtualClock()
  let dispatch = AlertDispatch(
    name: "memory", clock: clock, presenter: ClosurePresenter(present: { _ in .presented }))
  dispatch.pause()
  // The requests must outlive the second reading: freed after their last use, they would be
  // subtracted from the figure (an earlier version of this function under-reported by the size
  // of a request, about 300 bytes).
  return withExtendedLifetime(scenario) {
    guard let before = heapBytesInUse() else { return nil }
    for alert in scenario.alerts { dispatch.add(alert.request) }
    guard let after = heapBytesInUse() else { return nil }
    dispatch.close()
    return Double(after - before) / Double(n)
  }
}
