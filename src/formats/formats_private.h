/* formats_private.h: what the readers of the formats module share and no other module sees (the string arena). */
#ifndef TJ_FORMATS_PRIVATE_H
#define TJ_FORMATS_PRIVATE_H

#include <stddef.h>

/* A chunked string arena: pointers into it stay valid until it is reset or freed. */
typedef struct formats_arena_block {
    struct formats_arena_block *next;
    size_t used, cap;
    char data[];
} formats_arena_block;

typedef struct formats_arena {
    formats_arena_block *head;   /* block being filled */
    formats_arena_block *first;
} formats_arena;

/* Copies s[0..n) and a NUL into the arena. */
char *formats_arena_copy(formats_arena *a, const char *s, size_t n);
/* Forgets the strings but keeps the blocks for reuse. */
void formats_arena_reset(formats_arena *a);
void formats_arena_free(formats_arena *a);

#endif
