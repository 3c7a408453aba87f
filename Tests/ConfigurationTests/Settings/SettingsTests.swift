import Configuration
import Foundation
import Networking
import NewsModels
import TestSupport
import Testing

/// Which source wins: the command line, then the environment, then the config file, then the
/// default.
@Suite struct SettingsPrecedenceTests {
    let file = Configuration().setting(\.country, "gb").setting(\.language, "de").setting(
        \.pageSize, 35
    ).setting(\.theme, .light).setting(\.layout, .split).setting(\.splitMinColumns, 150).setting(
        \.keyFile, "/keys/newsapi")

    @Test func defaultsWhenNothingIsSaid() {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:], file: Configuration())
        #expect(settings == Settings())
        #expect(settings.country == nil && settings[\.language] == nil && settings[\.pageSize] == 20)
        #expect(
            settings[\.theme] == .auto && settings[\.layout] == .auto
                && settings[\.splitMinColumns] == 120)
        #expect(settings.key == .none)
        #expect(settings.liveCountry == "us")
        #expect(settings[\.fullText] == .auto)
    }

    @Test func fullTextComesFromTheConfigFile() {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:],
            file: Configuration().setting(\.fullText, .off))
        #expect(settings[\.fullText] == .off)
    }

    @Test func theConfigFileBeatsTheDefaults() {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:], file: file)
        #expect(settings.country == "gb")
        #expect(settings.liveCountry == "gb")
        #expect(settings[\.language] == "de")
        #expect(settings[\.pageSize] == 35)
        #expect(settings[\.theme] == .light)
        #expect(settings[\.layout] == .split)
        #expect(settings[\.splitMinColumns] == 150)
        #expect(settings.key == .file(KeyFile(path: "/keys/newsapi", home: nil)))
    }

    @Test func theCommandLineBeatsTheConfigFile() {
        let flags = CommandLineSettings(
            country: "fr", language: "en", pageSize: 5, theme: .dark, layout: .stack, splitMinColumns: 90)
        var settings = Settings.resolve(commandLine: flags, environment: [:], file: file)
        #expect(
            settings.country == "fr" && settings.liveCountry == "fr" && settings[\.language] == "en")
        #expect(settings[\.pageSize] == 5 && settings[\.theme] == .dark && settings[\.layout] == .stack)
        #expect(settings[\.splitMinColumns] == 90)
        #expect(settings.key == .file(KeyFile(path: "/keys/newsapi", home: nil)))
        settings[\.pageSize] = 9
        #expect(
            settings[\.pageSize] == 9 && settings.file[\.pageSize] == 35,
            "a value set is the command line's")
    }

    @Test func imagesOfflineAndRetention() {
        let defaults = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:], file: Configuration())
        #expect(defaults[\.images] == .auto)
        #expect(defaults.offline == false)
        #expect(defaults[\.retentionDays] == 30)
        let fromFile = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:],
            file: Configuration().setting(\.images, .off).setting(\.retentionDays, 7))
        #expect(fromFile[\.images] == .off)
        #expect(fromFile[\.retentionDays] == 7)
        let flags = Settings.resolve(
            commandLine: CommandLineSettings(offline: true, images: .on), environment: [:],
            file: Configuration().setting(\.images, .off).setting(\.retentionDays, 7))
        #expect(flags[\.images] == .on)
        #expect(flags.offline)
        #expect(flags[\.retentionDays] == 7)
    }

    @Test func eachFlagOverridesOnlyItsOwnSetting() {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(pageSize: 7), environment: [:], file: file)
        #expect(settings[\.pageSize] == 7)
        #expect(settings[\.theme] == .light)
        #expect(settings.country == "gb")
    }

    @Test func newsAPIKeyInTheEnvironmentBeatsKeyFile() throws {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: ["NEWSAPI_KEY": " env-key \n"], file: file)
        #expect(settings.key == .environment(try #require(APIKey("env-key"))))
    }

    @Test func aBlankNewsAPIKeyFallsBackToKeyFile() {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: ["NEWSAPI_KEY": "  "], file: file)
        #expect(settings.key == .file(KeyFile(path: "/keys/newsapi", home: nil)))
    }

    @Test func sampleOnTheCommandLineBeatsEveryKey() {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(sample: true), environment: ["NEWSAPI_KEY": "env-key"],
            file: file)
        #expect(settings.key == .none)
    }

    @Test func theKeyIsNeverPrinted() throws {
        let key = try #require(APIKey("very-secret-key"))
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: ["NEWSAPI_KEY": "very-secret-key"],
            file: file)
        #expect(settings.key == .environment(key))
        #expect(!String(describing: settings).contains("very-secret-key"))
        #expect(!String(reflecting: settings).contains("very-secret-key"))
    }
}

/// Where the config file is and how it is read.
@Suite struct ConfigurationFileTests {
    @Test func xdgConfigHomeWins() {
        let file = ConfigurationFile.standard(environment: [
            "HOME": "/home/ada", "XDG_CONFIG_HOME": "/xdg",
        ])
        #expect(file?.path == "/xdg/newsapp/config.toml")
        #expect(file?.displayPath == "/xdg/newsapp/config.toml")
    }

    @Test func homeIsTheFallback() {
        let file = ConfigurationFile.standard(environment: ["HOME": "/home/ada"])
        #expect(file?.path == "/home/ada/.config/newsapp/config.toml")
        #expect(file?.displayPath == "~/.config/newsapp/config.toml")
    }

    @Test func aRelativeXDGConfigHomeIsIgnored() {
        // The XDG base directory specification says relative paths are invalid.
        let file = ConfigurationFile.standard(environment: [
            "HOME": "/home/ada", "XDG_CONFIG_HOME": "config",
        ])
        #expect(file?.path == "/home/ada/.config/newsapp/config.toml")
    }

    @Test func xdgConfigHomeUnderHomeIsShownWithATilde() {
        let file = ConfigurationFile.standard(environment: [
            "HOME": "/home/ada", "XDG_CONFIG_HOME": "/home/ada/cfg/",
        ])
        #expect(file?.path == "/home/ada/cfg/newsapp/config.toml")
        #expect(file?.displayPath == "~/cfg/newsapp/config.toml")
    }

    @Test func itIsEditedUnderALockWithinItsOwnLimit() {
        let file = ConfigurationFile(path: "/home/ada/.config/newsapp/config.toml", home: "/home/ada")
        #expect(
            file.textFile
                == LockedTextFile(
                    path: "/home/ada/.config/newsapp/config.toml", home: "/home/ada", sizeLimit: 256 << 10))
        #expect(file.textFile.displayPath == file.displayPath)
    }

    @Test func noHomeAndNoXDGMeansNoFile() {
        #expect(ConfigurationFile.standard(environment: [:]) == nil)
        #expect(ConfigurationFile.standard(environment: ["HOME": "relative"]) == nil)
    }

    @Test func aMissingFileIsSilent() throws {
        let directory = try TemporaryDirectory()
        let file = try #require(ConfigurationFile.standard(environment: ["HOME": directory.path]))
        #expect(file.load() == ConfigurationLoader.Outcome())
    }

    @Test func aFileIsReadAndItsKeyFileIsRelativeToIt() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "page_size = 12\nkey_file = \"~/secret\"\n", to: ".config/newsapp/config.toml")
        let file = try #require(ConfigurationFile.standard(environment: ["HOME": directory.path]))
        let outcome = file.load()
        #expect(outcome.problems == [])
        #expect(
            outcome.configuration
                == Configuration().setting(\.pageSize, 12).setting(\.keyFile, directory.path + "/secret"))
    }

    @Test func aFileThatCannotBeReadIsOneLine() throws {
        let directory = try TemporaryDirectory()
        // A directory where the file should be: unreadable even for root.
        try directory.makeDirectory("xdg/newsapp/config.toml")
        let file = try #require(
            ConfigurationFile.standard(environment: [
                "HOME": directory.path, "XDG_CONFIG_HOME": directory.path + "/xdg",
            ]))
        #expect(
            file.load().problems.map(\.description) == [
                "newsapp: ~/xdg/newsapp/config.toml: cannot be read (is a directory); using the defaults."
            ])
    }

    @Test func aFilePastItsLimitIsOneLine() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            String(repeating: "#", count: ConfigurationFile.sizeLimit + 1),
            to: ".config/newsapp/config.toml")
        let file = try #require(ConfigurationFile.standard(environment: ["HOME": directory.path]))
        #expect(
            file.load().problems.map(\.message) == [
                "cannot be read (larger than 256 KiB); using the defaults."
            ])
    }

    @Test func aFileThatIsNotUTF8IsOneLine() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("", to: ".config/newsapp/config.toml")
        try Data([0x74, 0x68, 0x65, 0x6D, 0x65, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: path))
        let file = try #require(ConfigurationFile.standard(environment: ["HOME": directory.path]))
        #expect(file.load().problems.map(\.message) == ["is not UTF-8 text; using the defaults."])
    }
}

/// Reading `key_file`.
@Suite struct KeyFileTests {
    @Test func theFirstLineIsTheKey() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("  the-key \nsecond line\n", to: "key", permissions: 0o600)
        let outcome = KeyFile(path: path, home: directory.path).read()
        #expect(outcome.key == APIKey("the-key"))
        #expect(outcome.messages == [])
    }

    /// Windows line endings: `"\r\n"` is one Character in Swift, so splitting on `"\n"` alone kept
    /// the whole file as the key, and no key was sent.
    @Test(arguments: [
        "the-key\r\nsecond line\r\n", "the-key\r\n", "the-key\rsecond", "\u{FEFF}the-key\n",
    ])
    func otherLineEndsEndTheFirstLine(text: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(text, to: "key", permissions: 0o600)
        let outcome = KeyFile(path: path, home: directory.path).read()
        #expect(outcome.key == APIKey("the-key"))
    }

    @Test func aMissingFileFallsBackToTheSampleEdition() throws {
        let directory = try TemporaryDirectory()
        let outcome = KeyFile(path: directory.path + "/nothing-here", home: directory.path).read()
        #expect(outcome.key == nil)
        #expect(
            outcome.messages == [
                "newsapp: cannot read the key file ~/nothing-here (no such file or directory); using the sample edition."
            ])
    }

    @Test func anUnreadableFileFallsBackToTheSampleEdition() throws {
        let directory = try TemporaryDirectory()
        // A directory cannot be read as a file, whoever runs the tests (root reads mode 000 files).
        let path = try directory.makeDirectory("keydir")
        let outcome = KeyFile(path: path, home: directory.path).read()
        #expect(outcome.key == nil)
        #expect(
            outcome.messages == [
                "newsapp: cannot read the key file ~/keydir (is a directory); using the sample edition."
            ])
    }

    @Test func aFileWithoutAKeyFallsBackToTheSampleEdition() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("\nthe-key-on-line-two\n", to: "key", permissions: 0o600)
        let outcome = KeyFile(path: path, home: directory.path).read()
        #expect(outcome.key == nil)
        #expect(
            outcome.messages == [
                "newsapp: the key file ~/key has no key on its first line; using the sample edition."
            ])
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660])
    func aFileOthersCanReadIsUsedWithAWarning(permissions: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("open-key\n", to: "key", permissions: permissions)
        let outcome = KeyFile(path: path, home: directory.path).read()
        #expect(outcome.key == APIKey("open-key"))
        let mode = "0" + String(permissions, radix: 8)
        #expect(
            outcome.messages == [
                "newsapp: warning: the key file ~/key is open to other users (permissions \(mode)); chmod 600 it."
            ])
    }

    @Test func noMessageNamesTheKey() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("key-that-must-not-leak\n", to: "key", permissions: 0o644)
        let outcome = KeyFile(path: path, home: directory.path).read()
        #expect(outcome.key != nil)
        #expect(!outcome.messages.joined().contains("key-that-must-not-leak"))
        #expect(!String(describing: outcome).contains("key-that-must-not-leak"))
    }
}
