import Configuration
import Testing

@testable import NewsApp

/// `--help` shows the config file's example, as the declarations (``ConfigurationKeys``) write it.
@Suite struct ConfigurationHelpTests {
    @Test func theCommandsHelpHoldsTheExample() {
        let help = NewsAppCommand.helpMessage(columns: 80)
        for line in ConfigurationKeys.helpExample().split(separator: "\n") {
            #expect(help.contains(line), "\(line)")
        }
    }
}
