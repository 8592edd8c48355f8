// CDynamicTable: a table of a shared library's functions, filled by `dlopen` and `dlsym` the first
// time it is asked for. The shims of libraries only some commands need (Tesseract, zbar, librsvg)
// use it, so a program opens a library, and the libraries it brings, only when it calls into it.
#ifndef DYNAMIC_TABLE_H
#define DYNAMIC_TABLE_H

#include <pthread.h>
#include <stddef.h>

typedef struct dynamic_table {
    // The library's soname, and the Debian package that installs it (for the message).
    const char *_Nonnull library;
    const char *_Nonnull package;
    // One symbol per slot, in the order of the slots (a struct of function pointers).
    const char *_Nonnull const *_Nonnull symbols;
    size_t count;
    void *_Nonnull slots;
    pthread_mutex_t lock;
    int tried;
    int loaded;
    char error[512];
} dynamic_table;

// A table's initializer: `symbols` (an array) fill `functions` (a struct of as many function
// pointers, in the same order; DYNAMIC_TABLE_MATCHES checks the count).
#define DYNAMIC_TABLE(library, package, symbols, functions) \
    { library, package, symbols, sizeof(symbols) / sizeof(symbols[0]), &functions, PTHREAD_MUTEX_INITIALIZER, 0, 0, {0} }
#define DYNAMIC_TABLE_MATCHES(api, symbols) \
    _Static_assert(sizeof(api) == sizeof(symbols) / sizeof(symbols[0]) * sizeof(void *), "one symbol per field of " #api)

// The filled slots, the library opened on the first call; later calls answer the same, a failure
// included. NULL with `*error` set to the table's message (it stays as long as the table) when the
// library or a symbol is missing. The symbols are looked up in the library and in the libraries
// it brings.
const void *_Nullable dynamic_table_load(dynamic_table *_Nonnull table, const char *_Nullable *_Nullable error);

#endif
