import Configuration

extension Settings {
    /// The settings from the command line, the environment, the config file and the defaults;
    /// each problem with the config file is one line on standard error.
    public static func resolved(_ commandLine: CommandLineSettings, environment: [String: String]) -> Settings
    {
        let file = ConfigurationFile.standard(environment: environment)
        let loaded = file?.load() ?? ConfigurationLoader.Outcome()
        for problem in loaded.problems {
            StandardError.write(problem.description)
        }
        return Settings.resolve(
            commandLine: commandLine, environment: environment, file: loaded.configuration, home: file?.home)
    }
}
