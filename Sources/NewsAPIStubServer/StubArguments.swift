import NewsAPIStub

/// The command line of `newsapi-stub`, parsed by hand.
struct StubArguments: Equatable {
    var port: UInt16 = 8080
    var apiKey: String? = "test-key"
    var latencyMilliseconds = 0
    var resultCap = 100

    /// Why the command line was refused; ``message`` is one line.
    enum Failure: Error, Equatable {
        case helpRequested
        case missingValue(String)
        case badNumber(option: String, value: String)
        case unknownOption(String)
        case conflictingKeys

        var message: String {
            switch self {
            case .helpRequested: "help requested"
            case .missingValue(let option): "\(option) needs a value"
            case .badNumber(let option, let value): "\(option) needs a whole number in range, not “\(value)”"
            case .unknownOption(let option): "unknown argument “\(option)”"
            case .conflictingKeys: "--key and --no-key cannot be combined"
            }
        }
    }

    var options: NewsAPIStubServer.Options {
        NewsAPIStubServer.Options(
            apiKey: apiKey, latency: .milliseconds(latencyMilliseconds), resultCap: resultCap)
    }

    static func parse(_ words: [String]) throws(Failure) -> StubArguments {
        var result = StubArguments()
        var sawKey = false
        var sawNoKey = false
        var remaining = words[...]
        while let word = remaining.popFirst() {
            switch word {
            case "-h", "--help":
                throw .helpRequested
            case "--no-key":
                sawNoKey = true
                result.apiKey = nil
            case "--key":
                sawKey = true
                result.apiKey = try value(for: word, from: &remaining)
            case "--port":
                result.port = UInt16(try number(for: word, from: &remaining, in: 0...65_535))
            case "--latency-ms":
                result.latencyMilliseconds = try number(for: word, from: &remaining, in: 0...600_000)
            case "--result-cap":
                result.resultCap = try number(for: word, from: &remaining, in: 1...1_000_000)
            default:
                throw .unknownOption(word)
            }
        }
        if sawKey && sawNoKey { throw .conflictingKeys }
        return result
    }

    private static func value(
        for option: String, from words: inout ArraySlice<String>
    ) throws(Failure) -> String {
        guard let value = words.popFirst(), !value.hasPrefix("--"), !value.isEmpty else {
            throw .missingValue(option)
        }
        return value
    }

    private static func number(
        for option: String, from words: inout ArraySlice<String>, in range: ClosedRange<Int>
    ) throws(Failure) -> Int {
        let text = try value(for: option, from: &words)
        guard let number = Int(text), range.contains(number) else {
            throw .badNumber(option: option, value: text)
        }
        return number
    }
}
