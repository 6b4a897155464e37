// Thread-local variables on the launch path use the initial-exec TLS model: one %fs-relative
// load instead of a __tls_get_addr call. Only small variables get it, since a library loaded
// with dlopen draws them from glibc's limited static TLS surplus.
#pragma once

#define UNIHIP_HOT_TLS thread_local __attribute__((tls_model("initial-exec")))
