import Configuration

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where podcasts are downloaded: `download_dir` from the config file, else
/// `$XDG_DOWNLOAD_DIR/podcasts`, else `~/Downloads/podcasts`.
public enum DownloadFolder {
    public static func path(settings: Settings, environment: [String: String]) -> String? {
        if let configured = settings[\.downloadDirectory] { return configured }
        if let xdg = environment["XDG_DOWNLOAD_DIR"], xdg.hasPrefix("/") {
            return (xdg.hasSuffix("/") ? String(xdg.dropLast()) : xdg) + "/podcasts"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/Downloads/podcasts"
    }
}
