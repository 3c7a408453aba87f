import ArgumentParser
import Configuration
import Console
import NewsModels

/// The options every command takes. Each overrides the config file; left out, the config file
/// (or the default) decides.
struct SharedOptions: ParsableArguments {
    @Flag(help: "Read the bundled sample edition even when a NewsAPI key is set.")
    var sample = false

    @Option(
        help: ArgumentHelp(
            "The edition of live top headlines, a two-letter country code (default: us). "
                + "Ignored by the sample edition, which has one international edition.",
            valueName: "code"))
    var country: TwoLetterCode?

    @Option(
        help: ArgumentHelp(
            "The language of live search results, a two-letter code such as en (default: every "
                + "language). Ignored by the sample edition.",
            valueName: "code"))
    var language: TwoLetterCode?

    @Option(help: ArgumentHelp("Articles per page, 1–100 (default: 20).", valueName: "n"))
    var pageSize: Int?

    @Option(
        help: ArgumentHelp(
            "The colour theme in a terminal: auto, dark, light or none (default: auto).", valueName: "theme"))
    var theme: ANSIStyler.Theme?

    @Flag(
        help: "Never touch the network: answer from the articles stored on this machine.")
    var offline = false

    @Option(
        help: ArgumentHelp(
            "Article pictures in a terminal (default: auto): auto draws them when COLORTERM is "
                + "truecolor or 24bit, on on any colour terminal, off never.",
            valueName: "when"))
    var images: ImagesChoice?

    @Option(
        help: ArgumentHelp(
            "What goes to the log file $XDG_STATE_HOME/newsapp/newsapp.log (default: info): "
                + "trace, debug, info, notice, warning, error or critical.",
            valueName: "level"))
    var logLevel: LogLevelChoice?

    func validate() throws {
        if let pageSize, !ConfigurationKeys.pageSize.range.contains(pageSize) {
            throw ValidationError("--page-size must be between 1 and 100.")
        }
    }

    /// These options as command-line settings.
    var commandLine: CommandLineSettings {
        CommandLineSettings(
            sample: sample, country: country?.code, language: language?.code, pageSize: pageSize,
            theme: theme, offline: offline, images: images, logLevel: logLevel)
    }
}

/// `--category`, for the app and `headlines`. Options of the same name on `newsapp` and on a
/// subcommand are parsed by `newsapp`; as one option group the value reaches both.
struct CategoryOption: ParsableArguments {
    @Option(help: ArgumentHelp("Only this category's headlines.", valueName: "name"))
    var category: CategoryName?
}

/// `--sort`, for the app's `--search` and for `search`; see ``CategoryOption``.
struct SortOption: ParsableArguments {
    @Option(help: "The order of search results (default: newest).")
    var sort: SortKeyword?

    var order: ArticleSortOrder { sort?.order ?? .publishedAt }
}

/// `--tag`: where the app starts (`newsapp --tag NAME`), and the tags of a feed being added
/// (`newsapp feeds add URL --tag T …`); see ``CategoryOption`` for why it is one group.
struct TagOption: ParsableArguments {
    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("A tag (repeat for more where more fit).", valueName: "tag"))
    var tags: [String] = []
}
