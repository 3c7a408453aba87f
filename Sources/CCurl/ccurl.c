// See include/ccurl.h. Every pointer is looked up once, by ccurl_load(); a symbol missing from the
// library makes the load fail with its name, so no call below ever goes through a null pointer.
#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

typedef int (*easy_setopt_fn)(ccurl_easy *, int, ...);
typedef int (*easy_getinfo_fn)(ccurl_easy *, int, ...);

struct multi_message {
    int msg;  // CURLMSG: 1 is CURLMSG_DONE
    ccurl_easy *easy;
    union {
        void *whatever;
        int result;
    } data;
};

struct easy_option {
    const char *name;
    int id;
    int type;
    unsigned int flags;
};

static struct {
    int (*global_init)(long);
    ccurl_easy *(*easy_init)(void);
    void (*easy_cleanup)(ccurl_easy *);
    easy_setopt_fn easy_setopt;
    easy_getinfo_fn easy_getinfo;
    const char *(*easy_strerror)(int);
    const struct easy_option *(*easy_option_by_name)(const char *);
    ccurl_slist *(*slist_append)(ccurl_slist *, const char *);
    void (*slist_free_all)(ccurl_slist *);
    ccurl_multi *(*multi_init)(void);
    int (*multi_add_handle)(ccurl_multi *, ccurl_easy *);
    int (*multi_remove_handle)(ccurl_multi *, ccurl_easy *);
    int (*multi_perform)(ccurl_multi *, int *);
    int (*multi_poll)(ccurl_multi *, void *, unsigned int, int, int *);
    int (*multi_wakeup)(ccurl_multi *);
    struct multi_message *(*multi_info_read)(ccurl_multi *, int *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure = "libcurl was not loaded";
static char load_message[512];

#define LOOK_UP(field, symbol)                                                                     \
    do {                                                                                           \
        *(void **)&curl.field = dlsym(library, symbol);                                            \
        if (curl.field == NULL) {                                                                  \
            snprintf(load_message, sizeof load_message, "libcurl has no %s", symbol);         \
            load_failure = load_message;                                                           \
            return;                                                                                \
        }                                                                                          \
    } while (0)

// Debian's libcurl4 (OpenSSL), else libcurl3-gnutls (the same interface over GnuTLS), which
// machines without libcurl4 often have: git needs it.
static const char *const library_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};

static void load(void) {
    void *library = NULL;
    for (size_t index = 0; library == NULL && index < sizeof library_names / sizeof *library_names; index++) {
        library = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
        // The first name's reason is the one to give: it is the library to install.
        const char *reason = dlerror();
        if (library == NULL && index == 0) {
            snprintf(load_message, sizeof load_message, "%s", reason ? reason : "libcurl.so.4 was not found");
        }
    }
    if (library == NULL) {
        load_failure = load_message;
        return;
    }
    LOOK_UP(global_init, "curl_global_init");
    LOOK_UP(easy_init, "curl_easy_init");
    LOOK_UP(easy_cleanup, "curl_easy_cleanup");
    LOOK_UP(easy_setopt, "curl_easy_setopt");
    LOOK_UP(easy_getinfo, "curl_easy_getinfo");
    LOOK_UP(easy_strerror, "curl_easy_strerror");
    LOOK_UP(easy_option_by_name, "curl_easy_option_by_name");
    LOOK_UP(slist_append, "curl_slist_append");
    LOOK_UP(slist_free_all, "curl_slist_free_all");
    LOOK_UP(multi_init, "curl_multi_init");
    LOOK_UP(multi_add_handle, "curl_multi_add_handle");
    LOOK_UP(multi_remove_handle, "curl_multi_remove_handle");
    LOOK_UP(multi_perform, "curl_multi_perform");
    LOOK_UP(multi_poll, "curl_multi_poll");
    LOOK_UP(multi_wakeup, "curl_multi_wakeup");
    LOOK_UP(multi_info_read, "curl_multi_info_read");
    // CURL_GLOBAL_DEFAULT (SSL); not thread-safe in older libcurls, hence once, here.
    int code = curl.global_init(3);
    if (code != CCURLE_OK) {
        snprintf(load_message, sizeof load_message, "libcurl could not start (%s)", curl.easy_strerror(code));
        load_failure = load_message;
        return;
    }
    load_failure = NULL;
}

const char *ccurl_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

ccurl_easy *ccurl_easy_init(void) { return curl.easy_init(); }

void ccurl_easy_cleanup(ccurl_easy *easy) { curl.easy_cleanup(easy); }

int ccurl_easy_set_long(ccurl_easy *easy, int option, long value) { return curl.easy_setopt(easy, option, value); }

int ccurl_easy_set_pointer(ccurl_easy *easy, int option, const void *value) {
    return curl.easy_setopt(easy, option, value);
}

int ccurl_easy_set_data_callback(ccurl_easy *easy, int option, ccurl_data_callback callback) {
    return curl.easy_setopt(easy, option, callback);
}

int ccurl_easy_get_long(ccurl_easy *easy, int info, long *value) { return curl.easy_getinfo(easy, info, value); }

ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *line) { return curl.slist_append(list, line); }

void ccurl_slist_free_all(ccurl_slist *list) { curl.slist_free_all(list); }

ccurl_multi *ccurl_multi_init(void) { return curl.multi_init(); }

int ccurl_multi_add(ccurl_multi *multi, ccurl_easy *easy) { return curl.multi_add_handle(multi, easy); }

int ccurl_multi_remove(ccurl_multi *multi, ccurl_easy *easy) { return curl.multi_remove_handle(multi, easy); }

int ccurl_multi_perform(ccurl_multi *multi, int *running) { return curl.multi_perform(multi, running); }

int ccurl_multi_poll(ccurl_multi *multi, int timeout_ms) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}

int ccurl_multi_wakeup(ccurl_multi *multi) { return curl.multi_wakeup(multi); }

ccurl_easy *ccurl_multi_next_done(ccurl_multi *multi, int *result) {
    int queued = 0;
    struct multi_message *message;
    while ((message = curl.multi_info_read(multi, &queued)) != NULL) {
        if (message->msg == 1) {
            *result = message->data.result;
            return message->easy;
        }
    }
    return NULL;
}

int ccurl_option_id(const char *name) {
    if (ccurl_load() != NULL) return -1;
    const struct easy_option *option = curl.easy_option_by_name(name);
    return option ? option->id : -1;
}
