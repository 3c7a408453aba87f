// SQLite's C API, FTS5's tokenizer API included, from the system's libsqlite3.
#include <sqlite3.h>
