// libcurl, loaded with dlopen at the first request rather than linked: linking it (as
// FoundationNetworking does) maps libcurl and the thirty libraries it needs (OpenSSL, GnuTLS,
// LDAP, SSH, Kerberos, ...) at every launch, about 12 MB of the app's memory, although a launch
// that reads the store, or runs offline, sends nothing.
//
// Only what Networking's client uses is declared here, with the values of curl 7.88's curl.h
// (libcurl.so.4's interface has kept them since 7.x; CurlOptionTests checks the option numbers
// against the loaded library's own table). libcurl's variadic setters are called through typed
// functions, so every call passes its argument as the C calling convention wants.
#ifndef NEWSAPP_CCURL_H
#define NEWSAPP_CCURL_H

#include <stddef.h>

typedef struct ccurl_easy ccurl_easy;
typedef struct ccurl_multi ccurl_multi;
typedef struct ccurl_slist ccurl_slist;

/// `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

/// Loads libcurl.so.4 (else libcurl-gnutls.so.4) and initialises it, once per process. NULL when
/// it is ready, else why not in one line (the dynamic loader's message for libcurl.so.4).
const char *ccurl_load(void);

// Easy handles (one transfer). Call only after ccurl_load() returned NULL.
ccurl_easy *ccurl_easy_init(void);
void ccurl_easy_cleanup(ccurl_easy *easy);
int ccurl_easy_set_long(ccurl_easy *easy, int option, long value);
int ccurl_easy_set_pointer(ccurl_easy *easy, int option, const void *value);
int ccurl_easy_set_data_callback(ccurl_easy *easy, int option, ccurl_data_callback callback);
int ccurl_easy_get_long(ccurl_easy *easy, int info, long *value);

// Header lists.
ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *line);
void ccurl_slist_free_all(ccurl_slist *list);

// Multi handles (transfers run together on one thread).
ccurl_multi *ccurl_multi_init(void);
int ccurl_multi_add(ccurl_multi *multi, ccurl_easy *easy);
int ccurl_multi_remove(ccurl_multi *multi, ccurl_easy *easy);
int ccurl_multi_perform(ccurl_multi *multi, int *running);
int ccurl_multi_poll(ccurl_multi *multi, int timeout_ms);
int ccurl_multi_wakeup(ccurl_multi *multi);
/// The next finished transfer: its easy handle, with its result in `result`; NULL when none.
ccurl_easy *ccurl_multi_next_done(ccurl_multi *multi, int *result);

/// The option number libcurl itself gives `name` (e.g. "URL"), or -1: for tests.
int ccurl_option_id(const char *name);

// Options (CURLOPT_*): long values, then pointers (10000 +), then functions (20000 +).
enum {
    CCURLOPT_TIMEOUT_MS = 155,
    CCURLOPT_FOLLOWLOCATION = 52,
    CCURLOPT_POSTFIELDSIZE = 60,
    CCURLOPT_NOSIGNAL = 99,
    CCURLOPT_SUPPRESS_CONNECT_HEADERS = 265,
    CCURLOPT_WRITEDATA = 10001,
    CCURLOPT_URL = 10002,
    CCURLOPT_HTTPHEADER = 10023,
    CCURLOPT_CUSTOMREQUEST = 10036,
    CCURLOPT_HEADERDATA = 10029,
    CCURLOPT_ACCEPT_ENCODING = 10102,
    CCURLOPT_COPYPOSTFIELDS = 10165,
    CCURLOPT_PROTOCOLS_STR = 10318,
    CCURLOPT_REDIR_PROTOCOLS_STR = 10319,
    CCURLOPT_WRITEFUNCTION = 20011,
    CCURLOPT_HEADERFUNCTION = 20079,
};

// Information (CURLINFO_*).
enum {
    CCURLINFO_OS_ERRNO = 0x200019,
};

// Results (CURLcode) the client tells apart.
enum {
    CCURLE_OK = 0,
    CCURLE_UNSUPPORTED_PROTOCOL = 1,
    CCURLE_FAILED_INIT = 2,
    CCURLE_URL_MALFORMAT = 3,
    CCURLE_COULDNT_RESOLVE_PROXY = 5,
    CCURLE_COULDNT_RESOLVE_HOST = 6,
    CCURLE_COULDNT_CONNECT = 7,
    CCURLE_WEIRD_SERVER_REPLY = 8,
    CCURLE_HTTP2 = 16,
    CCURLE_PARTIAL_FILE = 18,
    CCURLE_WRITE_ERROR = 23,
    CCURLE_OUT_OF_MEMORY = 27,
    CCURLE_OPERATION_TIMEDOUT = 28,
    CCURLE_SSL_CONNECT_ERROR = 35,
    CCURLE_ABORTED_BY_CALLBACK = 42,
    CCURLE_TOO_MANY_REDIRECTS = 47,
    CCURLE_GOT_NOTHING = 52,
    CCURLE_SSL_ENGINE_NOTFOUND = 53,
    CCURLE_SSL_ENGINE_SETFAILED = 54,
    CCURLE_SEND_ERROR = 55,
    CCURLE_RECV_ERROR = 56,
    CCURLE_SSL_CERTPROBLEM = 58,
    CCURLE_SSL_CIPHER = 59,
    CCURLE_PEER_FAILED_VERIFICATION = 60,
    CCURLE_BAD_CONTENT_ENCODING = 61,
    CCURLE_FILESIZE_EXCEEDED = 63,
    CCURLE_USE_SSL_FAILED = 64,
    CCURLE_SSL_ENGINE_INITFAILED = 66,
    CCURLE_LOGIN_DENIED = 67,
    CCURLE_SSL_CACERT_BADFILE = 77,
    CCURLE_SSL_SHUTDOWN_FAILED = 80,
    CCURLE_SSL_CRL_BADFILE = 82,
    CCURLE_SSL_ISSUER_ERROR = 83,
    CCURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
    CCURLE_SSL_INVALIDCERTSTATUS = 91,
    CCURLE_HTTP2_STREAM = 92,
    CCURLE_HTTP3 = 95,
    CCURLE_QUIC_CONNECT_ERROR = 96,
    CCURLE_SSL_CLIENTCERT = 98,
};

#endif
