import CCurl
import NewsModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a transfer that libcurl ended with an error means for the caller, in words the
/// error sentences can use ("Could not reach HOST: …").
enum CurlFailure {
    /// The error for libcurl's result `code`.
    ///
    /// - Parameters:
    ///   - systemError: The `errno` of the last failed connect (`CURLINFO_OS_ERRNO`), 0 if none.
    ///   - afterHead: Whether the response head had arrived: a transfer failing after it means
    ///     the body was cut short, whatever libcurl calls it.
    static func error(_ code: Int, systemError: Int = 0, afterHead: Bool) -> HTTPClientError {
        switch code {
        case CCURLE_OPERATION_TIMEDOUT:
            return .transport(.timedOut)
        case CCURLE_BAD_CONTENT_ENCODING:
            return .transport(.other("its compressed answer was damaged"))
        case _ where afterHead:
            return .transport(.connectionLost)
        default:
            return .transport(transport(code, systemError: systemError))
        }
    }

    /// The transport failure before any response head arrived.
    static func transport(_ code: Int, systemError: Int = 0) -> TransportFailure {
        switch code {
        case CCURLE_COULDNT_CONNECT:
            switch Int32(truncatingIfNeeded: systemError) {
            case ENETUNREACH: return .notConnectedToInternet
            case ETIMEDOUT: return .timedOut
            default: return .connectionRefused
            }
        case CCURLE_COULDNT_RESOLVE_HOST, CCURLE_COULDNT_RESOLVE_PROXY:
            return .hostNotFound
        case CCURLE_GOT_NOTHING, CCURLE_SEND_ERROR, CCURLE_RECV_ERROR, CCURLE_PARTIAL_FILE, CCURLE_HTTP2,
            CCURLE_HTTP2_STREAM, CCURLE_HTTP3:
            return .connectionLost
        case CCURLE_SSL_CONNECT_ERROR, CCURLE_PEER_FAILED_VERIFICATION, CCURLE_SSL_CERTPROBLEM,
            CCURLE_SSL_CIPHER,
            CCURLE_SSL_CACERT_BADFILE, CCURLE_SSL_ISSUER_ERROR, CCURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CCURLE_SSL_INVALIDCERTSTATUS, CCURLE_USE_SSL_FAILED, CCURLE_SSL_ENGINE_NOTFOUND,
            CCURLE_SSL_ENGINE_SETFAILED, CCURLE_SSL_ENGINE_INITFAILED, CCURLE_SSL_CRL_BADFILE,
            CCURLE_SSL_SHUTDOWN_FAILED, CCURLE_SSL_CLIENTCERT, CCURLE_QUIC_CONNECT_ERROR:
            return .secureConnectionFailed
        case CCURLE_OPERATION_TIMEDOUT:
            return .timedOut
        default:
            return .other(reason(code))
        }
    }

    /// Words for the results that have no failure of their own, to follow "Could not reach HOST:";
    /// never a bare code alone.
    static func reason(_ code: Int) -> String {
        switch code {
        case CCURLE_URL_MALFORMAT:
            return "its address is not valid (check the port, from 1 to 65535)"
        case CCURLE_UNSUPPORTED_PROTOCOL, CCURLE_WEIRD_SERVER_REPLY:
            // curl refuses an answer without an HTTP status line (HTTP/0.9) as an unsupported protocol.
            return "it did not answer in HTTP"
        case CCURLE_BAD_CONTENT_ENCODING:
            return "its compressed answer was damaged"
        case CCURLE_LOGIN_DENIED:
            return "it asked for a login"
        case CCURLE_TOO_MANY_REDIRECTS:
            return "it redirected too many times"
        case CCURLE_FILESIZE_EXCEEDED:
            return "its answer was too large"
        case CCURLE_OUT_OF_MEMORY:
            return "the answer could not be kept in memory"
        case CCURLE_FAILED_INIT:
            return "the network library could not start"
        default:
            return "the connection failed (network error \(code))"
        }
    }
}
