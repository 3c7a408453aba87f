@testable import Feeds

/// Writes libxml2's events as text, for tests of the XML layer: `<name a="v">`, text, `</name>`.
final class XMLEventRecorder: XMLEventHandler {
    private(set) var events: [String] = []
    private(set) var text = ""

    func startElement(_ tag: XMLStartTag) {
        var attributes = ""
        for (name, value) in tag.attributes { attributes += " \(name)=\"\(value)\"" }
        events.append("<\(tag.name.string)\(attributes)>")
    }

    func endElement(_ name: XMLName) {
        events.append("</\(name.string)>")
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>) {
        let piece = String(decoding: text, as: UTF8.self)
        self.text += piece
        if let last = events.last, last.hasPrefix("text:") {
            events[events.count - 1] = last + piece
        } else {
            events.append("text:" + piece)
        }
    }

    func documentType(_ name: XMLName) {
        events.append("doctype:\(name.string)")
    }

    /// Parses `document` in chunks of `chunkSize` bytes and records its events.
    static func record(_ document: String, chunkSize: Int = 1 << 20) -> XMLEventRecorder {
        let recorder = XMLEventRecorder()
        let parser = XMLPushParser(handler: recorder)!
        let bytes = Array(document.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            bytes[offset..<end].withUnsafeBufferPointer { parser.parse($0) }
            offset = end
        }
        parser.finish()
        return recorder
    }
}
