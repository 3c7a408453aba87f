#ifndef NEWSAPP_CREADLINE_SHIM_H
#define NEWSAPP_CREADLINE_SHIM_H

// GNU readline's headers expect <stdio.h> first.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline keeps its state in mutable globals, which Swift 6 refuses to touch directly. These
// accessors are the only way the app reads or writes them; all calls happen on the main thread.

/// Sets up readline for an app that handles its own signals and completion.
static inline void newsapp_rl_configure(const char *name, rl_completion_func_t *completer) {
    rl_readline_name = name;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_attempted_completion_function = completer;
}

/// The line being edited (not a copy).
static inline const char *newsapp_rl_line_buffer(void) { return rl_line_buffer; }
static inline int newsapp_rl_point(void) { return rl_point; }
static inline void newsapp_rl_set_point(int point) { rl_point = point; }
static inline int newsapp_rl_end(void) { return rl_end; }

/// Stops readline from falling back to file-name completion.
static inline void newsapp_rl_completion_is_complete(void) { rl_attempted_completion_over = 1; }

#endif
