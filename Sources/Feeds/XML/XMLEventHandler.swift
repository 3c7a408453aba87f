/// What an ``XMLPushParser`` reports as it reads, in document order. Names and text are views
/// into libxml2's buffers, valid during the call only.
protocol XMLEventHandler: AnyObject {
    func startElement(_ tag: XMLStartTag)
    func endElement(_ name: XMLName)
    /// Character data (CDATA sections included), in pieces of any size.
    func characters(_ text: UnsafeBufferPointer<UInt8>)
    /// The name in `<!DOCTYPE name …>`, before the root element.
    func documentType(_ name: XMLName)
}
