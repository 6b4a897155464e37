/* unihip: HIP's profiling markers. As in AMD's HIP 6 they expand to nothing: markers are
 * placed with roctx / NVTX directly. */
#ifndef UNIHIP_HIP_PROFILE_H
#define UNIHIP_HIP_PROFILE_H

#define HIP_SCOPED_MARKER(markerName, group)
#define HIP_BEGIN_MARKER(markerName, group)
#define HIP_END_MARKER()

#endif /* UNIHIP_HIP_PROFILE_H */
