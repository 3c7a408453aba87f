import Testing

@testable import Sync

/// A refused login is told in the words of the credentials the protocol in use takes: a Nextcloud
/// user is not asked for FreshRSS's API password, a Miniflux user is told about the token.
@Suite struct LoginSentenceTests {
    @Test(arguments: SyncServiceKind.allCases)
    func aRefusedLoginNamesTheCredentialsOfTheProtocolInUse(_ kind: SyncServiceKind) {
        let sentence = SyncError.loginRefused(host: "rss.example.org", service: kind).sentence
        #expect(sentence.hasPrefix("rss.example.org refused "), "\(sentence)")
        #expect(sentence.contains("API password") == (kind == .greader), "\(kind): \(sentence)")
        #expect(sentence.contains("token") == (kind == .miniflux), "\(kind): \(sentence)")
        #expect(sentence.hasSuffix("."), "\(sentence)")
    }

    @Test func plainHTTPWarnsAboutTheLoginWhateverItIs() {
        let sentence = SyncError.insecure(host: "rss.example.org").sentence
        #expect(sentence.contains("where the login could be read on the way"), "\(sentence)")
        #expect(!sentence.contains("token"), "\(sentence)")
    }
}
