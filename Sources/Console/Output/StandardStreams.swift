import NewsModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to file descriptor 1.
public enum StandardOutput {
    public static func write(_ text: String) {
        POSIXFile.write(STDOUT_FILENO, text.utf8)
    }
}

/// Unbuffered writes to standard error.
public enum StandardError {
    public static func write(_ line: String) {
        POSIXFile.writeToStandardError(line + "\n")
    }

    /// `text` as it is, without a line break after it (a question waiting for its answer).
    public static func writeRaw(_ text: String) {
        POSIXFile.writeToStandardError(text)
    }
}
