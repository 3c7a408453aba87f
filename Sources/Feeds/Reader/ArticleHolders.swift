/// Which of a page's furniture elements (`aside`, `header`, `footer`, `nav`, …) hold its article,
/// and so are not furniture: one with the schema.org `articleBody` (`itemprop`) in it, or one
/// that wraps nine tenths of the text of the `article` or `main` it is in. Sites lay out story
/// pages as a panel (an `aside`) that fills `main`, or leave a `header` open around the whole
/// page; browsers show the article all the same. One backward pass, nothing recursive.
struct ArticleHolders {
    private let document: ReaderDocument
    /// Each node's text, in bytes.
    private var text: [Int32]
    /// Whether each node's subtree holds the `articleBody`.
    private var holdsBody: [Bool]
    /// Each node's nearest `article` or `main` ancestor (0: none).
    private var container: [Int32]

    init(_ document: ReaderDocument) {
        self.document = document
        let count = document.count
        text = Array(repeating: 0, count: count)
        holdsBody = Array(repeating: false, count: count)
        container = Array(repeating: 0, count: count)
        for node in 1..<max(count, 1) {
            let parent = Int(document.parents[node])
            let parentTag = document.tags[parent]
            container[node] = parentTag == .article || parentTag == .main ? Int32(parent) : container[parent]
        }
        for node in stride(from: count - 1, to: 0, by: -1) {
            if document.tags[node] == .text {
                text[node] = document.lengths[node]
            } else if let itemprop = document.attributes(of: node)?.itemprop, itemprop.contains("articlebody")
            {
                holdsBody[node] = true
            }
            let parent = Int(document.parents[node])
            text[parent] += text[node]
            if holdsBody[node] { holdsBody[parent] = true }
        }
    }

    /// Whether the furniture element `node` holds the article.
    func holdsArticle(_ node: Int) -> Bool {
        if holdsBody[node] { return true }
        let container = Int(container[node])
        return container > 0 && text[node] > 0 && 10 * Int(text[node]) >= 9 * Int(text[container])
    }
}
