import Images
import SampleEdition

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The sample edition's bundled pictures as the image cache's local pictures: Images knows
/// nothing of the sample edition, and the composition root joins the two.
struct BundledSamplePictures: LocalPictures {
    let pictures: SamplePictures

    func pictureData(for url: URL) -> Data? {
        pictures.data(for: url)
    }
}
