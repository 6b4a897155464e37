/* hipRAND's version: major * 100000 + minor * 100 + patch, as AMD's hipRAND spells it. */
#ifndef HIPRAND_HIPRAND_VERSION_H
#define HIPRAND_HIPRAND_VERSION_H
#define HIPRAND_VERSION_MAJOR 3
#define HIPRAND_VERSION_MINOR 1
#define HIPRAND_VERSION_PATCH 0
#define HIPRAND_VERSION 300100
#endif
