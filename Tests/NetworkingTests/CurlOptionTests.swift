import CCurl
import Testing

/// The option numbers CCurl declares (from curl.h, which is not installed) are the ones the loaded
/// libcurl gives their names: a wrong number would set another option, silently.
@Suite("libcurl's option numbers")
struct CurlOptionTests {
    @Test(
        "each declared option is libcurl's own",
        arguments: [
            ("TIMEOUT_MS", CCURLOPT_TIMEOUT_MS), ("FOLLOWLOCATION", CCURLOPT_FOLLOWLOCATION),
            ("POSTFIELDSIZE", CCURLOPT_POSTFIELDSIZE), ("COPYPOSTFIELDS", CCURLOPT_COPYPOSTFIELDS),
            ("NOSIGNAL", CCURLOPT_NOSIGNAL), ("SUPPRESS_CONNECT_HEADERS", CCURLOPT_SUPPRESS_CONNECT_HEADERS),
            ("WRITEDATA", CCURLOPT_WRITEDATA), ("URL", CCURLOPT_URL), ("HTTPHEADER", CCURLOPT_HTTPHEADER),
            ("HEADERDATA", CCURLOPT_HEADERDATA), ("ACCEPT_ENCODING", CCURLOPT_ACCEPT_ENCODING),
            ("CUSTOMREQUEST", CCURLOPT_CUSTOMREQUEST),
            ("PROTOCOLS_STR", CCURLOPT_PROTOCOLS_STR), ("REDIR_PROTOCOLS_STR", CCURLOPT_REDIR_PROTOCOLS_STR),
            ("WRITEFUNCTION", CCURLOPT_WRITEFUNCTION), ("HEADERFUNCTION", CCURLOPT_HEADERFUNCTION),
        ])
    func option(name: String, declared: Int) {
        #expect(ccurl_load() == nil)
        #expect(Int(ccurl_option_id(name)) == declared, "\(name)")
    }
}
