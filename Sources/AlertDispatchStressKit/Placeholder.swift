/// The version of the stress model; replaced by the real model.
public let stressModelVersion = 0
