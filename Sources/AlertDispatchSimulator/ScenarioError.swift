import AlertDispatchScenarioFormat

/// A mistake in a scenario file, found before anything runs: where it is and what is wrong.
///
/// The scenario format's own error, named here so that code that reads scenarios with the
/// simulator needs no other import. Its description is `FILE:LINE: message`.
public typealias ScenarioError = AlertDispatchScenarioFormat.ScenarioError
