import CCurl

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One libcurl transfer (an easy handle) for one request: a GET of an `http` or `https` address,
/// or a POST of its body (a form unless the headers say otherwise), with the request's headers,
/// the body decoded (any encoding libcurl was built with), no redirect followed by libcurl,
/// and every line of the head and piece of the body handed to the ``CurlExchange`` at `context`.
/// Freed with its header list when released, once the engine has taken it off its multi handle.
final class CurlTransfer {
    let handle: OpaquePointer
    private let headers: OpaquePointer?

    /// What a request asks for when its headers do not say: encodings every libcurl decodes.
    /// (Left alone, libcurl would offer whatever it was built with: brotli, zstd.) A server that
    /// sends another encoding all the same is decoded too when libcurl can (Debian's decodes br and
    /// zstd), and is held to the same cap after decoding.
    static let acceptEncoding = "gzip, deflate"

    /// Sent when the request names no `User-Agent` (libcurl sends none).
    static let userAgent = "NewsApp/\(NewsAppVersion.current)"

    init?(_ request: HTTPRequest, context: UnsafeMutableRawPointer) {
        guard let handle = ccurl_easy_init() else { return nil }
        self.handle = handle
        var acceptEncoding = Self.acceptEncoding
        var lines: [String] = []
        var namesUserAgent = false
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            // A line break would end the field and start another: such a header is not sent.
            guard !(name + value).contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                continue
            }
            switch name.lowercased() {
            case "accept-encoding": acceptEncoding = value
            case "user-agent": namesUserAgent = true
            default: break
            }
            if name.lowercased() != "accept-encoding" {
                // `Name;` is how libcurl is told to send a field with an empty value.
                lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
            }
        }
        if !namesUserAgent { lines.append("User-Agent: \(Self.userAgent)") }
        if request.method == .post {
            // libcurl would wait for a `100 Continue` before sending a larger body.
            lines.append("Expect:")
            if !request.headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
                lines.append("Content-Type: application/x-www-form-urlencoded")
            }
        }
        var list: OpaquePointer?
        for line in lines { list = ccurl_slist_append(list, line) ?? list }
        headers = list

        set(CCURLOPT_URL, request.url.absoluteString)
        set(CCURLOPT_PROTOCOLS_STR, "http,https")
        set(CCURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        set(CCURLOPT_FOLLOWLOCATION, 0)
        // Any thread may run transfers: no signals (for timeouts or a closed pipe).
        set(CCURLOPT_NOSIGNAL, 1)
        set(CCURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        // The header to send; setting it also turns decoding on, for every encoding libcurl was
        // built with, whatever the header names (br and zstd bodies are decoded, and capped, too).
        set(CCURLOPT_ACCEPT_ENCODING, acceptEncoding)
        _ = ccurl_easy_set_pointer(handle, Int32(CCURLOPT_HTTPHEADER), UnsafeRawPointer(headers))
        if request.method == .post {
            // The size first: libcurl then copies that many bytes, which may include NUL.
            let body = request.body ?? Data()
            set(CCURLOPT_POSTFIELDSIZE, body.count)
            if body.isEmpty {
                set(CCURLOPT_COPYPOSTFIELDS, "")
            } else {
                _ = body.withUnsafeBytes { bytes in
                    ccurl_easy_set_pointer(handle, Int32(CCURLOPT_COPYPOSTFIELDS), bytes.baseAddress)
                }
            }
        }
        if request.method == .delete { set(CCURLOPT_CUSTOMREQUEST, "DELETE") }
        // The exchange keeps the deadline; this only backs it up.
        set(CCURLOPT_TIMEOUT_MS, Int(request.timeout * 1_000) + 1_000)
        _ = ccurl_easy_set_data_callback(handle, Int32(CCURLOPT_HEADERFUNCTION), receiveHead)
        _ = ccurl_easy_set_pointer(handle, Int32(CCURLOPT_HEADERDATA), context)
        _ = ccurl_easy_set_data_callback(handle, Int32(CCURLOPT_WRITEFUNCTION), receiveBody)
        _ = ccurl_easy_set_pointer(handle, Int32(CCURLOPT_WRITEDATA), context)
    }

    deinit {
        ccurl_easy_cleanup(handle)
        ccurl_slist_free_all(headers)
    }

    /// The `errno` of the last failed connect, 0 when none.
    var systemError: Int {
        var value = 0
        _ = ccurl_easy_get_long(handle, Int32(CCURLINFO_OS_ERRNO), &value)
        return value
    }

    private func set(_ option: Int, _ value: Int) {
        _ = ccurl_easy_set_long(handle, Int32(option), value)
    }

    /// libcurl copies strings it is given.
    private func set(_ option: Int, _ value: String) {
        _ = value.withCString { ccurl_easy_set_pointer(handle, Int32(option), $0) }
    }
}

/// `CURLOPT_HEADERFUNCTION`: one line of the head.
private let receiveHead: ccurl_data_callback = { data, size, count, context in
    let length = size * count
    guard let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    return exchange.receiveHead(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// `CURLOPT_WRITEFUNCTION`: a piece of the body, decoded.
private let receiveBody: ccurl_data_callback = { data, size, count, context in
    let length = size * count
    guard let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    return exchange.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}
