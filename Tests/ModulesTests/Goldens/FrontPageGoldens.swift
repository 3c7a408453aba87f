// Golden renderings of FrontPageRenderer.render (and of the split layout with the front page on
// the left): each line's plain text, trailing spaces shown as ␣. To update them after a deliberate
// change, run the tests with GOLDEN_DUMP_DIR=/some/dir, review the files written there, and paste
// them in.

enum FrontPageGoldens: GoldenSet {
    static let group = "FrontPage"
    static let goldens: [String: String] = [:]
}
