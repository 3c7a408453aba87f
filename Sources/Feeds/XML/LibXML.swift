import CXML2

/// The process-wide libxml2 set-up every parser of ours relies on.
enum LibXML {
    /// `xmlInitParser()`, run once before the first parser is made (libxml2 asks for it when
    /// parsers run on several threads, as refreshes do).
    private static let initialised: Void = xmlInitParser()

    static func initialise() { initialised }

    /// A structured error handler that drops every message: libxml2 must never write to the
    /// terminal we draw on. Set on every parser context (its `serror`).
    static let silence: xmlStructuredErrorFunc = { _, _ in }
}
