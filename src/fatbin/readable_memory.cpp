#include "fatbin/readable_memory.h"

#include <fcntl.h>
#include <link.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace unihip {

namespace {

// How far past the bytes asked for a probe looks: a typical cubin or code object whole.
constexpr size_t kProbeWindow = size_t{64} << 10;

size_t pageSize() {
  static const size_t size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

// Fallback where process_vm_readv is not allowed (seccomp): write() copies from our memory in
// the kernel and answers EFAULT instead of faulting. One byte through a pipe, drained at once.
bool probeThroughPipe(const void* p) {
  static thread_local int fds[2] = {-1, -1};
  if (fds[0] < 0 && pipe2(fds, O_CLOEXEC) != 0) return false;
  if (write(fds[1], p, 1) != 1) return false;
  char sink;
  return read(fds[0], &sink, 1) == 1;
}

}  // namespace

size_t readablePrefix(const void* p, size_t n) {
  if (n == 0) return 0;
  const auto address = reinterpret_cast<uintptr_t>(p);
  if (p == nullptr || address + n < address) return 0;
  const size_t page = pageSize();
  const uintptr_t firstPage = address & ~(page - 1);
  const size_t pages = (((address + n - 1) & ~(page - 1)) - firstPage) / page + 1;
  // One byte of each page: `p` itself for the first (its page may start before the image).
  auto probeAddress = [&](size_t i) {
    return reinterpret_cast<void*>(std::max<uintptr_t>(firstPage + i * page, address));
  };
  // Bytes from `p` to the end of the first `good` pages, at most n.
  auto prefix = [&](size_t good) {
    return good == 0 ? 0 : std::min<size_t>(n, firstPage + good * page - address);
  };
  constexpr size_t kBatch = 512;  // remote iovecs per call, under IOV_MAX (1024)
  iovec remote[kBatch];
  char sink[kBatch];
  for (size_t done = 0; done < pages;) {
    const size_t batch = std::min(kBatch, pages - done);
    for (size_t i = 0; i < batch; ++i) remote[i] = {probeAddress(done + i), 1};
    iovec local{sink, batch};
    const ssize_t got = process_vm_readv(getpid(), &local, 1, remote, batch, 0);
    if (got < 0 && (errno == ENOSYS || errno == EPERM)) {
      for (size_t i = done; i < pages; ++i)
        if (!probeThroughPipe(probeAddress(i))) return prefix(i);
      return n;
    }
    // Transfers stop at the first remote iovec that cannot be read.
    if (got != static_cast<ssize_t>(batch)) return prefix(done + (got > 0 ? got : 0));
    done += batch;
  }
  return n;
}

bool isReadable(const void* p, size_t n) { return n == 0 || readablePrefix(p, n) == n; }

size_t readableBytesAt(const void* p) {
  struct Query {
    uintptr_t address;
    size_t bytes;
  } query{reinterpret_cast<uintptr_t>(p), 0};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) -> int {
        auto* q = static_cast<Query*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const auto& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD) continue;
          uintptr_t start = info->dlpi_addr + ph.p_vaddr;
          uintptr_t end = start + ph.p_memsz;
          if (q->address >= start && q->address < end) {
            q->bytes = end - q->address;
            return 1;
          }
        }
        return 0;
      },
      &query);
  return query.bytes;
}

ImageView ImageView::unsized(const void* base) {
  size_t segment = readableBytesAt(base);
  if (segment != 0) return ImageView(base, std::min(segment, kMaxImageSize), false);
  return ImageView(base, 0, true);
}

bool ImageView::readable(size_t offset, size_t n) {
  if (offset > kMaxImageSize || n > kMaxImageSize - offset) return false;
  const size_t end = offset + n;
  if (end <= known_) return true;
  if (!probe_) return false;
  // Probe from the first unverified byte, whole pages at a time, and speculatively a window
  // beyond what is asked (one system call instead of one per header an image parser reads):
  // whatever prefix of the window is readable becomes known, so later reads are free.
  const size_t page = pageSize();
  const uintptr_t base = reinterpret_cast<uintptr_t>(base_);
  const uintptr_t start = base + known_;
  const uintptr_t stop = (base + end + page - 1) & ~(page - 1);
  const uintptr_t window =
      std::min<uintptr_t>(std::max<uintptr_t>(stop, start + kProbeWindow), base + kMaxImageSize);
  const size_t got = readablePrefix(reinterpret_cast<const void*>(start), window - start);
  known_ = std::max(known_, std::min<size_t>(start + got - base, kMaxImageSize));
  return end <= known_;
}

}  // namespace unihip
