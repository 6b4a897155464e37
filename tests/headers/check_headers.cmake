# Compiles each include/hip/*.h alone; see CMakeLists.txt. Reports every failure, then fails.
cmake_minimum_required(VERSION 3.20)
file(GLOB headers RELATIVE ${INCLUDE_DIR}/hip ${INCLUDE_DIR}/hip/*.h)
list(SORT headers)
if(NOT headers)
  message(FATAL_ERROR "no headers found in ${INCLUDE_DIR}/hip")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Headers HIP allows in C, and those with device code (compiled through every unihipcc pass).
set(c_headers hip_runtime_api.h hiprtc.h hip_runtime.h hip_vector_types.h)
set(device_headers hip_runtime.h hip_fp16.h hip_bf16.h hip_bfloat16.h hip_fp8.h hip_complex.h
    hipComplex.h hip_cooperative_groups.h hip_vector_types.h math_functions.h device_functions.h
    hip_math_constants.h)

set(failures "")
set(count 0)
function(try_compile_header label)
  math(EXPR n "${count} + 1")
  set(count ${n} PARENT_SCOPE)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message("FAILED: ${label}\n${out}")
    set(failures "${failures}\n  ${label}" PARENT_SCOPE)
  endif()
endfunction()

foreach(h IN LISTS headers)
  string(MAKE_C_IDENTIFIER ${h} stem)
  set(src ${WORK_DIR}/${stem})
  file(WRITE ${src}.cpp "#include <hip/${h}>\n#include <hip/${h}>\nint main() { return 0; }\n")
  foreach(cxx IN ITEMS ${GXX} ${CLANGXX})
    get_filename_component(name ${cxx} NAME)
    try_compile_header("${h} (host C++, ${name})" ${cxx} -std=c++17 -Wall -I${INCLUDE_DIR}
                       -fsyntax-only ${src}.cpp)
  endforeach()
  if(h IN_LIST c_headers)
    file(WRITE ${src}.c "#include <hip/${h}>\n#include <hip/${h}>\nint main(void) { return 0; }\n")
    try_compile_header("${h} (C, gcc)" ${GCC} -std=c11 -Wall -I${INCLUDE_DIR} -fsyntax-only ${src}.c)
  endif()
  if(h IN_LIST device_headers)
    # A kernel, so the device passes emit code (unihipcc includes hip_runtime.h first, as hipcc).
    file(WRITE ${src}.hip "#include <hip/${h}>\n#include <hip/${h}>\n"
                          "__global__ void unihip_header_probe(int* p) { p[0] = 1; }\n")
    try_compile_header("${h} (unihipcc sm_90 + gfx90a + host)" ${UNIHIPCC}
                       --offload-arch=sm_90,gfx90a -c ${src}.hip -o ${src}.o)
  endif()
endforeach()

list(LENGTH headers nheaders)
if(failures)
  message(FATAL_ERROR "header compile failures:${failures}")
endif()
message(STATUS "${nheaders} headers, ${count} compiles, all passed")
