import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The name a podcast's file is saved under, made from text the feed chose (its title, the
/// enclosure's address and type), so it is made safe: no path separator (`/`, `\`) nor any other
/// character a file system or a shell treats specially, no control or invisible formatting
/// character, no leading dot (no hidden file) and no `..` anywhere, at most ``maximumBytes`` bytes
/// before the extension, never empty. ``available(_:in:)`` then picks a name no file has yet, so an existing
/// file is never overwritten.
public enum DownloadFileName {
    public static let maximumBytes = 120

    /// `Episode 12 - The ice moon.mp3`: the item's title, else the address's last part, and the
    /// extension of the address, else one for the type.
    public static func make(title: String, url: URL, type: String?) -> String {
        let last = url.lastPathComponent.percentDecoded ?? url.lastPathComponent
        let lastExtension = last.pathExtension.lowercased()
        var base = clean(title)
        if base.isEmpty { base = clean(last.deletingPathExtension) }
        if base.isEmpty { base = "episode" }
        let fileExtension =
            isExtension(lastExtension) ? lastExtension : type.flatMap { extensions[$0.lowercased()] } ?? "bin"
        return base + "." + fileExtension
    }

    /// `name`, or `name (2)`, `name (3)`… before its extension: the first that no file in
    /// `folder` has (nor a partial download of it).
    public static func available(_ name: String, in folder: String) -> String {
        candidates(name).first { candidate in
            var status = stat()
            let path = folder + "/" + candidate
            return lstat(path, &status) != 0 && lstat(path + ".part", &status) != 0
        } ?? name
    }

    /// `name`, `name (2)`, `name (3)`… up to 10,000.
    static func candidates(_ name: String) -> [String] {
        let base = name.deletingPathExtension
        let ext = name.pathExtension
        return [name] + (2...10_000).map { "\(base) (\($0))" + (ext.isEmpty ? "" : "." + ext) }
    }

    /// `text` made safe for a file name (see the type), cut to ``maximumBytes``.
    static func clean(_ text: String) -> String {
        var result = ""
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || properties.generalCategory == .format
                || properties.generalCategory == .lineSeparator
                || properties.generalCategory == .paragraphSeparator
                || properties.generalCategory == .unassigned || properties.generalCategory == .privateUse
            {
                continue
            }
            // A run of dots is one dot: no `..` anywhere in the name, not even between dashes.
            if scalar == ".", result.unicodeScalars.last == "." { continue }
            let unsafe: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|", "\u{0}"]
            result.unicodeScalars.append(unsafe.contains(scalar) ? "-" : scalar)
            lastWasSpace = false
        }
        // No leading dot (a hidden file, `.` or `..`), and nothing trailing that some systems drop.
        let trimmed = result.unicodeScalars.drop { $0 == "." || $0 == " " || $0 == "-" }
        var cut = String(String.UnicodeScalarView(trimmed))
        while cut.utf8.count > maximumBytes { cut.removeLast() }
        while let last = cut.unicodeScalars.last, last == " " || last == "." || last == "-" {
            cut.unicodeScalars.removeLast()
        }
        return cut
    }

    private static func isExtension(_ text: String) -> Bool {
        (1...5).contains(text.count)
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
            }
    }

    /// Extensions for the types podcasts come in.
    private static let extensions: [String: String] = [
        "audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/mp4": "m4a", "audio/x-m4a": "m4a", "audio/aac": "aac",
        "audio/ogg": "ogg", "audio/opus": "opus", "audio/flac": "flac", "audio/wav": "wav",
        "audio/x-wav": "wav",
        "video/mp4": "mp4", "video/x-m4v": "m4v", "video/webm": "webm", "video/quicktime": "mov",
        "application/pdf": "pdf", "application/epub+zip": "epub",
    ]
}
