// Golden renderings of SortPickerScreen.render at 60, 100 and 160 columns: each
// line's plain text, trailing spaces shown as ␣. To update them after a deliberate change, run
// the tests with GOLDEN_DUMP_DIR=/some/dir, review the files written there, and paste them in.

enum SortPickerGoldens: GoldenSet {
    static let group = "SortPicker"
    static let goldens: [String: String] = [
        "picker 60": #"""
        Sort results for “mars rover 火星探査 evil”

          1  relevancy · closest match first
          2  popularity · most read outlets first (current)
          3  newest · most recently published first

        1–3 choose · b keep the current order
        """#,
        "picker 100": #"""
        Sort results for “mars rover 火星探査 evil”

          1  relevancy · closest match first
          2  popularity · most read outlets first (current)
          3  newest · most recently published first

        1–3 choose · b keep the current order
        """#,
        "picker 160": #"""
        Sort results for “mars rover 火星探査 evil”

          1  relevancy · closest match first
          2  popularity · most read outlets first (current)
          3  newest · most recently published first

        1–3 choose · b keep the current order
        """#,
    ]
}
