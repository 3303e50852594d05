import AlertDispatchKit
import Testing

/// `AlertRequest` keeps its timing, content, cap and category out of line, in one object, and
/// `AlertLane` its fields in another (to keep a queued alert small); both compare by value:
/// these tests pin that every field still counts in equality and survives a change of another.
@MainActor
@Suite("Request values", .timeLimit(.minutes(1)))
struct RequestValueTests {
  @Test("Equal fields make equal requests, whether timing was given or defaulted")
  func equalFields() {
    let plain = AlertRequest(id: "a")
    #expect(plain == AlertRequest(id: "a", timing: AlertTiming()))
    #expect(plain.timing == AlertTiming())
    #expect(plain.cap == nil)
  }

  @Test("A request reads back the timing and cap it was given, and changes them in place")
  func readsBack() {
    var request = AlertRequest(
      id: "a", timing: AlertTiming(expiry: .seconds(30), autoDismiss: .seconds(2)),
      cap: .oncePerLaunch())
    #expect(request.timing.expiry == .seconds(30))
    #expect(request.timing.autoDismiss == .seconds(2))
    #expect(request.cap == .oncePerLaunch())
    request.timing.delay = .seconds(1)
    #expect(
      request.timing
        == AlertTiming(expiry: .seconds(30), delay: .seconds(1), autoDismiss: .seconds(2)))
    request.timing = AlertTiming()
    #expect(request == AlertRequest(id: "a", cap: .oncePerLaunch()))
    request.cap = nil
    #expect(request == AlertRequest(id: "a"))
  }

  @Test("A request reads back the content it was given, and changes it in place")
  func readsBackContent() {
    let content = AlertContent(title: "Rate us", message: "Please", buttons: ["Later", "Rate"])
    var request = AlertRequest(id: "a", content: content)
    #expect(request.content == content)
    #expect(AlertRequest(id: "a").content == AlertContent())
    request.content.buttons.append("Never")
    #expect(request.content.buttons == ["Later", "Rate", "Never"])
    #expect(request != AlertRequest(id: "a", content: content))
    request.content = AlertContent()
    #expect(request == AlertRequest(id: "a"))
  }

  @Test(
    "Requests that differ in any one field are not equal",
    arguments: [
      "id", "priority", "dependencies", "lane", "interruption", "style", "readiness",
      "duplicates", "timing", "content", "cap", "category",
    ])
  func differingField(_ field: String) {
    let other =
      switch field {
      case "id": AlertRequest(id: "b")
      case "priority": AlertRequest(id: "a", priority: .high)
      case "dependencies": AlertRequest(id: "a", after: ["x"])
      case "lane": AlertRequest(id: "a", lane: AlertLane("toast"))
      case "interruption": AlertRequest(id: "a", interruption: .cancel)
      case "style": AlertRequest(id: "a", style: .cover)
      case "readiness": AlertRequest(id: "a", readiness: .pending)
      case "duplicates": AlertRequest(id: "a", duplicates: .replaceExisting)
      case "timing": AlertRequest(id: "a", timing: AlertTiming(delay: .seconds(1)))
      case "content": AlertRequest(id: "a", content: AlertContent(title: "Hi"))
      case "cap": AlertRequest(id: "a", cap: .oncePerLaunch())
      case "category": AlertRequest(id: "a", category: "promotion")
      default: AlertRequest(id: "a")  // an unknown name fails the expectation below
      }
    #expect(AlertRequest(id: "a") != other)
  }

  @Test("Setting one of the out-of-line fields keeps the other three")
  func outOfLineFieldsKeepEachOther() {
    let timing = AlertTiming(expiry: .seconds(30))
    let content = AlertContent(title: "Hi")
    var request = AlertRequest(id: "a")
    request.category = "promotion"
    request.timing = timing
    request.content = content
    request.cap = .oncePerLaunch()
    #expect(
      request
        == AlertRequest(
          id: "a", timing: timing, content: content, cap: .oncePerLaunch(), category: "promotion"))
    request.timing = AlertTiming()
    #expect(request.content == content)
    #expect(request.cap == .oncePerLaunch())
    #expect(request.category == "promotion")
    request.category = nil
    request.content = AlertContent()
    #expect(request != AlertRequest(id: "a"))
    request.cap = nil
    #expect(request == AlertRequest(id: "a"))
  }

  @Test("Lanes equal and hash by name, capacity and gap, also after one of them changes")
  func laneValues() {
    let toast = AlertLane("toast", capacity: .unlimited, minimumGap: .milliseconds(150))
    #expect(toast == AlertLane("toast", capacity: .unlimited, minimumGap: .milliseconds(150)))
    #expect(
      toast.hashValue
        == AlertLane("toast", capacity: .unlimited, minimumGap: .milliseconds(150)).hashValue)
    #expect(toast != AlertLane("toasts", capacity: .unlimited, minimumGap: .milliseconds(150)))
    #expect(toast != AlertLane("toast", capacity: .limited(2), minimumGap: .milliseconds(150)))
    #expect(toast != AlertLane("toast", capacity: .unlimited))
    var lane = toast
    lane.capacity = .limited(3)
    #expect(lane.capacity == .limited(3))
    #expect(lane.name == "toast" && lane.minimumGap == .milliseconds(150))
    #expect(toast.capacity == .unlimited)
    lane.name = "banner"
    #expect(lane.capacity == .limited(3) && lane.minimumGap == .milliseconds(150))
    lane.minimumGap = .zero
    #expect(lane.name == "banner" && lane.capacity == .limited(3))
    #expect(lane == AlertLane("banner", capacity: .limited(3)))
    #expect(Set([toast, lane, AlertLane("banner", capacity: .limited(3))]).count == 2)
    lane.name = "toast"
    lane.capacity = .unlimited
    lane.minimumGap = .milliseconds(150)
    #expect(lane == toast)
  }

  @Test("A lane renamed after it was made competes under its new name")
  func renamedLaneIsItsNewName() {
    let f = Fixture()
    let home = f.dispatch("home")
    var renamed = AlertLane.modal
    renamed.name = "renamed"
    f.add("alert", to: home)
    f.add("other", to: home, lane: renamed)
    // Under the modal lane's name, the second alert would wait for the first.
    f.expect(["present alert @home", "present other @home"])
    #expect(home.alert(withID: "other")?.request.lane.name == "renamed")
    #expect(AlertLane.modal.name == "modal")
    f.verify()
  }

  @Test("The default lane is one value however it is made, and a lane changed back to it is it")
  func defaultLaneIsOneValue() {
    let spelled = AlertLane("modal")
    #expect(spelled == .modal)
    #expect(spelled.hashValue == AlertLane.modal.hashValue)
    #expect(
      spelled.name == "modal" && spelled.capacity == .limited(1) && spelled.minimumGap == .zero)
    // The same name with another capacity or gap is another lane.
    #expect(AlertLane("modal", capacity: .limited(2)) != .modal)
    #expect(AlertLane("modal", minimumGap: .seconds(1)) != .modal)
    var changed = AlertLane.modal
    changed.capacity = .unlimited
    #expect(changed != .modal && changed.name == "modal" && changed.capacity == .unlimited)
    changed.capacity = .limited(1)
    #expect(changed == .modal)
    #expect(Set([AlertLane.modal, spelled, changed]).count == 1)
    // Alerts in the two spellings compete for one lane.
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("first", to: home, lane: .modal)
    f.add("second", to: home, lane: spelled)
    f.expect(["present first @home"])
    f.verify()
  }

  @Test("An id equals and hashes as its text, also after its text is changed")
  func idHashesItsText() {
    var id: AlertID = "first"
    #expect(id == AlertID("first"))
    #expect(id != AlertID("second"))
    id.rawValue = "second"
    #expect(id == AlertID("second"))
    #expect(id.hashValue == AlertID("second").hashValue)
    var table: [AlertID: Int] = [AlertID("second"): 2]
    #expect(table[id] == 2)
    table[id] = nil
    #expect(table.isEmpty)
    #expect(Set<AlertID>(["a", "b", "a"]).count == 2)
    #expect(AlertID("a") < AlertID("b"))
  }
}

extension RequestValueTests {
  /// `AlertRequest`'s rare fields share one object that compares by value: two requests that
  /// both set rare fields and differ in one of them are not equal (a request of defaults has no
  /// object, so comparing with it alone would not reach the object's equality).
  @Test(
    "Requests that both set rare fields differ when one rare field differs",
    arguments: ["timing", "content", "cap", "category"])
  func rareFieldsCompareByValue(_ field: String) {
    func request(_ changed: String?) -> AlertRequest {
      AlertRequest(
        id: "a",
        timing: AlertTiming(expiry: .seconds(changed == "timing" ? 31 : 30)),
        content: AlertContent(title: changed == "content" ? "Hello" : "Hi"),
        cap: changed == "cap" ? .oncePerLaunch() : .onceEver(),
        category: changed == "category" ? "news" : "promotion")
    }
    #expect(request(nil) == request(nil))
    #expect(request(nil) != request(field))
    var edited = request(nil)
    switch field {
    case "timing": edited.timing = request(field).timing
    case "content": edited.content = request(field).content
    case "cap": edited.cap = request(field).cap
    default: edited.category = request(field).category
    }
    #expect(edited == request(field))
    #expect(edited != request(nil))
  }
}
