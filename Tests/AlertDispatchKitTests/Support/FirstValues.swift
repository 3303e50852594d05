/// The first `count` values `stream` gives.
func firstValues(_ count: Int, of stream: AsyncStream<String>) async -> [String] {
  var values: [String] = []
  for await value in stream {
    values.append(value)
    if values.count == count { break }
  }
  return values
}
