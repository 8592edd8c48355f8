#include "include/dynamic_table.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static void fill(dynamic_table *table) {
    void *library = dlopen(table->library, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(table->error, sizeof(table->error), "cannot load %s (Debian: %s): %s", table->library, table->package, dlerror());
        return;
    }
    void **slots = table->slots;
    for (size_t index = 0; index < table->count; index++) {
        slots[index] = dlsym(library, table->symbols[index]);
        if (!slots[index]) {
            snprintf(table->error, sizeof(table->error), "%s has no function %s", table->library, table->symbols[index]);
            memset(slots, 0, table->count * sizeof(void *));
            dlclose(library);
            return;
        }
    }
    table->loaded = 1;
}

const void *dynamic_table_load(dynamic_table *table, const char **error) {
    pthread_mutex_lock(&table->lock);
    if (!table->tried) {
        table->tried = 1;
        fill(table);
    }
    int loaded = table->loaded;
    pthread_mutex_unlock(&table->lock);
    if (loaded) return table->slots;
    // Written once, before `tried` was set under the lock: read here without it.
    if (error) *error = table->error;
    return NULL;
}
