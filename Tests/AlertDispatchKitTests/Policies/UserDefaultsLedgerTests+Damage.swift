import AlertDispatchKit
import AlertDispatchLedgers
import Foundation
import Testing

/// Damaged values: what the ledger reads of them, the copy it keeps, the diagnostic it sends.
extension UserDefaultsLedgerTests {
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

  @Test("A value that is not data is copied aside with a diagnostic; the ledger starts empty")
  func notData() async throws {
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
      await reopened.flush()
      #expect(open(domain).0.allRecords.map(\.key) == ["a"], "\(value.name)")
      #expect(copyKeys(in: domain) == [copy], "\(value.name)")
    }
  }

  @Test("Lines that are not records cost only those records; all-garbage data starts empty")
  func garbageLines() async throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let bytes = LedgerData.damagingRecordB(
      await threeRecordValue(in: domain), length: 12, with: [0xFF, 0x00, 0xC3, 0x28, 0x7B])
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
    await ledger.flush()
    #expect(open(domain).0.allRecords.map(\.key) == ["d"])
  }

  @Test("A truncated value loses only the torn record; damage is copied, a clean cut is not")
  func truncatedValue() async throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let whole = await threeRecordValue(in: domain)
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
  func missingHeader() async throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let whole = await threeRecordValue(in: domain)
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
  func damageBetweenChanges() async throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    _ = await threeRecordValue(in: domain)
    let (ledger, messages) = open(domain)
    var bytes = try #require(domain.open().data(forKey: key))
    bytes.append(contentsOf: Array("{\"key\":\"tor".utf8))
    domain.open().set(bytes, forKey: key)
    ledger.append([record("d", ledger)])
    await ledger.flush()
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

  @Test("Without a diagnose closure, damage is reported to the current diagnostic handler")
  func defaultDiagnostics() {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    var events: [AlertEvent] = []
    domain.open().set(Data("garbage".utf8), forKey: key)
    let ledger = withAlertDispatchSettings(AlertDispatchSettings { events.append($0) }) {
      UserDefaultsFrequencyLedger(suiteName: domain.suiteName)
    }
    #expect(ledger.allRecords == [])
    #expect(events.count == 1)
    #expect(events.first?.dispatch == "frequency ledger")
    guard case .diagnostic(let message)? = events.first?.kind else {
      Issue.record("not a diagnostic: \(String(describing: events.first))")
      return
    }
    #expect(message.hasPrefix("frequency ledger '\(key)' in user defaults is damaged: "))
    #expect(copyKeys(in: domain).count == 1)
  }
}
