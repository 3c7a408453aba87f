/// What each element of a ``ReaderDocument`` holds, counted over its subtree in two loops (one
/// forward, one backward) and nothing recursive: text length (in characters, white space runs
/// counted once), the part of it inside links, commas, and its paragraphs, pictures, list items,
/// form controls (and `javascript:` links, buttons in all but name), embeds, captions and links. Left-out subtrees (``live`` false) count for nothing.
struct NodeStatistics {
    struct Counts {
        var text: Int32 = 0
        var linkText: Int32 = 0
        var commas: Int32 = 0
        var headingText: Int32 = 0
        var paragraphs: Int32 = 0
        var images: Int32 = 0
        var listItems: Int32 = 0
        var inputs: Int32 = 0
        var embeds: Int32 = 0
        var captions: Int32 = 0
        var links: Int32 = 0

        static func += (lhs: inout Counts, rhs: Counts) {
            lhs.add(rhs, sign: 1)
        }

        static func -= (lhs: inout Counts, rhs: Counts) {
            lhs.add(rhs, sign: -1)
        }

        private mutating func add(_ other: Counts, sign: Int32) {
            text += sign * other.text
            linkText += sign * other.linkText
            commas += sign * other.commas
            headingText += sign * other.headingText
            paragraphs += sign * other.paragraphs
            images += sign * other.images
            listItems += sign * other.listItems
            inputs += sign * other.inputs
            embeds += sign * other.embeds
            captions += sign * other.captions
            links += sign * other.links
        }

        var linkDensity: Double { text > 0 ? Double(linkText) / Double(text) : 0 }
    }

    /// Counts over each node's subtree.
    var counts: [Counts]
    /// Text and commas of each block's own paragraph: its text outside any block inside it.
    var ownText: [Int32]
    var ownCommas: [Int32]
    /// Element children of each node.
    var childElements: [Int32]
    /// Whether each node has a block element among its children: a `div` without one is a
    /// paragraph in all but name, as Readability reads it.
    var hasBlockChild: [Bool]

    init(_ document: ReaderDocument, live: [Bool]) {
        let count = document.count
        counts = Array(repeating: Counts(), count: count)
        ownText = Array(repeating: 0, count: count)
        ownCommas = Array(repeating: 0, count: count)
        childElements = Array(repeating: 0, count: count)
        hasBlockChild = Array(repeating: false, count: count)
        var inLink = Array(repeating: false, count: count)
        var inHeading = Array(repeating: false, count: count)
        var block = Array(repeating: Int32(0), count: count)
        for node in 1..<max(count, 1) where live[node] {
            let parent = Int(document.parents[node])
            let parentTag = document.tags[parent]
            inLink[node] = inLink[parent] || parentTag == .a
            inHeading[node] = inHeading[parent] || parentTag.isHeading
            block[node] = parentTag.isBlock ? Int32(parent) : block[parent]
            let tag = document.tags[node]
            if tag == .text {
                let (length, commas) = document.withText(of: node, Self.measure)
                counts[node].text = length
                counts[node].commas = commas
                if inLink[node] { counts[node].linkText = length }
                if inHeading[node] { counts[node].headingText = length }
                ownText[Int(block[node])] += length
                ownCommas[Int(block[node])] += commas
                continue
            }
            childElements[parent] += 1
            if tag.isBlock { hasBlockChild[parent] = true }
            switch tag {
            case .p: counts[node].paragraphs = 1
            case .img: counts[node].images = 1
            case .li: counts[node].listItems = 1
            case .input: counts[node].inputs = 1
            case .embed: counts[node].embeds = 1
            case .figcaption: counts[node].captions = 1
            case .a:
                counts[node].links = 1
                // A link that runs a script is a button ("Sign up", "Log in").
                if let href = document.attributes(of: node)?.href, Self.runsScript(href) {
                    counts[node].inputs = 1
                }
            default: break
            }
        }
        for node in stride(from: count - 1, to: 0, by: -1) where live[node] {
            counts[Int(document.parents[node])] += counts[node]
        }
    }

    /// Whether a link's `href` is a `javascript:` address.
    private static func runsScript(_ href: String) -> Bool {
        let scheme = href.utf8.drop { $0 <= 0x20 }.prefix(11)
        return scheme.count == 11
            && zip(scheme, "javascript:".utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// The length of a text node in characters, each run of white space counted as one, and its
    /// commas (`,`, `，`, `、`, `،`).
    private static func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int32, Int32) {
        var length: Int32 = 0
        var commas: Int32 = 0
        var inSpace = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                if !inSpace { length += 1 }
                inSpace = true
                continue
            }
            inSpace = false
            if byte & 0xC0 == 0x80 { continue }
            length += 1
            if byte == UInt8(ascii: ",") {
                commas += 1
            } else if byte == 0xEF && index + 1 < bytes.count && bytes[index] == 0xBC
                && bytes[index + 1] == 0x8C
            {
                commas += 1
            } else if byte == 0xE3 && index + 1 < bytes.count && bytes[index] == 0x80
                && bytes[index + 1] == 0x81
            {
                commas += 1
            } else if byte == 0xD8 && index < bytes.count && bytes[index] == 0x8C {
                commas += 1
            }
        }
        return (length, commas)
    }
}
