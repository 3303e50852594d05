import AlertDispatchKit
import AlertDispatchLedgers
import AlertDispatchSimulator
import Foundation
import Testing

@MainActor
@Suite("UserDefaults ledger", .timeLimit(.minutes(1)))
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
    let ledger = UserDefaultsFrequencyLedger(suiteName: domain.suiteName) { messages.append($0) }
    return (ledger, { messages })
  }

  /// The value of a ledger holding records `a`, `b` and `c`, one minute apart.
  func threeRecordValue(in domain: TemporaryDefaults) async -> Data {
    let (ledger, _) = open(domain)
    ledger.append([record("a", ledger)])
    ledger.append([record("b", ledger, minutes: 1)])
    ledger.append([record("c", ledger, minutes: 2)])
    await ledger.flush()
    return domain.open().data(forKey: key)!
  }

  @Test("Opening: the default key, the given defaults; an absent value reads empty, writes nothing")
  func opening() async throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let defaults = domain.open()
    var messages: [String] = []
    let ledger = UserDefaultsFrequencyLedger(suiteName: domain.suiteName) { messages.append($0) }
    #expect(ledger.key == "AlertDispatch.frequencyLedger")
    #expect(ledger.suiteName == domain.suiteName)
    #expect(ledger.allRecords == [])
    #expect(ledger.records(for: "a") == [])
    #expect(defaults.object(forKey: key) == nil)
    #expect(messages == [])

    ledger.append([record("a", ledger)])
    #expect(ledger.records(for: "a").count == 1, "read from memory at once")
    await ledger.flush()
    let text = String(decoding: try #require(defaults.data(forKey: key)), as: UTF8.self)
    #expect(text.hasPrefix(header))
    #expect(text.split(separator: "\n").count == 2)
  }

  @Test("Ledgers under two keys of one domain keep their records apart")
  func twoKeys() async throws {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let main = UserDefaultsFrequencyLedger(suiteName: domain.suiteName)
    let other = UserDefaultsFrequencyLedger(suiteName: domain.suiteName, key: "Other.ledger")
    #expect(other.key == "Other.ledger")
    main.append([record("a", main)])
    other.append([record("b", other)])
    await main.flush()
    await other.flush()
    #expect(main.allRecords.map(\.key) == ["a"])
    #expect(other.allRecords.map(\.key) == ["b"])
    #expect(
      UserDefaultsFrequencyLedger(suiteName: domain.suiteName, key: "Other.ledger").allRecords.map(
        \.key) == ["b"])
    #expect(UserDefaultsFrequencyLedger(suiteName: domain.suiteName).allRecords.map(\.key) == ["a"])
  }

  @Test("A second launch reads every record, field for field, under a launch id of its own")
  func secondLaunch() async {
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
    await first.flush()

    let (second, secondMessages) = open(domain)
    #expect(second.launchID != first.launchID)
    #expect(second.records(for: "promo") == [written[0], written[2]])
    #expect(second.records(for: "category:promotion") == [written[1]])
    #expect(second.allRecords == [written[1], written[0], written[2]])
    #expect(second.allRecords.allSatisfy { $0.launchID == first.launchID })
    #expect(firstMessages() == [] && secondMessages() == [])
  }

  @Test("Each instance is a launch: its id is a UUID no other instance has, and shows carry it")
  func launchIDs() async {
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
    await ledgers[0].flush()
    let stored = open(domain).0.records(for: "tip")
    #expect(stored.map(\.launchID) == [ledgers[0].launchID])
    #expect(stored.map(\.appVersion) == ["3.0"])
    #expect(stored.map(\.date) == [start])
    f.verify(allEnded: true)
  }

  @Test("Each key keeps its newest FrequencyCap.maximumLimit records, also in the stored value")
  func retention() async {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let (ledger, _) = open(domain)
    ledger.append((0..<150).map { record("busy", ledger, minutes: Double($0)) })
    ledger.append([record("quiet", ledger)])
    let kept = ledger.records(for: "busy")
    #expect(kept.count == FrequencyCap.maximumLimit)
    #expect(kept.first?.date == start.addingTimeInterval(50 * 60))
    #expect(kept.last?.date == start.addingTimeInterval(149 * 60))
    await ledger.flush()
    let reopened = open(domain).0
    #expect(reopened.records(for: "busy") == kept)
    #expect(reopened.records(for: "quiet").count == 1)
  }

  @Test("Removing one key's records, then all records, reaches the stored value")
  func removals() async {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let (ledger, _) = open(domain)
    ledger.append([record("a", ledger), record("b", ledger), record("a", ledger, minutes: 1)])
    ledger.removeRecords(for: "a")
    #expect(ledger.allRecords.map(\.key) == ["b"])
    await ledger.flush()
    #expect(open(domain).0.allRecords.map(\.key) == ["b"])
    ledger.removeAllRecords()
    #expect(ledger.allRecords == [])
    await ledger.flush()
    let (reopened, messages) = open(domain)
    #expect(reopened.allRecords == [])
    #expect(messages() == [], "an emptied ledger is a clean value, not damage")
  }

  @Test("The value is the file ledger's JSON lines: each ledger reads what the other wrote")
  func sameFormatAsFile() async throws {
    let domain = TemporaryDefaults()
    let directory = TemporaryDirectory()
    defer {
      domain.remove()
      directory.remove()
    }
    let value = await threeRecordValue(in: domain)
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
    await file.flush()
    let other = TemporaryDefaults()
    defer { other.remove() }
    other.open().set(try Data(contentsOf: directory.ledgerURL), forKey: key)
    let (ledger, messages) = open(other)
    #expect(ledger.allRecords == file.allRecords)
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c", "d"])
    #expect(messages() == [])
  }

  @Test("Two instances over one key keep each other's records and removals")
  func twoInstances() async {
    let domain = TemporaryDefaults()
    defer { domain.remove() }
    let (first, _) = open(domain)
    let (second, _) = open(domain)
    first.append([record("a", first)])
    await first.flush()
    second.append([record("b", second)])
    await second.flush()
    first.append([record("c", first)])
    await first.flush()
    #expect(first.allRecords.map(\.key) == ["a", "b", "c"])
    #expect(open(domain).0.allRecords.map(\.key) == ["a", "b", "c"])

    // A removal by one instance is not undone by the other's next change.
    second.removeRecords(for: "a")
    await second.flush()
    first.append([record("d", first)])
    await first.flush()
    #expect(first.allRecords.map(\.key) == ["b", "c", "d"])
    second.removeAllRecords()
    await second.flush()
    first.append([record("e", first)])
    await first.flush()
    #expect(first.allRecords.map(\.key) == ["e"])
    #expect(open(domain).0.allRecords.map(\.key) == ["e"])
  }
}
