/* unihip: the HIP API level it implements (HIP 7.16: docs/hip-version.md), and its own version. */
#ifndef UNIHIP_HIP_VERSION_H
#define UNIHIP_HIP_VERSION_H

#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 16
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH "unihip"
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME "unihip"
/* HIP's encoding: major * 10000000 + minor * 100000 + patch. */
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#define UNIHIP_VERSION_MAJOR 0
#define UNIHIP_VERSION_MINOR 1
#define UNIHIP_VERSION_PATCH 0

#endif
