import Testing

@Test func examplesPlaceholder() { #expect(Bool(true)) }
