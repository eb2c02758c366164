/* formats_private.h: what the readers of the formats module share and no other module sees (the string arena). */
#ifndef TJ_FORMATS_PRIVATE_H
#define TJ_FORMATS_PRIVATE_H

#include <stddef.h>

#endif
