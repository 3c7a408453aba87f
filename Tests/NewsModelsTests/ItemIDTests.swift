import NewsModels
import Testing

@Suite struct ItemIDTests {
    @Test func theLongAndTheShortFormNameTheSameItem() throws {
        let long = try #require(ItemID("tag:google.com,2005:reader/item/0006614a494bdcc8"))
        let short = try #require(ItemID("1795821545446600"))
        #expect(long == short)
        #expect(long.longForm == "tag:google.com,2005:reader/item/0006614a494bdcc8")
    }

    @Test func idsWithTheHighBitAreNegativeInTheShortForm() throws {
        let long = try #require(ItemID("tag:google.com,2005:reader/item/ffffffffffffffff"))
        #expect(long.value == -1)
        #expect(ItemID("-1") == long)
        #expect(long.longForm.hasSuffix("ffffffffffffffff"))
    }

    @Test func shortIdsPast2To63InUnsignedDecimalNameTheSameItemAsTheLongForm() throws {
        let unsigned = try #require(ItemID("9223372036854775813"))
        #expect(unsigned == ItemID(Int64.min + 5))
        #expect(unsigned.longForm.hasSuffix("8000000000000005"))
        #expect(ItemID("18446744073709551615") == ItemID("-1"))
    }

    @Test(arguments: [
        "", "tag:google.com,2005:reader/item/", "tag:google.com,2005:reader/item/xyz", "12a",
        "tag:google.com,2005:reader/item/00000000000000001", "99999999999999999999",
    ])
    func idsThatAreNeitherFormAreRefused(text: String) {
        #expect(ItemID(text) == nil)
    }
}
