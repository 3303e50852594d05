import AlertDispatchStressKit
import Foundation

/// Runs fuzzer inputs as stress episodes.
@main
struct Fuzz {
  static func main() {
    print("placeholder")
  }
}
