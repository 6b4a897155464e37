# Compiles each include/hip/*.h alone; see CMakeLists.txt. Reports every failure, then fails.
cmake_minimum_required(VERSION 3.20)
file(GLOB headers RELATIVE ${INCLUDE_DIR}/hip ${INCLUDE_DIR}/hip/*.h)
list(SORT headers)
if(NOT headers)
  message(FATAL_ERROR "no headers found in ${INCLUDE_DIR}/hip")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Headers HIP allows in C (gcc -std=c99/c11, clang -std=c11), and those with device code (compiled
# through every unihipcc pass, as C++17 and as C++11: HIP's headers need no more than C++11).
set(c_headers hip_runtime_api.h hiprtc.h hip_vector_types.h hip_runtime.h hip_complex.h)
set(device_headers hip_runtime.h hip_fp16.h hip_bf16.h hip_bfloat16.h hip_fp8.h hip_complex.h
    hipComplex.h hip_cooperative_groups.h hip_vector_types.h math_functions.h device_functions.h
    hip_math_constants.h hip_ext.h)

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
    foreach(std IN ITEMS c++17 c++11)
      try_compile_header("${h} (host ${std}, ${name})" ${cxx} -std=${std} -Wall -I${INCLUDE_DIR}
                         -fsyntax-only ${src}.cpp)
    endforeach()
  endforeach()
  if(h IN_LIST c_headers)
    file(WRITE ${src}.c "#include <hip/${h}>\n#include <hip/${h}>\nint main(void) { return 0; }\n")
    foreach(cc_std IN ITEMS "${GCC}|c99" "${GCC}|c11" "${CLANG}|c11")
      string(REPLACE "|" ";" cc_std ${cc_std})
      list(GET cc_std 0 cc)
      list(GET cc_std 1 std)
      get_filename_component(name ${cc} NAME)
      try_compile_header("${h} (C ${std}, ${name})" ${cc} -x c -std=${std} -Wall -I${INCLUDE_DIR}
                         -fsyntax-only ${src}.c)
    endforeach()
  endif()
  if(h IN_LIST device_headers)
    # A kernel, so the device passes emit code (unihipcc includes hip_runtime.h first, as hipcc).
    file(WRITE ${src}.hip "#include <hip/${h}>\n#include <hip/${h}>\n"
                          "__global__ void unihip_header_probe(int* p) { p[0] = 1; }\n")
    foreach(std IN ITEMS c++17 c++11)
      try_compile_header("${h} (unihipcc -std=${std}: sm_90 + gfx90a + host)" ${UNIHIPCC}
                         -std=${std} --offload-arch=sm_90,gfx90a -c ${src}.hip -o ${src}.o)
    endforeach()
  endif()
endforeach()

# The vector types in C: their C++ sizes and alignments, and make_<type> (built and run).
foreach(cc IN ITEMS ${GCC} ${CLANG})
  get_filename_component(name ${cc} NAME)
  set(exe ${WORK_DIR}/vector_types_c_${name})
  try_compile_header("vector_types_c.c (C11, ${name})" ${cc} -std=c11 -Wall -Werror
                     -I${INCLUDE_DIR} ${CMAKE_CURRENT_LIST_DIR}/vector_types_c.c -o ${exe})
  if(EXISTS ${exe})
    try_compile_header("vector_types_c.c (run, ${name})" ${exe})
  endif()
endforeach()

list(LENGTH headers nheaders)
if(failures)
  message(FATAL_ERROR "header compile failures:${failures}")
endif()
message(STATUS "${nheaders} headers, ${count} compiles, all passed")
