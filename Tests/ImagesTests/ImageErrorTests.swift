import NewsModels
import Testing

@testable import Images

@Suite("Image error sentences")
struct ImageErrorTests {
    @Test(
        "every error is one line ending in a full stop",
        arguments: [
            (
                ImageError.unsupportedFormat,
                "The picture is in a format NewsApp cannot show (only JPEG and PNG)."
            ),
            (
                .tooManyPixels(width: 100_000, height: 100_000, limit: 40_000_000),
                "The picture is too big to show: 100000×100000 pixels, over the limit of 40 million pixels."
            ),
            (
                .tooManyPixels(width: 20, height: 10, limit: 199),
                "The picture is too big to show: 20×10 pixels, over the limit of 199 pixels."
            ),
            (
                .corrupt("Premature end of JPEG file"),
                "The picture is damaged or incomplete (Premature end of JPEG file)."
            ),
            (.corrupt(""), "The picture is damaged or incomplete."),
            (.outOfMemory, "There is not enough memory to show the picture."),
            (.tooLarge(limit: 5 << 20), "The picture is larger than the 5 MiB download limit."),
            (.tooLarge(limit: 1_000), "The picture is larger than the 1000-byte download limit."),
            (.unsupportedURL, "Only pictures at http and https addresses can be loaded."),
            (.httpStatus(404), "The picture could not be loaded: the server answered with status 404."),
            (
                .downloadFailed("the connection was refused"),
                "The picture could not be downloaded: the connection was refused."
            ),
            (
                .transport(.transport(.connectionLost), host: "images.example:8080", timeout: 20),
                "The connection to images.example:8080 broke before the whole picture arrived."
            ),
            (
                .transport(.transport(.timedOut), host: "images.example", timeout: 20),
                "images.example did not answer within 20 seconds."
            ),
            (.cancelled, "Loading the picture was cancelled."),
        ])
    func sentences(error: ImageError, sentence: String) {
        #expect(error.sentence == sentence)
    }

    @Test("a decoder's reason is kept to one short line")
    func longReason() {
        let sentence = ImageError.corrupt("line one\nline two. " + String(repeating: "x", count: 300) + ".")
            .sentence
        #expect(!sentence.contains("\n"))
        #expect(sentence.count < 160)
        #expect(sentence.hasPrefix("The picture is damaged or incomplete (line one line two. xxx"))
        #expect(sentence.hasSuffix("…)."))
    }
}
