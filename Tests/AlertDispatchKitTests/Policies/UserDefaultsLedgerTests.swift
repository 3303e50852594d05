import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// A defaults domain of its own for one test, so that tests running in parallel never share a
/// value.
struct TemporaryDefaults {
  let suiteName = "alertdispatch.tests.\(UUID().uuidString)"

  /// A new `UserDefaults` object over the domain, as another launch would open it.
  func open() -> UserDefaults { UserDefaults(suiteName: suiteName)! }

  func remove() {
    UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName)
  }
}

@MainActor
@Suite("UserDefaults ledger")
struct UserDefaultsLedgerTests {
  let start = date("2026-05-01 09:00")
  let key = "AlertDispatch.frequencyLedger"
  let header = "{\"format\":\"alertdispatch.frequency-ledger\",\"version\":1}\n"

  func record(
    _ key: String, _ ledger: any FrequencyLedger, minutes: Double = 0, version: String = "1.0"
  ) -> FrequencyRecord {
    FrequencyRecord(
      key: key, date: start.addingTimeInterval(minutes * 60), appVersion: version,
      launchID: ledger.launchID)
  }

  /// Opens the ledger under the default key of a new `UserDefaults` object over `domain`, and
  /// collects its diagnostics.
  func open(_ domain: TemporaryDefaults) -> (UserDefaultsFrequencyLedger, () -> [String]) {
    var messages: [String] = []
    let ledger = UserDefaultsFrequencyLedger(defaults: domain.open()) { messages.append($0) }
    return (ledger, { messages })
  }

  /// The value of a ledger holding records `a`, `b` and `c`, one minute apart.
  func threeRecordValue(in domain: TemporaryDefaults) -> Data {
    let (ledger, _) = open(domain)
    ledger.append([record("a", ledger)])
    ledger.append([record("b", ledger, minutes: 1)])
    ledger.append([record("c", ledger, minutes: 2)])
    return domain.open().data(forKey: key)!
  }

  /// The keys of the damaged copies in `domain`, sorted.
  func copyKeys(in domain: TemporaryDefaults) -> [String] {
    domain.open().dictionaryRepresentation().keys.filter { $0.hasPrefix(key + ".corrupt-") }
      .sorted()
  }

  /// The name of a damaged copy made at `date`: the key, `.corrupt-` and the UTC time to the
  /// second, such as `AlertDispatch.frequencyLedger.corrupt-20260308T070000Z`.
  func copyKey(at date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
    return key + ".corrupt-" + formatter.string(from: date)
  }

  /// Whether `copy` is named `<key>.corrupt-<timestamp>` with a timestamp within a minute of now.
  func isCopyKeyMadeNow(_ copy: String) -> Bool {
    guard copy.hasPrefix(key + ".corrupt-") else { return false }
    let stamp = String(copy.dropFirst((key + ".corrupt-").count))
    guard stamp.wholeMatch(of: #/\d{8}T\d{6}Z/#) != nil else { return false }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
    guard let date = formatter.date(from: stamp) else { return false }
    return abs(date.timeIntervalSinceNow) < 60
  }

  @Test("Opening: the default key, the given defaults; an absent value reads empty, writes nothing")
  func opening() throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let defaults = domain.open()
    var messages: [String] = []
    let ledger = UserDefaultsFrequencyLedger(defaults: defaults) { messages.append($0) }
    #expect(ledger.key == "AlertDispatch.frequencyLedger")
    #expect(ledger.defaults === defaults)
    #expect(ledger.allRecords == [])
    #expect(ledger.records(for: "a") == [])
    #expect(defaults.object(forKey: key) == nil)
    #expect(messages == [])

    ledger.append([record("a", ledger)])
    let text = String(decoding: try #require(defaults.data(forKey: key)), as: UTF8.self)
    #expect(text.hasPrefix(header))
    #expect(text.split(separator: "\n").count == 2)
  }

  @Test("Ledgers under two keys of one domain keep their records apart")
  func twoKeys() throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let defaults = domain.open()
    let main = UserDefaultsFrequencyLedger(defaults: defaults)
    let other = UserDefaultsFrequencyLedger(defaults: defaults, key: "Other.ledger")
    #expect(other.key == "Other.ledger")
    main.append([record("a", main)])
    other.append([record("b", other)])
    #expect(main.allRecords.map(\.key) == ["a"])
    #expect(other.allRecords.map(\.key) == ["b"])
    #expect(
      UserDefaultsFrequencyLedger(defaults: domain.open(), key: "Other.ledger").allRecords.map(
        \.key) == ["b"])
    #expect(UserDefaultsFrequencyLedger(defaults: domain.open()).allRecords.map(\.key) == ["a"])
  }

  @Test("A second launch reads every record, field for field, under a launch id of its own")
  func secondLaunch() {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let (first, firstMessages) = open(domain)
    let written = [
      record("promo", first, minutes: 5, version: "2.4"),
      record("category:promotion", first, minutes: 5, version: "2.4"),
      record("promo", first, minutes: 65, version: "2.5"),
    ]
    first.append([written[0], written[1]])
    first.append([written[2]])
    #expect(first.records(for: "promo") == [written[0], written[2]])

    let (second, secondMessages) = open(domain)
    #expect(second.launchID != first.launchID)
    #expect(second.records(for: "promo") == [written[0], written[2]])
    #expect(second.records(for: "category:promotion") == [written[1]])
    #expect(second.allRecords == [written[1], written[0], written[2]])
    #expect(second.allRecords.allSatisfy { $0.launchID == first.launchID })
    #expect(firstMessages() == [] && secondMessages() == [])
  }

  @Test("Each instance is a launch: its id is a UUID no other instance has, and shows carry it")
  func launchIDs() {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let ledgers = (0..<3).map { _ in open(domain).0 }
    #expect(Set(ledgers.map(\.launchID)).count == 3)
    #expect(ledgers.allSatisfy { UUID(uuidString: $0.launchID) != nil })

    let f = Fixture()
    let home = f.dispatch("home")
    home.frequencyPolicy = FrequencyPolicy(
      ledger: ledgers[0], wallClock: VirtualWallClock(start: start), appVersion: "3.0")
    f.add("tip", to: home, cap: .oncePerLaunch())
    f.presenter.tap("tip", "OK")
    f.expect(["present tip @home", "tap tip OK", "end tip: dismissed(OK)"])
    let stored = open(domain).0.records(for: "tip")
    #expect(stored.map(\.launchID) == [ledgers[0].launchID])
    #expect(stored.map(\.appVersion) == ["3.0"])
    #expect(stored.map(\.date) == [start])
    f.verify(allEnded: true)
  }

  @Test("Each key keeps its newest FrequencyCap.maximumLimit records, also in the stored value")
  func retention() {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let (ledger, _) = open(domain)
    ledger.append((0..<150).map { record("busy", ledger, minutes: Double($0)) })
    ledger.append([record("quiet", ledger)])
    let kept = ledger.records(for: "busy")
    #expect(kept.count == FrequencyCap.maximumLimit)
    #expect(kept.first?.date == start.addingTimeInterval(50 * 60))
    #expect(kept.last?.date == start.addingTimeInterval(149 * 60))
    let reopened = open(domain).0
    #expect(reopened.records(for: "busy") == kept)
    #expect(reopened.records(for: "quiet").count == 1)
  }

  @Test("Removing one key's records, then all records, reaches the stored value")
  func removals() {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let (ledger, _) = open(domain)
    ledger.append([record("a", ledger), record("b", ledger), record("a", ledger, minutes: 1)])
    ledger.removeRecords(for: "a")
    #expect(ledger.allRecords.map(\.key) == ["b"])
    #expect(open(domain).0.allRecords.map(\.key) == ["b"])
    ledger.removeAllRecords()
    #expect(ledger.allRecords == [])
    let (reopened, messages) = open(domain)
    #expect(reopened.allRecords == [])
    #expect(messages() == [], "an emptied ledger is a clean value, not damage")
  }

  @Test("The value is the file ledger's JSON lines: each ledger reads what the other wrote")
  func sameFormatAsFile() throws {
    let domain = TemporaryDefaults()
    let directory = TemporaryDirectory()
    defer {
      domain.remove()
      directory.remove()
    }
    let value = threeRecordValue(in: domain)
    let text = String(decoding: value, as: UTF8.self)
    #expect(text.hasPrefix(header))
    #expect(text.hasSuffix("\n"))
    #expect(text.split(separator: "\n").count == 4)
    let records = open(domain).0.allRecords

    try value.write(to: directory.ledgerURL)
    var fileMessages: [String] = []
    let file = FileFrequencyLedger(fileURL: directory.ledgerURL) { fileMessages.append($0) }
    #expect(file.allRecords == records)
    #expect(fileMessages == [])

    file.append([record("d", file, minutes: 3)])
    let other = TemporaryDefaults()
    defer { other.remove() }
    other.open().set(try Data(contentsOf: directory.ledgerURL), forKey: key)
    let (ledger, messages) = open(other)
    #expect(ledger.allRecords == file.allRecords)
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c", "d"])
    #expect(messages() == [])
  }

  @Test("Two instances over one key keep each other's records and removals")
  func twoInstances() {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let (first, _) = open(domain)
    let (second, _) = open(domain)
    first.append([record("a", first)])
    second.append([record("b", second)])
    first.append([record("c", first)])
    #expect(first.allRecords.map(\.key) == ["a", "b", "c"])
    #expect(open(domain).0.allRecords.map(\.key) == ["a", "b", "c"])

    // A removal by one instance is not undone by the other's next change.
    second.removeRecords(for: "a")
    first.append([record("d", first)])
    #expect(first.allRecords.map(\.key) == ["b", "c", "d"])
    second.removeAllRecords()
    first.append([record("e", first)])
    #expect(first.allRecords.map(\.key) == ["e"])
    #expect(open(domain).0.allRecords.map(\.key) == ["e"])
  }

  @Test("A value that is not data is copied aside with a diagnostic; the ledger starts empty")
  func notData() throws {
    let values: [(name: String, set: (UserDefaults, String) -> Void, isKept: (Any?) -> Bool)] = [
      ("a string", { $0.set("not a ledger", forKey: $1) }, { $0 as? String == "not a ledger" }),
      ("a number", { $0.set(42, forKey: $1) }, { ($0 as? NSNumber)?.intValue == 42 }),
      ("an array", { $0.set(["x", "y"], forKey: $1) }, { $0 as? [String] == ["x", "y"] }),
      ("a dictionary", { $0.set(["x": 1], forKey: $1) }, { $0 as? [String: Int] == ["x": 1] }),
    ]
    for value in values {
      let domain = TemporaryDefaults()
      defer { domain.remove() }
      value.set(domain.open(), key)
      let (ledger, messages) = open(domain)
      #expect(ledger.allRecords == [], "\(value.name)")
      let copies = copyKeys(in: domain)
      #expect(copies.count == 1, "\(value.name)")
      let copy = try #require(copies.first)
      #expect(isCopyKeyMadeNow(copy), "\(copy)")
      #expect(value.isKept(domain.open().object(forKey: copy)), "the copy holds \(value.name)")
      #expect(messages().count == 1, "\(value.name)")
      let message = messages().first ?? ""
      #expect(
        message.hasPrefix("frequency ledger '\(key)' in user defaults is damaged: it holds a "),
        "\(message)")
      #expect(message.contains(", not ledger data; kept a copy under '\(copy)'"), "\(message)")
      #expect(message.hasSuffix("with the 0 records that could be read"), "\(message)")

      // The key now holds an empty ledger: reopening is clean, and changes persist.
      let (reopened, again) = open(domain)
      #expect(again() == [], "\(value.name)")
      reopened.append([record("a", reopened)])
      #expect(open(domain).0.allRecords.map(\.key) == ["a"], "\(value.name)")
      #expect(copyKeys(in: domain) == [copy], "\(value.name)")
    }
  }

  @Test("Lines that are not records cost only those records; all-garbage data starts empty")
  func garbageLines() throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let bytes = LedgerData.damagingRecordB(
      threeRecordValue(in: domain), length: 12, with: [0xFF, 0x00, 0xC3, 0x28, 0x7B])
    domain.open().set(bytes, forKey: key)
    var (ledger, messages) = open(domain)
    #expect(ledger.allRecords.map(\.key) == ["a", "c"])
    var copies = copyKeys(in: domain)
    #expect(copies.count == 1)
    #expect(domain.open().data(forKey: copies[0]) == bytes, "the copy holds the damaged bytes")
    #expect(
      messages() == [
        "frequency ledger '\(key)' in user defaults is damaged: 1 of 3 record lines are unreadable; kept a copy under '\(copies[0])' and started a fresh ledger with the 2 records that could be read"
      ])
    (ledger, messages) = open(domain)
    #expect(ledger.allRecords.map(\.key) == ["a", "c"])
    #expect(messages() == [], "the recovered value is clean")

    let garbage = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
    domain.open().set(garbage, forKey: key)
    (ledger, messages) = open(domain)
    #expect(ledger.allRecords == [])
    #expect(messages().count == 1)
    #expect(messages().first?.hasSuffix("with the 0 records that could be read") == true)
    copies = copyKeys(in: domain)
    #expect(copies.count == 2)
    #expect(copies.contains { domain.open().data(forKey: $0) == garbage })
    ledger.append([record("d", ledger)])
    #expect(open(domain).0.allRecords.map(\.key) == ["d"])
  }

  @Test("A truncated value loses only the torn record; damage is copied, a clean cut is not")
  func truncatedValue() throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let whole = threeRecordValue(in: domain)
    for (cut, keys, kept) in LedgerData.cuts(of: whole) {
      for copy in copyKeys(in: domain) { domain.open().removeObject(forKey: copy) }
      let torn = whole.prefix(cut)
      domain.open().set(torn, forKey: key)
      let (ledger, messages) = open(domain)
      #expect(ledger.allRecords.map(\.key) == keys, "cut at \(cut)")
      let copies = copyKeys(in: domain)
      guard let kept else {
        #expect(copies == [] && messages() == [], "cut at \(cut)")
        continue
      }
      #expect(copies.count == 1, "cut at \(cut)")
      guard let copy = copies.first else { continue }
      #expect(domain.open().data(forKey: copy) == torn, "cut at \(cut): the copy holds the bytes")
      #expect(messages().count == 1, "cut at \(cut)")
      #expect(messages().first?.contains("kept a copy under '\(copy)'") == true, "cut at \(cut)")
      #expect(
        messages().first?.hasSuffix("with the \(kept) that could be read") == true, "cut at \(cut)")
      let (reopened, again) = open(domain)
      #expect(reopened.allRecords.map(\.key) == keys, "cut at \(cut)")
      #expect(again() == [], "cut at \(cut): the recovered value is clean")
    }
  }

  @Test("Record lines without the header line are read, with a diagnostic and a copy")
  func missingHeader() throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let whole = threeRecordValue(in: domain)
    let headless = whole.dropFirst(header.utf8.count)
    domain.open().set(Data(headless), forKey: key)
    let (ledger, messages) = open(domain)
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c"])
    #expect(messages().count == 1)
    #expect(messages().first?.contains("is damaged: its header is missing or damaged;") == true)
    #expect(messages().first?.hasSuffix("with the 3 records that could be read") == true)
    let copies = copyKeys(in: domain)
    #expect(copies.count == 1)
    #expect(domain.open().data(forKey: try #require(copies.first)) == Data(headless))
    #expect(domain.open().data(forKey: key) == whole, "the value is written again, whole")
  }

  @Test("A value written in a newer format is copied aside, not misread")
  func newerFormat() throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let text = "{\"format\":\"alertdispatch.frequency-ledger\",\"version\":2}\n{\"whatever\":1}\n"
    domain.open().set(Data(text.utf8), forKey: key)
    let (ledger, messages) = open(domain)
    #expect(ledger.allRecords == [])
    #expect(
      messages().first?.contains("it is format version 2, and this build reads version 1") == true)
    let copy = try #require(copyKeys(in: domain).first)
    #expect(domain.open().data(forKey: copy) == Data(text.utf8))
  }

  @Test("Damage that appears after opening is copied aside before the next change")
  func damageBetweenChanges() throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    _ = threeRecordValue(in: domain)
    let (ledger, messages) = open(domain)
    var bytes = try #require(domain.open().data(forKey: key))
    bytes.append(contentsOf: Array("{\"key\":\"tor".utf8))
    domain.open().set(bytes, forKey: key)
    ledger.append([record("d", ledger)])
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c", "d"])
    #expect(messages().count == 1)
    let copy = try #require(copyKeys(in: domain).first)
    #expect(domain.open().data(forKey: copy) == bytes)
    let (reopened, again) = open(domain)
    #expect(reopened.allRecords.map(\.key) == ["a", "b", "c", "d"])
    #expect(again() == [])
  }

  @Test("A damaged copy never replaces an earlier one: a copy in the same second gets -2")
  func copiesAreNeverOverwritten() throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    // Copies already made in every second around now, as if the value had been damaged then.
    let now = Date()
    let earlier = (-2...30).map { copyKey(at: now.addingTimeInterval(Double($0))) }
    for (index, name) in earlier.enumerated() { domain.open().set(index, forKey: name) }
    domain.open().set("damaged", forKey: key)
    let (ledger, messages) = open(domain)
    #expect(ledger.allRecords == [])
    let added = Set(copyKeys(in: domain)).subtracting(earlier)
    #expect(added.count == 1)
    let copy = try #require(added.first)
    #expect(copy.hasSuffix("-2"))
    #expect(earlier.contains(String(copy.dropLast(2))))
    #expect(domain.open().string(forKey: copy) == "damaged")
    for (index, name) in earlier.enumerated() {
      #expect(domain.open().integer(forKey: name) == index, "\(name) is left alone")
    }
    #expect(messages().first?.contains("kept a copy under '\(copy)'") == true)
  }

  @Test("Without a diagnose closure, damage is reported to AlertDispatch.diagnosticHandler")
  func defaultDiagnostics() {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let saved = AlertDispatch.diagnosticHandler
    defer { AlertDispatch.diagnosticHandler = saved }
    var events: [AlertEvent] = []
    AlertDispatch.diagnosticHandler = { events.append($0) }
    domain.open().set(Data("garbage".utf8), forKey: key)
    let ledger = UserDefaultsFrequencyLedger(defaults: domain.open())
    #expect(ledger.allRecords == [])
    #expect(events.count == 1)
    #expect(events.first?.dispatch == "frequency policy")
    guard case .diagnostic(let message)? = events.first?.kind else {
      Issue.record("not a diagnostic: \(String(describing: events.first))")
      return
    }
    #expect(message.hasPrefix("frequency ledger '\(key)' in user defaults is damaged: "))
    #expect(copyKeys(in: domain).count == 1)
  }
}
