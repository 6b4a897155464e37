/* hipCUB on unihip: block, warp and device-wide primitives written once over unihip's device
 * language, so one kernel source builds for NVIDIA (NVPTX) and AMD (AMDGCN). */
#ifndef HIPCUB_HPP_
#define HIPCUB_HPP_

#include "config.hpp"
#include "thread/thread_operators.hpp"
#include "iterator/iterators.hpp"
#include "util/double_buffer.hpp"
#include "warp/warp_reduce.hpp"
#include "warp/warp_scan.hpp"
#include "block/block_reduce.hpp"
#include "block/block_scan.hpp"
#include "block/block_exchange.hpp"
#include "block/block_load.hpp"
#include "block/block_store.hpp"
#include "block/block_radix_sort.hpp"
#include "block/block_discontinuity.hpp"
#include "block/block_histogram.hpp"
#include "device/device_reduce.hpp"
#include "device/device_scan.hpp"
#include "device/device_radix_sort.hpp"
#include "device/device_segmented_reduce.hpp"
#include "device/device_select.hpp"
#include "device/device_histogram.hpp"

#endif
