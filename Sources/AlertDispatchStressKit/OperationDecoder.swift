/// Turns bytes into operations: the one decoder behind both the seeded stress tool and the
/// fuzzer, so a fuzzer input and a seed exercise the same operations.
///
/// The first byte of an operation picks its kind by weight (alerts and time are common,
/// relaunches rare); the following bytes fill its fields. Any byte string decodes.
package enum OperationDecoder {
  private enum Kind: CaseIterable {
    case add, readd, ready, tap, cancel, dismiss, finishPresenting, explain
    case root, push, pop, popToRoot, setStack, select, present, dismissModal
    case background, foreground, link, close, pause, resume, refuseOn, refuseOff
    case advance, relaunch, setParent, setProvider, setActiveChild, setVisible, arbitrate
    case passScheduling, endTurn, release, cancelAll, pauseScoped, releasePause

    var weight: Int {
      switch self {
      case .add: 24
      case .advance: 16
      case .tap: 9
      case .ready, .cancel: 5
      case .dismiss, .push, .pop, .select, .present, .dismissModal: 4
      case .setParent, .setProvider: 3
      case .setActiveChild: 2
      case .background, .foreground, .close, .pause, .resume, .root, .readd, .explain: 2
      case .finishPresenting, .popToRoot, .setStack, .link, .refuseOn, .refuseOff: 1
      case .setVisible, .arbitrate, .relaunch: 1
      // Given their bytes in `kinds` instead.
      case .passScheduling, .endTurn, .release, .cancelAll, .pauseScoped, .releasePause: 0
      }
    }
  }

  /// The kind of each first byte. The weighted kinds repeat over the 256 values (with the
  /// weights above, bytes 232 to 255 are adds); the last nine bytes then pick the release of a
  /// free-standing dispatch (1), pass scheduling (2) and the end of a turn (6), so that every
  /// other byte decodes as it did before coalesced passes were added, and seeds and fuzz inputs
  /// mostly replay the operations they did.
  private static let kinds: [Kind] = {
    let weighted = Kind.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
    var table = (0..<256).map { weighted[$0 % weighted.count] }
    table[244] = .pauseScoped
    table[245] = .releasePause
    table[246] = .cancelAll
    table[247] = .release
    for byte in 248..<256 { table[byte] = byte < 250 ? .passScheduling : .endTurn }
    return table
  }()

  /// Decodes an episode: a header of presenter behaviour, a prologue that builds screens, then
  /// operations while the source lasts, at most `maxOperations` in all.
  package static func episode<Source: ByteSource>(
    from source: inout Source, maxOperations: Int
  ) -> StressEpisode {
    let header = source.byte()
    let presenter = source.byte()
    var episode = StressEpisode(
      presentTime: presenter & 0x7, dismissTime: (presenter >> 3) & 0x7,
      transitionTime: (presenter >> 6) & 0x3, completesDismissals: header & 0xF0 != 0,
      operations: [])
    episode.operations = Array(prologue(header, &source).prefix(maxOperations))
    while episode.operations.count < maxOperations && !source.isExhausted {
      episode.operations.append(operation(from: &source))
    }
    return episode
  }

  /// The structure most episodes start with: a root, often a linked domain, sometimes a
  /// second window.
  private static func prologue<Source: ByteSource>(_ header: UInt8, _ source: inout Source)
    -> [StressOperation]
  {
    var operations: [StressOperation] = []
    if header & 0x1 == 0 {
      operations.append(.root(window: 0, screen: .fresh(shape(source.byte()))))
    }
    switch (header >> 1) & 0x3 {
    case 0: operations.append(.link(.window(0)))
    case 1: operations.append(.link(.screen(0)))
    default: break
    }
    if header & 0x8 != 0 {
      operations.append(.root(window: 3, screen: .fresh(shape(source.byte()))))
    }
    return operations
  }

  /// Decodes one operation.
  package static func operation<Source: ByteSource>(from source: inout Source) -> StressOperation {
    let kind = kinds[Int(source.byte())]
    switch kind {
    case .add: return .add(spec(&source))
    case .readd: return .readd(alert: source.byte())
    case .ready: return .ready(alert: source.byte())
    case .tap: return .tap(alert: source.byte(), button: source.byte() & 0x3)
    case .cancel: return .cancel(alert: source.byte())
    case .cancelAll:
      return .cancelAll(owner(&source), selection: source.byte(), subtree: flag(&source))
    case .dismiss: return .dismiss(alert: source.byte())
    case .finishPresenting: return .finishPresenting(alert: source.byte())
    case .explain: return .explain(alert: source.byte())
    case .root: return .root(window: source.byte(), screen: choice(&source))
    case .push:
      return .push(nav: source.byte(), screen: choice(&source), animated: flag(&source))
    case .pop: return .pop(nav: source.byte(), animated: flag(&source))
    case .popToRoot: return .popToRoot(nav: source.byte(), animated: flag(&source))
    case .setStack:
      return .setStack(
        nav: source.byte(), keep: source.byte() & 0x3, add: choice(&source),
        animated: flag(&source))
    case .select: return .select(tabs: source.byte(), tab: source.byte())
    case .present:
      let over = source.byte()
      let modal = choice(&source)
      let bits = source.byte()
      return .present(over: over, modal: modal, fullScreen: bits & 1 != 0, animated: bits & 2 != 0)
    case .dismissModal: return .dismissModal(screen: source.byte(), animated: flag(&source))
    case .background: return .background(window: source.byte())
    case .foreground: return .foreground(window: source.byte())
    case .link: return .link(owner(&source))
    case .close: return .close(owner(&source))
    case .pause: return .pause(owner(&source))
    case .pauseScoped: return .pauseScoped(owner(&source), scope: source.byte())
    case .releasePause: return .releasePause(token: source.byte())
    case .resume: return .resume(owner(&source))
    case .refuseOn: return .refuse(true)
    case .refuseOff: return .refuse(false)
    case .advance:
      let steps = StressTables.advances
      return .advance(milliseconds: steps[Int(source.byte()) % steps.count])
    case .relaunch: return .relaunch
    case .setParent:
      let raw = source.byte()
      return .setParent(raw: raw, parent: flag(&source) ? owner(&source) : nil)
    case .setProvider:
      let raw = source.byte()
      return .setProvider(raw: raw, child: flag(&source) ? owner(&source) : nil)
    case .setActiveChild:
      let raw = source.byte()
      return .setActiveChild(raw: raw, child: flag(&source) ? owner(&source) : nil)
    case .setVisible: return .setVisible(raw: source.byte(), visible: flag(&source))
    case .arbitrate: return .arbitrate(owner(&source))
    case .passScheduling:
      // Mostly coalesced, and mostly at the root, where it takes effect.
      let bits = source.byte()
      return .setPassScheduling(
        owner(&source), coalesced: bits & 0x3 != 0, atRoot: bits & 0xC != 0)
    case .endTurn: return .endTurn
    case .release: return .release(raw: source.byte())
    }
  }

  /// An alert spec: mostly ordinary alerts, with options and misuse mixed in by chance.
  static func spec<Source: ByteSource>(_ source: inout Source) -> AlertSpec {
    let bits = source.byte()
    let more = source.byte()
    var spec = AlertSpec(owner: owner(&source))
    spec.priority = source.byte()
    // From bits of the priority's byte that its choice reads only modulo the table: no byte
    // more, so that older seeds decode into the same operations.
    spec.endsOffstage = spec.priority & 0xE0 == 0xE0
    spec.ignoresPause = spec.priority & 0xE0 == 0x80
    spec.showsNext = spec.priority & 0xE0 == 0xC0
    spec.showsNowOrDrops = spec.priority & 0xE0 == 0xA0
    // 200 ms to 2 s, from the bits above the priority's choice in its table.
    spec.minimumDisplay = spec.priority & 0xE0 == 0x60 ? 1 + (spec.priority >> 3) & 0x3 : 0
    spec.lane = bits & 0x3 == 0 ? mostlyValid(source.byte(), 9, StressTables.lanes.count) : 0
    if bits & 0x1C == 0x4 {
      spec.dependencies = (0...(Int(more) & 1)).map { _ in source.byte() }
    }
    spec.sharedID = bits & 0x18 == 0x18 ? source.byte() : nil
    spec.interruption = bits & 0x20 != 0 ? source.byte() : 0
    // From bits of the interruption's byte that its choice does not read: no byte more, so that
    // older seeds decode into the same operations.
    spec.waits = spec.interruption & 0x1C == 0x1C
    spec.covers = bits & 0xC0 == 0xC0
    spec.pending = more & 0x6 == 0
    spec.replaces = more & 0x38 == 0x8
    if more & 0x40 != 0 {
      let timing = source.byte()
      let count = StressTables.durations.count
      spec.deadline = timing & 0x3 == 0 ? mostlyValid(source.byte(), 7, count) : 0
      spec.expiry = timing & 0xC == 0 ? mostlyValid(source.byte(), 7, count) : 0
      spec.delay = timing & 0x30 == 0 ? mostlyValid(source.byte(), 7, count) : 0
      spec.autoDismiss = timing & 0xC0 == 0 ? mostlyValid(source.byte(), 7, count) : 0
    }
    if more & 0x80 != 0 {
      let policy = source.byte()
      spec.cap = policy & 0x3 == 0 ? mostlyValid(source.byte(), 7, StressTables.caps.count) : 0
      spec.category = policy & 0xC == 0 ? pick(source.byte(), StressTables.categories.count) : 0
      if policy & 0x70 == 0 { spec.reaction = reaction(&source) }
    }
    return spec
  }

  private static func reaction<Source: ByteSource>(_ source: inout Source) -> StressReaction {
    let when = source.byte() % 3
    let action: ReactionAction
    // Bytes 252 to 255 join a dispatch (added in the fifteenth round); below them, the choice
    // is what it was, so that older seeds decode as before until they meet one of those bytes.
    let choice = source.byte()
    switch choice >= 252 ? 6 : choice % 6 {
    case 0: action = .readd(alert: source.byte())
    case 1: action = .cancel(alert: source.byte())
    case 2: action = .ready(alert: source.byte())
    case 3: action = .close(owner(&source))
    case 4: action = .pop(nav: source.byte())
    case 5: action = .pause(owner(&source))
    default:
      let raw = source.byte()
      action = .setParent(raw: raw, parent: flag(&source) ? owner(&source) : nil)
    }
    return StressReaction(when: when, action: action)
  }

  private static func owner<Source: ByteSource>(_ source: inout Source) -> StressOwner {
    let byte = source.byte()
    switch byte % 8 {
    case 0: return .window(source.byte())
    case 1: return .raw(source.byte())
    default: return .screen(source.byte())
    }
  }

  private static func choice<Source: ByteSource>(_ source: inout Source) -> ScreenChoice {
    let byte = source.byte()
    return byte % 6 == 0 ? .existing(source.byte()) : .fresh(shape(source.byte()))
  }

  private static func shape(_ byte: UInt8) -> ScreenShape {
    switch byte % 8 {
    case 0, 1: .navigation
    case 2: .tabs(byte >> 3)
    default: .plain
    }
  }

  private static func flag<Source: ByteSource>(_ source: inout Source) -> Bool {
    source.byte() & 1 != 0
  }

  private static func pick(_ byte: UInt8, _ count: Int) -> UInt8 {
    UInt8(Int(byte) % count)
  }

  /// An index below `valid` for 7 bytes in 8; any index for the rest (the misuse entries at the
  /// end of a table).
  private static func mostlyValid(_ byte: UInt8, _ valid: Int, _ count: Int) -> UInt8 {
    pick(byte >> 3, byte & 0x7 == 0 ? count : valid)
  }
}
