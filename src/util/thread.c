/* thread.c: running one function on two halves of some work at once. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <pthread.h>

void util_both(void *(*fn)(void *), void *a, void *b)
{
    pthread_t t;
    int threaded = b != NULL && pthread_create(&t, NULL, fn, b) == 0;
    if (!threaded && b != NULL)
        fn(b);
    fn(a);
    if (threaded)
        pthread_join(t, NULL);
}
