# abi.amd_program: compile amd_program.cpp with AMD's headers (AMD_ROOT/usr/include), link it
# against AMD's libamdhip64.so.5, then run it on unihip. AMD 5's soname is libamdhip64.so.5, so
# WORK_DIR/lib/libamdhip64.so.5 names unihip's libamdhip64.so.7 for this run (unihip ships the
# .so.7 name only: HIP 5 binaries pass HIP 5 struct layouts where unihip's are HIP 6/7's).
set(amd_lib ${AMD_ROOT}/usr/lib/x86_64-linux-gnu/libamdhip64.so.5)
if(NOT AMD_ROOT OR NOT EXISTS ${amd_lib} OR NOT EXISTS ${AMD_ROOT}/usr/include/hip/hip_runtime_api.h)
  message("SKIPPED: set UNIHIP_AMD_HIP_ROOT to a dpkg -x of libamdhip64-dev and libamdhip64-5")
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/lib)
# AMD's library needs ROCr and comgr, absent here: the link takes its symbols only.
execute_process(COMMAND ${CXX} -D__HIP_PLATFORM_AMD__ -I${AMD_ROOT}/usr/include ${SOURCE}
    -o ${WORK_DIR}/amd_program ${amd_lib} -Wl,--allow-shlib-undefined
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling against AMD's headers exited ${rc}:\n${out}")
endif()
execute_process(COMMAND ${NM} -D --undefined-only --with-symbol-versions ${WORK_DIR}/amd_program
  OUTPUT_VARIABLE undefined)
foreach(ref hipMalloc@hip_4.2 hipMemcpy@hip_4.2 hipGetDeviceCount@hip_4.2 hipGetErrorString@hip_4.2)
  string(FIND "${undefined}" "${ref}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "the program does not reference ${ref}:\n${undefined}")
  endif()
endforeach()
file(CREATE_LINK ${LIB_DIR}/libamdhip64.so.7 ${WORK_DIR}/lib/libamdhip64.so.5 SYMBOLIC)
execute_process(COMMAND ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${WORK_DIR}/lib:${LIB_DIR}
    ${WORK_DIR}/amd_program
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "PASSED")
  message(FATAL_ERROR "AMD's program on unihip exited ${rc}")
endif()
