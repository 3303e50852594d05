import Testing

@Test func stressPlaceholder() { #expect(Bool(true)) }
