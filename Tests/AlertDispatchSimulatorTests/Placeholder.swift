import Testing

@Test func simulatorPlaceholder() { #expect(Bool(true)) }
