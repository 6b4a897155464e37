#include "base/compressed_bundle.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "base/log.h"

namespace unihip {

namespace {

constexpr uint16_t kMethodZlib = 0;
constexpr uint16_t kMethodZstd = 1;
// Input is handed to the decompressor in steps of this many bytes, each checked readable first
// (v1 declares no total size: its stream's own end bounds it).
constexpr size_t kInputStep = 64 * 1024;
// Output grows by at most this much beyond what was already produced.
constexpr size_t kOutputStep = 1024 * 1024;

struct Header {
  uint16_t version = 0;
  uint16_t method = 0;
  size_t headerSize = 0;
  uint64_t totalSize = 0;  // 0 for v1: unknown
  uint64_t uncompressedSize = 0;
};

template <typename T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <typename... Args>
Status invalid(fmt::format_string<Args...> format, Args&&... args) {
  UNIHIP_LOG_ERROR("fat binary: compressed bundle: {}",
                   fmt::format(format, std::forward<Args>(args)...));
  return hipErrorInvalidImage;
}

Status readHeader(ImageView& view, Header* h) {
  if (!view.readable(0, 8)) return invalid("header truncated");
  const uint8_t* p = view.data();
  h->version = load<uint16_t>(p + 4);
  h->method = load<uint16_t>(p + 6);
  switch (h->version) {
    case 1: h->headerSize = 20; break;
    case 2: h->headerSize = 24; break;
    case 3: h->headerSize = 32; break;
    default: return invalid("unknown version {}", h->version);
  }
  if (!view.readable(0, h->headerSize)) return invalid("v{} header truncated", h->version);
  if (h->version == 1) {
    h->uncompressedSize = load<uint32_t>(p + 8);
  } else if (h->version == 2) {
    h->totalSize = load<uint32_t>(p + 8);
    h->uncompressedSize = load<uint32_t>(p + 12);
  } else {
    h->totalSize = load<uint64_t>(p + 8);
    h->uncompressedSize = load<uint64_t>(p + 16);
  }
  if (h->method != kMethodZlib && h->method != kMethodZstd)
    return invalid("unknown compression method {}", h->method);
  if (h->version >= 2 && (h->totalSize <= h->headerSize || h->totalSize > kMaxImageSize))
    return invalid("total size {} is impossible", h->totalSize);
  if (h->version >= 2 && !view.readable(0, h->totalSize))
    return invalid("total size {} lies past the readable image", h->totalSize);
  if (h->uncompressedSize == 0 || h->uncompressedSize > kMaxDecompressedBundleSize)
    return invalid("uncompressed size {} is out of range (limit {})", h->uncompressedSize,
                   kMaxDecompressedBundleSize);
  return kOk;
}

// Hands the stream after the header to the decompressor in steps that are checked readable
// first; the stream's own end (not the input's) ends decompression.
class InputFeed {
 public:
  InputFeed(ImageView& view, const Header& h)
      : view_(view), pos_(h.headerSize), end_(h.totalSize ? h.totalSize : kMaxImageSize) {}
  // The next readable chunk; empty at the end of the declared or readable input.
  std::pair<const uint8_t*, size_t> next() {
    size_t n = std::min(kInputStep, end_ - pos_);
    while (n > 0 && !view_.readable(pos_, n)) n /= 2;
    return {view_.data() + pos_, n};
  }
  void advance(size_t n) { pos_ += n; }

 private:
  ImageView& view_;
  size_t pos_;
  size_t end_;
};

// Makes room in `out` (whose first `produced` bytes are data) for one more step of output, never
// beyond `limit` bytes in all; false when `limit` is reached.
bool grow(std::vector<uint8_t>* out, size_t produced, size_t limit) {
  if (produced >= limit) return false;
  out->resize(std::min<size_t>(limit, produced + kOutputStep));
  return true;
}

// One byte more than declared is allowed in, so that a stream longer than its header says is
// caught rather than cut.
Status inflateZlib(InputFeed& feed, size_t expected, std::vector<uint8_t>* out) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return invalid("zlib: cannot initialise");
  struct End {
    z_stream* z;
    ~End() { inflateEnd(z); }
  } end{&z};
  size_t produced = 0;
  out->clear();
  for (;;) {
    auto [in, n] = feed.next();
    if (n == 0) return invalid("zlib stream truncated after {} bytes of output", produced);
    z.next_in = const_cast<Bytef*>(in);
    z.avail_in = static_cast<uInt>(n);
    for (;;) {
      if (produced == out->size() && !grow(out, produced, expected + 1))
        return invalid("zlib stream is larger than the declared {} bytes", expected);
      z.next_out = out->data() + produced;
      z.avail_out = static_cast<uInt>(out->size() - produced);
      const int rc = inflate(&z, Z_NO_FLUSH);
      produced = out->size() - z.avail_out;
      if (rc == Z_STREAM_END) {
        feed.advance(n - z.avail_in);
        if (produced != expected)
          return invalid("zlib stream gave {} bytes, header declares {}", produced, expected);
        out->resize(produced);
        return kOk;
      }
      if (rc != Z_OK && rc != Z_BUF_ERROR) return invalid("zlib: {}", z.msg ? z.msg : "error");
      if (z.avail_out > 0) {
        if (z.avail_in == 0) break;  // starved: feed more input
        if (rc == Z_BUF_ERROR) return invalid("zlib: no progress");
      }
    }
    feed.advance(n);
  }
}

Status inflateZstd(InputFeed& feed, size_t expected, std::vector<uint8_t>* out) {
  ZSTD_DStream* stream = ZSTD_createDStream();
  if (stream == nullptr) return invalid("zstd: cannot create a stream");
  struct End {
    ZSTD_DStream* s;
    ~End() { ZSTD_freeDStream(s); }
  } end{stream};
  // Bounds the decoder's window allocation (2^27 is zstd's default limit; clang stays below).
  ZSTD_DCtx_setParameter(stream, ZSTD_d_windowLogMax, 27);
  size_t produced = 0;
  out->clear();
  for (;;) {
    auto [in, n] = feed.next();
    if (n == 0) return invalid("zstd stream truncated after {} bytes of output", produced);
    ZSTD_inBuffer input{in, n, 0};
    for (;;) {
      if (produced == out->size() && !grow(out, produced, expected + 1))
        return invalid("zstd stream is larger than the declared {} bytes", expected);
      ZSTD_outBuffer output{out->data(), out->size(), produced};
      const size_t rc = ZSTD_decompressStream(stream, &output, &input);
      produced = output.pos;
      if (ZSTD_isError(rc)) return invalid("zstd: {}", ZSTD_getErrorName(rc));
      if (rc == 0) {  // the frame is complete and flushed
        feed.advance(input.pos);
        if (produced != expected)
          return invalid("zstd stream gave {} bytes, header declares {}", produced, expected);
        out->resize(produced);
        return kOk;
      }
      // Starved for input (output had room left): feed more.
      if (input.pos == input.size && output.pos < output.size) break;
    }
    feed.advance(n);
  }
}

}  // namespace

Status decompressBundle(ImageView& view, std::vector<uint8_t>* out) {
  Header h;
  UNIHIP_TRY(readHeader(view, &h));
  InputFeed feed(view, h);
  const size_t expected = static_cast<size_t>(h.uncompressedSize);
  Status s = h.method == kMethodZlib ? inflateZlib(feed, expected, out)
                                     : inflateZstd(feed, expected, out);
  if (!s.ok()) {
    out->clear();
    out->shrink_to_fit();
  }
  return s;
}

}  // namespace unihip
