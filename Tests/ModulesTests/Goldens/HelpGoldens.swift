// Golden renderings of HelpScreen.render at 60, 100 and 160 columns: each
// line's plain text, trailing spaces shown as ␣. To update them after a deliberate change, run
// the tests with GOLDEN_DUMP_DIR=/some/dir, review the files written there, and paste them in.

enum HelpGoldens: GoldenSet {
    static let group = "Help"
    static let goldens: [String: String] = [
        "help 60": #"""
        Help

        Search “mars rover”
          1–20              Open that article
          n, more           Show more articles
          r, refresh        Load the list again from the start
          sort ORDER        Sort by relevancy, popularity or newest
                            (sort alone to choose)
          b, back           Leave this list

        Everywhere
          /, search WORDS   Search all articles
          c, category NAME  Show a category's headlines (c alone
                            lists them; c all for every category)
          ?, help           Show the commands
          q, quit           Quit NewsApp

        Type b to close help, or any command to close it and run the
        command.
        """#,
        "help 100": #"""
        Help

        Search “mars rover”
          1–20              Open that article
          n, more           Show more articles
          r, refresh        Load the list again from the start
          sort ORDER        Sort by relevancy, popularity or newest (sort alone to choose)
          b, back           Leave this list

        Everywhere
          /, search WORDS   Search all articles
          c, category NAME  Show a category's headlines (c alone lists them; c all for every category)
          ?, help           Show the commands
          q, quit           Quit NewsApp

        Type b to close help, or any command to close it and run the command.
        """#,
        "help 160": #"""
        Help

        Search “mars rover”
          1–20              Open that article
          n, more           Show more articles
          r, refresh        Load the list again from the start
          sort ORDER        Sort by relevancy, popularity or newest (sort alone to choose)
          b, back           Leave this list

        Everywhere
          /, search WORDS   Search all articles
          c, category NAME  Show a category's headlines (c alone lists them; c all for every category)
          ?, help           Show the commands
          q, quit           Quit NewsApp

        Type b to close help, or any command to close it and run the command.
        """#,
    ]
}
