import Foundation
import ReaderAPIStub
import Testing

/// A first sync's memory follows a page, not the account: ten times the items add less than a
/// page's worth to the peak, and pages padded to the size cap stay bounded too. Measured on the
/// binary (PeakMemoryProbe).
@Suite(
    .timeLimit(.minutes(10)), .serialized,
    .disabled(if: PeakMemory.isDistortedBySanitizer, "peak memory under a sanitizer is not the app's"))
struct SyncMemoryTests {
    /// The peak (KiB) of a first `newsapp sync` of `account` in a fresh sandbox.
    static func firstSync(_ account: ReaderAPIAccount, fault: ReaderAPIStubServer.Fault? = nil) async throws
        -> PeakMemory.Run
    {
        let sandbox = try Sandbox()
        return try await ReaderAPIStubServer(account: account).whileRunning { server in
            let login = try await sandbox.run(
                ["sync", "login", server.baseURL.absoluteString, "--user", "reader"], input: "api-password\n")
            try #require(login.status == 0)
            server.setFault(fault)
            return try await PeakMemory.run(["sync"], environment: sandbox.environment)
        }
    }

    @Test func tenThousandItemsCostAPageNotTheirTotal() async throws {
        let small = try await Self.firstSync(ReaderAPIAccount.sample(feeds: 2, items: 500))
        let large = try await Self.firstSync(ReaderAPIAccount.sample(feeds: 20, items: 500))
        #expect(small.output.status == 0 && large.output.status == 0)
        #expect(large.output.out.contains("10,000 new items"))
        #expect(large.peak - small.peak < 16 << 10, "the peak grew by \((large.peak - small.peak) >> 10) MiB")
    }

    @Test func pagesPaddedToTheirCapStayBounded() async throws {
        let plain = try await Self.firstSync(ReaderAPIAccount.sample(feeds: 4, items: 500))
        // 2,000 items of 12 KiB of ignored text each: pages of 1,000 pass the 16 MiB cap, so they
        // are asked for again in halves.
        let padded = try await Self.firstSync(
            ReaderAPIAccount.sample(feeds: 4, items: 500), fault: .padding(12 << 10))
        #expect(padded.output.status == 0, "\(padded.output.err)")
        #expect(padded.output.out.contains("2,000 new items"))
        #expect(
            padded.peak - plain.peak < 40 << 10, "the peak grew by \((padded.peak - plain.peak) >> 10) MiB")
    }
}
