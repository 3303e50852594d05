import AlertDispatchKit
import AlertDispatchLedgers
import AlertDispatchSimulator
import Foundation
import Testing

@MainActor
@Suite("Ledgers", .timeLimit(.minutes(1)))
struct LedgerTests {
  let start = date("2026-05-01 09:00")

  func record(_ key: String, _ ledger: any FrequencyLedger, minutes: Double = 0) -> FrequencyRecord
  {
    FrequencyRecord(
      key: key, date: start.addingTimeInterval(minutes * 60), appVersion: "1.0",
      launchID: ledger.launchID)
  }

  /// Opens a file ledger that collects its diagnostics.
  func open(_ directory: TemporaryDirectory) -> (FileFrequencyLedger, () -> [String]) {
    var messages: [String] = []
    let ledger = FileFrequencyLedger(fileURL: directory.ledgerURL) { messages.append($0) }
    return (ledger, { messages })
  }

  /// A ledger file holding records `a`, `b` and `c`, and its bytes.
  func threeRecordFile(in directory: TemporaryDirectory) async -> Data {
    let (ledger, _) = open(directory)
    ledger.append([record("a", ledger)])
    ledger.append([record("b", ledger, minutes: 1)])
    ledger.append([record("c", ledger, minutes: 2)])
    await ledger.flush()
    return try! Data(contentsOf: directory.ledgerURL)
  }

  @Test("In memory: a next launch shares the records under a new launch id; retention per key")
  func inMemory() {
    let first = InMemoryFrequencyLedger()
    first.append([record("promo", first), record("category:promotion", first)])
    let second = first.nextLaunch()
    #expect(second.launchID != first.launchID)
    #expect(second.records(for: "promo") == [record("promo", first)])
    second.removeRecords(for: "promo")
    #expect(first.records(for: "promo") == [])
    #expect(first.allRecords.map(\.key) == ["category:promotion"])
    second.removeAllRecords()
    #expect(first.allRecords == [])

    for minute in 0..<150 { first.append([record("busy", first, minutes: Double(minute))]) }
    let kept = first.records(for: "busy")
    #expect(kept.count == FrequencyCap.maximumLimit)
    #expect(kept.first?.date == start.addingTimeInterval(50 * 60))
  }

  @Test("File: the file lives in Application Support by default")
  func defaultLocation() {
    let url = FileFrequencyLedger.defaultFileURL
    #expect(url.lastPathComponent == "frequency-ledger.jsonl")
    #expect(url.deletingLastPathComponent().lastPathComponent == "AlertDispatch")
  }

  @Test("File: write, reopen as a new launch; once-ever is still capped, once-per-launch is not")
  func fileReopen() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let wall = VirtualWallClock(start: start)
    func launch() -> (Fixture, AlertDispatch, () -> [String]) {
      let f = Fixture()
      let home = f.dispatch("home")
      let (ledger, messages) = open(directory)
      home.frequencyPolicy = FrequencyPolicy(ledger: ledger, wallClock: wall, appVersion: "1.0")
      return (f, home, messages)
    }
    var (f, home, messages) = launch()
    f.add("tip", to: home, cap: .onceEver())
    f.presenter.tap("tip", "OK")
    f.add("hello", to: home, cap: .oncePerLaunch())
    f.presenter.tap("hello", "OK")
    f.expect([
      "present tip @home", "tap tip OK", "end tip: dismissed(OK)",
      "present hello @home", "tap hello OK", "end hello: dismissed(OK)",
    ])
    f.verify(allEnded: true)
    await home.frequencyPolicy?.ledger.flush()
    let text = try String(contentsOf: directory.ledgerURL, encoding: .utf8)
    #expect(text.hasPrefix("{\"format\":\"alertdispatch.frequency-ledger\",\"version\":1}\n"))
    #expect(text.split(separator: "\n").count == 3)

    wall.advance(by: .seconds(86_400))
    (f, home, messages) = launch()
    f.add("tip", to: home, cap: .onceEver())
    f.add("hello", to: home, cap: .oncePerLaunch())
    f.expect([
      "end tip: cancelled(frequency capped: once ever (key tip))", "present hello @home",
    ])
    #expect(messages() == [])
    // The show of `hello` is being written: the file is whole again once the write is done.
    await home.frequencyPolicy?.ledger.flush()
    #expect(directory.names == ["frequency-ledger.jsonl"])
    f.verify()
  }

  @Test("File: a torn write (a truncated file) loses only the torn record; a copy is kept")
  func truncatedFile() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let whole = await threeRecordFile(in: directory)
    for (cut, keys, kept) in LedgerData.cuts(of: whole) {
      for copy in directory.damagedCopies { try FileManager.default.removeItem(at: copy) }
      let torn = whole.prefix(cut)
      try torn.write(to: directory.ledgerURL)
      let (ledger, messages) = open(directory)
      #expect(ledger.allRecords.map(\.key) == keys, "cut at \(cut)")
      let copies = directory.damagedCopies
      guard let kept else {
        #expect(copies == [] && messages() == [], "cut at \(cut)")
        continue
      }
      #expect(copies.count == 1, "cut at \(cut)")
      guard let copy = copies.first else { continue }
      #expect(try Data(contentsOf: copy) == torn, "the copy holds the damaged bytes")
      #expect(messages().count == 1)
      #expect(messages().first?.contains("kept a copy at '\(copy.path)'") == true)
      #expect(messages().first?.hasSuffix("with the \(kept) that could be read") == true)
      await ledger.flush()
      let (reopened, again) = open(directory)
      #expect(reopened.allRecords.map(\.key) == keys)
      #expect(again() == [], "the recovered file is clean")
    }
  }

  @Test("File: garbage bytes cost only the records they hit; an all-garbage file starts fresh")
  func garbageBytes() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let bytes = LedgerData.damagingRecordB(
      await threeRecordFile(in: directory), length: 12, with: [0xFF, 0x00, 0xC3, 0x28, 0x7B])
    try bytes.write(to: directory.ledgerURL)
    var (ledger, messages) = open(directory)
    #expect(ledger.allRecords.map(\.key) == ["a", "c"])
    #expect(
      messages().first?.contains(
        "is damaged: 1 of 3 record lines are unreadable; kept a copy at") == true)
    #expect(try Data(contentsOf: directory.damagedCopies[0]) == bytes)
    await ledger.flush()
    #expect(open(directory).0.allRecords.map(\.key) == ["a", "c"], "written to a fresh file")

    let garbage = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
    try garbage.write(to: directory.ledgerURL)
    (ledger, messages) = open(directory)
    #expect(ledger.allRecords == [])
    #expect(messages().count == 1)
    #expect(directory.damagedCopies.count == 2)
    #expect(!FileManager.default.fileExists(atPath: directory.ledgerURL.path))
    await ledger.flush()
    #expect(!FileManager.default.fileExists(atPath: directory.ledgerURL.path), "nothing to write")
    ledger.append([record("d", ledger)])
    await ledger.flush()
    #expect(open(directory).0.allRecords.map(\.key) == ["d"])
  }

  @Test("File: a write killed before its rename leaves the old file whole and a temporary behind")
  func killedBeforeRename() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let whole = await threeRecordFile(in: directory)
    let temporary = directory.url.appendingPathComponent(
      ".frequency-ledger.jsonl.tmp-\(UUID().uuidString)")
    try whole.prefix(whole.count / 2).write(to: temporary)
    let (ledger, messages) = open(directory)
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c"])
    #expect(messages() == [])
    #expect(directory.names == ["frequency-ledger.jsonl"])
  }

  @Test("File: an unreadable ledger (a directory in its place) is moved aside; a fresh one works")
  func unreadable() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      at: directory.ledgerURL, withIntermediateDirectories: false)
    let (ledger, messages) = open(directory)
    #expect(ledger.allRecords == [])
    #expect(ledger.isPersistent)
    #expect(messages().count == 1)
    #expect(messages().first?.contains("cannot be read") == true)
    #expect(directory.damagedCopies.count == 1)
    ledger.append([record("a", ledger)])
    await ledger.flush()
    #expect(open(directory).0.allRecords.map(\.key) == ["a"])
  }

  @Test("File: a directory that cannot be created leaves the ledger in memory, with a diagnostic")
  func noDirectory() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let blocker = directory.url.appendingPathComponent("blocker")
    try Data("a file".utf8).write(to: blocker)
    var messages: [String] = []
    let ledger = FileFrequencyLedger(
      fileURL: blocker.appendingPathComponent("frequency-ledger.jsonl")
    ) { messages.append($0) }
    #expect(!ledger.isPersistent)
    ledger.append([record("a", ledger)])
    await ledger.flush()
    #expect(ledger.records(for: "a").count == 1)
    #expect(messages.count == 1)
    #expect(messages.first?.contains("works in memory for this launch") == true)
  }

  @Test("File: damage that appears after opening is kept as a copy before the next write")
  func damageBetweenWrites() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    _ = await threeRecordFile(in: directory)
    let (ledger, messages) = open(directory)
    var bytes = try Data(contentsOf: directory.ledgerURL)
    bytes.append(contentsOf: Array("{\"key\":\"tor".utf8))
    try bytes.write(to: directory.ledgerURL)
    ledger.append([record("d", ledger)])
    await ledger.flush()
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c", "d"])
    #expect(messages().count == 1)
    #expect(try Data(contentsOf: directory.damagedCopies[0]) == bytes)
    #expect(open(directory).0.allRecords.map(\.key) == ["a", "b", "c", "d"])
  }

  @Test("File: two instances over one file keep each other's records")
  func twoInstances() async {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (first, _) = open(directory)
    let (second, _) = open(directory)
    first.append([record("a", first)])
    await first.flush()
    second.append([record("b", second)])
    await second.flush()
    first.append([record("c", first)])
    await first.flush()
    #expect(first.allRecords.map(\.key) == ["a", "b", "c"])
    #expect(open(directory).0.allRecords.map(\.key) == ["a", "b", "c"])
  }

  @Test("File: a file deleted by someone else is a reset; records read from a damaged one are kept")
  func deletedFile() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (ledger, messages) = open(directory)
    ledger.append([record("a", ledger)])
    ledger.append([record("b", ledger, minutes: 1)])
    await ledger.flush()
    try FileManager.default.removeItem(at: directory.ledgerURL)
    ledger.append([record("c", ledger, minutes: 2)])
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c"], "read from memory until written")
    await ledger.flush()
    #expect(ledger.allRecords.map(\.key) == ["c"])
    #expect(open(directory).0.allRecords.map(\.key) == ["c"])
    #expect(messages() == [])

    // A damaged file is moved aside by the ledger that opens it: what it could read is kept
    // through the next change, not taken for a reset.
    let damaged = TemporaryDirectory()
    defer { damaged.remove() }
    let bytes = LedgerData.damagingRecordB(
      await threeRecordFile(in: damaged), length: 4, with: [0xFF, 0x00, 0xC3, 0x28])
    try bytes.write(to: damaged.ledgerURL)
    let (reopened, _) = open(damaged)
    #expect(reopened.allRecords.map(\.key) == ["a", "c"])
    reopened.append([record("d", reopened, minutes: 3)])
    await reopened.flush()
    #expect(open(damaged).0.allRecords.map(\.key) == ["a", "c", "d"])
  }

  @Test("File: a ledger written in a newer format is kept as a copy, not misread")
  func newerFormat() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let text = "{\"format\":\"alertdispatch.frequency-ledger\",\"version\":2}\n{\"whatever\":1}\n"
    try Data(text.utf8).write(to: directory.ledgerURL)
    let (ledger, messages) = open(directory)
    #expect(ledger.allRecords == [])
    #expect(
      messages().first?.contains("it is format version 2, and this build reads version 1") == true)
    #expect(try String(contentsOf: directory.damagedCopies[0], encoding: .utf8) == text)
  }

  @Test("UserDefaults: write, reopen as a new launch, still capped")
  func userDefaultsReopen() async {
    let suite = "alertdispatch.tests.\(UUID().uuidString)"
    defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
    let wall = VirtualWallClock(start: start)
    func launch() -> (Fixture, AlertDispatch) {
      let f = Fixture()
      let home = f.dispatch("home")
      let ledger = UserDefaultsFrequencyLedger(suiteName: suite)
      home.frequencyPolicy = FrequencyPolicy(ledger: ledger, wallClock: wall, appVersion: "1.0")
      return (f, home)
    }
    var (f, home) = launch()
    f.add("tip", to: home, cap: .onceEver())
    f.presenter.tap("tip", "OK")
    f.add("hello", to: home, cap: .oncePerLaunch())
    f.presenter.tap("hello", "OK")
    f.expect([
      "present tip @home", "tap tip OK", "end tip: dismissed(OK)",
      "present hello @home", "tap hello OK", "end hello: dismissed(OK)",
    ])
    f.verify(allEnded: true)
    await home.frequencyPolicy?.ledger.flush()

    (f, home) = launch()
    f.add("tip", to: home, cap: .onceEver())
    f.add("hello", to: home, cap: .oncePerLaunch())
    f.expect([
      "end tip: cancelled(frequency capped: once ever (key tip))", "present hello @home",
    ])
    f.verify()
  }

  @Test("UserDefaults: a damaged value is copied aside and the readable records are kept")
  func userDefaultsDamage() async throws {
    let suite = "alertdispatch.tests.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    let key = "AlertDispatch.frequencyLedger"
    var messages: [String] = []
    func open() -> UserDefaultsFrequencyLedger {
      UserDefaultsFrequencyLedger(suiteName: suite) { messages.append($0) }
    }
    func copies() -> [String] {
      defaults.dictionaryRepresentation().keys.filter { $0.hasPrefix(key + ".corrupt-") }.sorted()
    }

    defaults.set("not a ledger", forKey: key)
    var ledger = open()
    #expect(ledger.allRecords == [])
    #expect(messages.count == 1)
    #expect(messages.first?.contains("it holds a") == true)
    #expect(copies().count == 1)
    #expect(defaults.string(forKey: copies()[0]) == "not a ledger")

    ledger.append([record("a", ledger), record("b", ledger)])
    await ledger.flush()
    var data = try #require(defaults.data(forKey: key))
    data.removeLast(4)
    defaults.set(data, forKey: key)
    ledger = open()
    #expect(ledger.allRecords.map(\.key) == ["a"])
    #expect(messages.count == 2)
    #expect(messages.last?.hasSuffix("with the 1 record that could be read") == true)
    #expect(copies().count == 2)
    messages = []
    #expect(open().allRecords.map(\.key) == ["a"])
    #expect(messages == [])
  }
}
