#include "base/readable_memory.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <mutex>
#include <utility>
#include <vector>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace unihip {

namespace {

size_t pageSize() {
  static const size_t size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

// Whether process_vm_readv on ourselves works here: container seccomp profiles often refuse it
// (EPERM), and a refused call costs a system call every time, so the answer is remembered.
enum : int { kUnknown = 0, kVmReadv = 1, kPipe = 2 };
std::atomic<int> g_probeMethod{kUnknown};

// write() copies from our memory in the kernel and answers EFAULT instead of faulting. Up to
// 16 KiB per write through a private pipe (less than its capacity, so it never blocks), drained
// at once. Bytes readable from `p`, or kNoPipe when no pipe can be made.
// write(2) without the sanitizers' interceptor: a probe reads whole pages around an image on
// purpose (bytes past the image's own object are checked, never used), which ASan would report.
ssize_t probeWrite(int fd, const void* p, size_t n) { return syscall(SYS_write, fd, p, n); }

constexpr size_t kPipeBytes = size_t{64} << 10;
constexpr size_t kNoPipe = ~size_t{0};
size_t prefixThroughPipe(const void* p, size_t n) {
  static thread_local int fds[2] = {-1, -1};
  if (fds[0] < 0 && pipe2(fds, O_CLOEXEC) != 0) return kNoPipe;
  constexpr size_t kChunk = size_t{16} << 10;
  char sink[kChunk];
  size_t done = 0;
  while (done < n) {
    const size_t chunk = std::min(kChunk, n - done);
    const char* at = static_cast<const char*>(p) + done;
    const ssize_t wrote = probeWrite(fds[1], at, chunk);
    if (wrote <= 0) {
      // The chunk runs into memory that cannot be read (a write fails whole): find the first
      // such page with one-byte writes.
      const uintptr_t page = pageSize();
      uintptr_t q = reinterpret_cast<uintptr_t>(at);
      const uintptr_t end = q + chunk;
      while (q < end) {
        if (probeWrite(fds[1], reinterpret_cast<const void*>(q), 1) != 1) break;
        char byte;
        if (read(fds[0], &byte, 1) != 1) break;
        q = (q & ~(page - 1)) + page;
      }
      return done + (std::min(q, end) - reinterpret_cast<uintptr_t>(at));
    }
    for (ssize_t drained = 0; drained < wrote;) {
      const ssize_t got = read(fds[0], sink, static_cast<size_t>(wrote - drained));
      if (got <= 0) return done;  // cannot happen with a private pipe; stay conservative
      drained += got;
    }
    done += static_cast<size_t>(wrote);
    if (static_cast<size_t>(wrote) < chunk) return done;
  }
  return n;
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
  // Up to 64 KiB, copying through a pipe is cheaper than process_vm_readv, which pins each page
  // it probes (measured on an H100 host: 0.55 us for a page and 1.4 us for 12 KiB through the
  // pipe; 0.96 us for one page and 1.7 us for three with process_vm_readv).
  if (n <= kPipeBytes || g_probeMethod.load(std::memory_order_relaxed) == kPipe) {
    const size_t got = prefixThroughPipe(p, n);
    if (got != kNoPipe) return got;
  }
  constexpr size_t kBatch = 512;  // remote iovecs per call, under IOV_MAX (1024)
  iovec remote[kBatch];
  char sink[kBatch];
  for (size_t done = 0; done < pages;) {
    const size_t batch = std::min(kBatch, pages - done);
    for (size_t i = 0; i < batch; ++i) remote[i] = {probeAddress(done + i), 1};
    iovec local{sink, batch};
    const ssize_t got = process_vm_readv(getpid(), &local, 1, remote, batch, 0);
    if (got < 0 && (errno == ENOSYS || errno == EPERM)) {
      g_probeMethod.store(kPipe, std::memory_order_relaxed);
      return prefixThroughPipe(p, n);
    }
    g_probeMethod.store(kVmReadv, std::memory_order_relaxed);
    // Transfers stop at the first remote iovec that cannot be read.
    if (got != static_cast<ssize_t>(batch)) return prefix(done + (got > 0 ? got : 0));
    done += batch;
  }
  return n;
}

void usePipeProbesForTesting(bool pipe) {
  g_probeMethod.store(pipe ? kPipe : kUnknown, std::memory_order_relaxed);
}

bool isReadable(const void* p, size_t n) { return n == 0 || readablePrefix(p, n) == n; }

namespace {

// glibc >= 2.35 finds the object holding an address without walking every loaded object or
// taking the loader's lock (_dl_find_object, made for unwinders); looked up at run time, as
// older glibc lacks it.
using FindObject = int (*)(void*, dl_find_object*);
FindObject findObjectFunction() {
  static const FindObject f =
      reinterpret_cast<FindObject>(dlsym(RTLD_DEFAULT, "_dl_find_object"));
  return f;
}

// Bytes from `p` to the end of its PT_LOAD segment, found through _dl_find_object and the
// object's own program headers (its ELF header is the first byte it maps). False when that
// cannot answer (no _dl_find_object, no ELF header there); *bytes is 0 for an address in no
// loaded object.
bool segmentBytesByLookup(const void* p, size_t* bytes) {
  FindObject find = findObjectFunction();
  if (find == nullptr) return false;
  dl_find_object object;
  *bytes = 0;
  if (find(const_cast<void*>(p), &object) != 0) return true;  // in no loaded object
  const auto* header = static_cast<const ElfW(Ehdr)*>(object.dlfo_map_start);
  if (object.dlfo_link_map == nullptr || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_phentsize != sizeof(ElfW(Phdr)))
    return false;
  const auto map = reinterpret_cast<uintptr_t>(object.dlfo_map_start);
  const auto mapEnd = reinterpret_cast<uintptr_t>(object.dlfo_map_end);
  const uintptr_t phdrs = map + header->e_phoff;
  // Only headers on the mapping's first page, which is surely readable (the object's mapping
  // may have protected holes further on).
  if (phdrs < map || phdrs + size_t{header->e_phnum} * sizeof(ElfW(Phdr)) > map + pageSize() ||
      map + pageSize() > mapEnd)
    return false;
  const uintptr_t bias = object.dlfo_link_map->l_addr;
  const auto address = reinterpret_cast<uintptr_t>(p);
  const auto* ph = reinterpret_cast<const ElfW(Phdr)*>(phdrs);
  for (int i = 0; i < header->e_phnum; ++i) {
    if (ph[i].p_type != PT_LOAD) continue;
    const uintptr_t start = bias + ph[i].p_vaddr;
    if (address >= start && address < start + ph[i].p_memsz) {
      *bytes = start + ph[i].p_memsz - address;
      return true;
    }
  }
  return true;  // between the object's segments: a hole
}

// The loaded objects' PT_LOAD segments, rebuilt only when the loader's counters of objects added
// and removed change: a full dl_iterate_phdr walk costs thousands of instructions per image.
struct LoadedSegments {
  std::mutex mutex;
  unsigned long long adds = ~0ull, subs = ~0ull;
  std::vector<std::pair<uintptr_t, uintptr_t>> ranges;  // [start, end), sorted by start
};

// The fallback: the PT_LOAD segments of every loaded object, cached.
size_t segmentBytesByWalk(const void* p) {
  struct Counters {
    unsigned long long adds = 0, subs = 0;
  } now;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t size, void* data) -> int {
        auto* c = static_cast<Counters*>(data);
        if (size >= offsetof(dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs) {
          c->adds = info->dlpi_adds;
          c->subs = info->dlpi_subs;
        }
        return 1;  // the counters are the same in every object's record
      },
      &now);
  static LoadedSegments* cache = new LoadedSegments();  // never destroyed: used at exit too
  std::lock_guard lock(cache->mutex);
  if (now.adds == 0 || now.adds != cache->adds || now.subs != cache->subs) {
    cache->ranges.clear();
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* data) -> int {
          auto* ranges = static_cast<std::vector<std::pair<uintptr_t, uintptr_t>>*>(data);
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const auto& ph = info->dlpi_phdr[i];
            if (ph.p_type != PT_LOAD) continue;
            const uintptr_t start = info->dlpi_addr + ph.p_vaddr;
            ranges->emplace_back(start, start + ph.p_memsz);
          }
          return 0;
        },
        &cache->ranges);
    std::sort(cache->ranges.begin(), cache->ranges.end());
    cache->adds = now.adds == 0 ? ~0ull : now.adds;  // no counters: never trust the cache
    cache->subs = now.subs;
  }
  const auto address = reinterpret_cast<uintptr_t>(p);
  auto it = std::upper_bound(cache->ranges.begin(), cache->ranges.end(),
                             std::make_pair(address, ~uintptr_t{0}));
  if (it == cache->ranges.begin()) return 0;
  --it;
  return address < it->second ? it->second - address : 0;
}

}  // namespace

size_t readableBytesAt(const void* p) {
  size_t bytes = 0;
  return segmentBytesByLookup(p, &bytes) ? bytes : segmentBytesByWalk(p);
}

namespace {

// Where the process's brk heap starts (/proc/self/stat's start_brk, read once; ~0 when it
// cannot be read). [start, sbrk(0)) is one read-write mapping that malloc's main arena grows
// and shrinks at its top and never protects, so bytes there are readable without asking the
// kernel.
uintptr_t brkHeapStart() {
  static const uintptr_t start = [] {
    uintptr_t value = ~uintptr_t{0};
    int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return value;
    char buffer[1024];
    const ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) return value;
    buffer[n] = '\0';
    // Fields after the command's closing parenthesis start at field 3; start_brk is field 47.
    const char* at = std::strrchr(buffer, ')');
    for (int field = 2; at != nullptr && field < 47; ++field) at = std::strchr(at + 1, ' ');
    if (at == nullptr) return value;
    char* end = nullptr;
    const unsigned long long parsed = std::strtoull(at + 1, &end, 10);
    if (end != at + 1 && parsed != 0) value = static_cast<uintptr_t>(parsed);
    return value;
  }();
  return start;
}

}  // namespace

size_t brkHeapBytesAt(const void* p) {
  const auto address = reinterpret_cast<uintptr_t>(p);
  const auto top = reinterpret_cast<uintptr_t>(sbrk(0));  // glibc: the cached break, no call
  if (address >= top || address < brkHeapStart()) return 0;
  return top - address;
}

ImageView ImageView::unsized(const void* base) {
  size_t segment = readableBytesAt(base);
  if (segment == 0) segment = brkHeapBytesAt(base);
  if (segment != 0) return ImageView(base, std::min(segment, kMaxImageSize), false);
  return ImageView(base, 0, true);
}

bool ImageView::readable(size_t offset, size_t n) {
  if (offset > kMaxImageSize || n > kMaxImageSize - offset) return false;
  const size_t end = offset + n;
  if (end <= known_) return true;
  if (!probe_) return false;
  // Probe from the first unverified byte, whole pages at a time, so later reads are free. No
  // look-ahead: a probe costs per byte or per page.
  const size_t page = pageSize();
  const uintptr_t base = reinterpret_cast<uintptr_t>(base_);
  const uintptr_t start = base + known_;
  const uintptr_t stop = std::min<uintptr_t>((base + end + page - 1) & ~(page - 1), base + kMaxImageSize);
  const size_t got = readablePrefix(reinterpret_cast<const void*>(start), stop - start);
  known_ = std::max(known_, std::min<size_t>(start + got - base, kMaxImageSize));
  return end <= known_;
}

}  // namespace unihip
