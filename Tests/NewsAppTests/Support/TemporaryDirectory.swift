import TestSupport

/// The shared temporary folder, under the name this target's tests use.
typealias TemporaryDirectory = TestSupport.TemporaryDirectory
