import NewsModels
import Testing

@Suite struct AmountTests {
    @Test func amounts() {
        #expect(Amount.grouped(0) == "0")
        #expect(Amount.grouped(999) == "999")
        #expect(Amount.grouped(1000) == "1,000")
        #expect(Amount.grouped(1_234_567) == "1,234,567")
        #expect(Amount.grouped(-1_234_567) == "-1,234,567")
        #expect(Amount.count(1, "article") == "1 article")
        #expect(Amount.count(2000, "article") == "2,000 articles")
        #expect(Amount.bytes(1) == "1 byte")
        #expect(Amount.bytes(1023) == "1023 bytes")
        #expect(Amount.bytes(1536) == "1.5 KiB")
        #expect(Amount.bytes(1_048_575) == "1.0 MiB")
        #expect(Amount.bytes(5 << 20) == "5.0 MiB")
        #expect(Amount.bytes(3 << 30) == "3.0 GiB")
    }
}
