/* libroctx64 through its C header: return values as roctracer documents them, and, linked with
 * libunihip, ranges and marks in the timeline trace.
 *   roctx_tests api            the return values
 *   roctx_tests trace <path>   UNIHIP_TRACE=<path>: ranges reach the trace written on demand
 *   roctx_tests off            no UNIHIP_TRACE: no trace runs, nothing is written */
#include <hip/hip_runtime_api.h>
#include <roctracer/roctx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define EXPECT(c)                                                     \
  do {                                                                \
    if (!(c)) {                                                       \
      fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #c); \
      ++failures;                                                     \
    }                                                                 \
  } while (0)

static void api(void) {
  EXPECT(roctx_version_major() == ROCTX_VERSION_MAJOR);
  EXPECT(roctx_version_minor() == ROCTX_VERSION_MINOR);
  EXPECT(roctxRangePop() == -1); /* nothing open */
  EXPECT(roctxRangePushA("a") == 0);
  EXPECT(roctxRangePush("b") == 1);
  EXPECT(roctxRangePop() == 1);
  EXPECT(roctxRangePop() == 0);
  EXPECT(roctxRangePop() == -1);
  EXPECT(roctxRangePushA(NULL) == 0); /* a null message is an empty one */
  EXPECT(roctxRangePop() == 0);
  roctxMarkA("mark");
  roctxMark(NULL);
  roctx_range_id_t first = roctxRangeStartA("r1");
  roctx_range_id_t second = roctxRangeStart("r2");
  EXPECT(first >= 1);
  EXPECT(second == first + 1);
  roctxRangeStop(first);
  roctxRangeStop(second);
  roctxRangeStop(first); /* already stopped: ignored */
}

static char* readAll(const char* path) {
  FILE* f = fopen(path, "r");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* s = malloc((size_t)n + 1);
  size_t got = fread(s, 1, (size_t)n, f);
  s[got] = '\0';
  fclose(f);
  return s;
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "api";
  if (strcmp(mode, "api") == 0) {
    api();
  } else if (strcmp(mode, "trace") == 0 && argc > 2) {
    int count = 0;
    (void)hipGetDeviceCount(&count); /* the runtime starts: UNIHIP_TRACE's trace runs */
    EXPECT(roctxRangePushA("outer range") == 0);
    EXPECT(roctxRangePushA("inner range") == 1);
    roctxMarkA("the mark");
    EXPECT(roctxRangePop() == 1);
    EXPECT(roctxRangePop() == 0);
    roctxRangeStop(roctxRangeStartA("started range"));
    EXPECT(unihipTraceWrite(NULL) == hipSuccess);
    char* text = readAll(argv[2]);
    EXPECT(text != NULL);
    if (text) {
      EXPECT(strstr(text, "\"traceEvents\"") != NULL);
      EXPECT(strstr(text, "\"name\":\"outer range\",\"cat\":\"roctx\"") != NULL);
      EXPECT(strstr(text, "\"name\":\"inner range\",\"cat\":\"roctx\",\"args\":{\"level\":1}") !=
             NULL);
      EXPECT(strstr(text, "\"ph\":\"i\"") != NULL);
      EXPECT(strstr(text, "\"name\":\"started range\"") != NULL);
      EXPECT(strstr(text, "\"name\":\"hipGetDeviceCount\",\"cat\":\"api\"") != NULL);
      free(text);
    }
  } else if (strcmp(mode, "off") == 0) {
    int count = 0;
    (void)hipGetDeviceCount(&count);
    EXPECT(roctxRangePushA("x") == 0);
    EXPECT(roctxRangePop() == 0);
    EXPECT(unihipTraceWrite(NULL) == hipErrorNotReady);
    EXPECT(unihipTraceWrite("/tmp/unihip-roctx-off.json") == hipErrorNotReady);
  } else {
    fprintf(stderr, "usage: roctx_tests api|trace <path>|off\n");
    return 2;
  }
  if (failures == 0) printf("roctx_tests %s: passed\n", mode);
  return failures == 0 ? 0 : 1;
}
