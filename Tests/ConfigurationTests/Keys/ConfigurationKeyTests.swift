import NewsModels
import Testing

@testable import Configuration

/// What one key declaration says about itself: its values for the table and the comments, its
/// default, and a value written back as the config file writes it.
@Suite struct ConfigurationKeyTests {
    @Test func eachKindDescribesItsValues() {
        #expect(ConfigurationKeys.country.valueDescription == "a two-letter country code")
        #expect(ConfigurationKeys.pageSize.valueDescription == "1–100")
        #expect(ConfigurationKeys.requestTimeout.rangeDescription == "1–120 seconds")
        #expect(ConfigurationKeys.maxItemsPerFeed.rangeDescription == "1–1,000,000")
        #expect(ConfigurationKeys.splitMinColumns.valueDescription == "at least 40")
        #expect(ConfigurationKeys.splitMinColumns.range == 40...Int.max)
        #expect(ConfigurationKeys.theme.valueDescription == "`auto`, `dark`, `light` or `none`")
        #expect(ConfigurationKeys.theme.rangeDescription == "auto, dark, light or none")
        #expect(ConfigurationKeys.keyFile.valueDescription == "a path (`~` is your home)")
        #expect(ConfigurationKeys.browser.valueDescription == "a command")
        #expect(
            ConfigurationKeys.ignoreArticle.valueDescription.hasPrefix(
                "rules written `[[ignore_article]]`"))
        for key in [
            ConfigurationKeys.country.declaration, ConfigurationKeys.keyFile.declaration,
            ConfigurationKeys.browser.declaration, ConfigurationKeys.feedRule,
        ] {
            #expect(key.rangeDescription == nil, "\(key.name)")
        }
        #expect(ConfigurationKeys.feedRule.defaultDescription == nil)
        #expect(ConfigurationKeys.country.defaultDescription == "us")
        #expect(ConfigurationKeys.pageSize.defaultDescription == "20")
        #expect(ConfigurationKeys.named("page_size")?.name == "page_size")
        #expect(ConfigurationKeys.named("pagesize") == nil)
    }

    @Test func valuesAreWrittenBackAsTheFileWritesThem() {
        #expect(ConfigurationKey.literal(.string("gb")) == "\"gb\"")
        #expect(ConfigurationKey.literal(.integer(30)) == "30")
        #expect(ConfigurationKey.literal(.boolean(true)) == "true")
        #expect(ConfigurationKey.alternatives([]) == "")
        #expect(ConfigurationKey.alternatives(["a"]) == "a")
        #expect(ConfigurationKey.alternatives(["a", "b", "c"]) == "a, b or c")
        #expect(ConfigurationKey.twoLetterCode("GB") == "gb")
        #expect(ConfigurationKey.twoLetterCode("g1") == nil)
        #expect(ConfigurationKey.twoLetterCode("gbr") == nil)
    }

    @Test func aRuleUnderAnotherNameNamesItInItsMessages() {
        let renamed = ConfigurationKeys.refreshInterval.declaration.named(
            "feed rule 1 refresh_interval")
        #expect(
            renamed.accept(.boolean(true), expanding: { $0 })
                == .refused(
                    "feed rule 1 refresh_interval must be a whole number of minutes from 1 to 10080 (found true); "
                        + "using the default."))
        #expect(renamed.accept(.integer(15), expanding: { $0 }) == .accepted(.integer(15)))
    }

    @Test func aTypedKeyReadsAndWritesItsValueAndKnowsItsDefault() {
        var configuration = Configuration()
        #expect(configuration[\.refreshInterval] == nil)
        configuration[\.refreshInterval] = 15
        #expect(configuration[ConfigurationKeys.refreshInterval] == 15)
        configuration[\.refreshInterval] = nil
        #expect(configuration == Configuration())
        configuration[\.language] = "en"
        #expect(configuration[\.language] == "en")
        configuration[\.language] = .some(nil)
        #expect(configuration == Configuration(), "an optional key set to nil is not set")
        #expect(ConfigurationKeys.language.fallback == nil && ConfigurationKeys.pageSize.fallback == 20)
        #expect(
            ConfigurationKeys.theme.name == "theme"
                && ConfigurationKeys.theme.declaration.defaultValue == .string("auto"))
    }

    @Test func theDefaultsAreEveryDeclaredDefault() {
        let defaults = ConfigurationKeys.defaults
        #expect(defaults[\.country] == "us" && defaults[\.pageSize] == 20 && defaults[\.theme] == .auto)
        #expect(defaults[\.newsapiRefresh] == NewsAPIRefresh.auto)
        #expect(defaults[\.newsapiDailyLimit] == DailyRequests.freePlanLimit)
        #expect(defaults[\.fullText] == FullTextMode.auto && defaults[\.ignoreMode] == .download)
        #expect(
            defaults[\.hyperlinks] == .auto && defaults[\.layout] == .auto && defaults[\.images] == .auto)
        #expect(defaults.killfile.isEmpty && defaults.feedRules.isEmpty)
    }

    @Test func aProblemIsOneCleanLineWithOrWithoutItsLine() {
        let withLine = ConfigurationProblem(file: "~/c.toml", line: 3, message: "bad\u{1B}[2J value.")
        #expect(withLine.description == "newsapp: ~/c.toml line 3: bad value.")
        let whole = ConfigurationProblem(
            file: "/etc/\u{202E}c.toml", line: nil, message: "cannot be read.")
        #expect(whole.description == "newsapp: /etc/c.toml: cannot be read.")
    }

    @Test func pathsAreExpandedFromHomeAndTheFilesFolder() {
        let loader = ConfigurationLoader(
            displayPath: "c.toml", home: "/home/ada", directory: "/etc/newsapp/")
        #expect(loader.expand("~") == "/home/ada")
        #expect(loader.expand("~/k") == "/home/ada/k")
        #expect(loader.expand("k") == "/etc/newsapp/k")
        #expect(loader.expand("/k") == "/k")
        #expect(loader.expand("~ada/k") == "/etc/newsapp/~ada/k")
        let homeless = ConfigurationLoader(displayPath: "c.toml", home: "", directory: nil)
        #expect(homeless.expand("~/k") == nil)
        #expect(homeless.expand("k") == "k")
    }
}
