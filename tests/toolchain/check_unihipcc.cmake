# End-to-end checks of unihipcc on this (GPU-less) machine, run by ctest as
#   cmake -DCHECK=<check> -DUNIHIPCC=... -DBUNDLER=... -DOBJCOPY=... -DNM=... \
#         -DSOURCE_DIR=... -DWORK_DIR=... -P check_unihipcc.cmake
# Checks:
#   bundle        tiny kernel for sm_90,gfx90a: the object's .hip_fatbin lists the cubin, PTX,
#                 gfx90a and host entries, each image has the right ELF machine / PTX target,
#                 and the host object references the HIP registration and launch ABI
#   compile_error a broken kernel: non-zero exit, clang's file:line diagnostic, no object
#   unknown_flag  a bad flag: non-zero exit and a message naming it
#   link          .hip + .cpp linked against libunihip; the program runs (PASSED, or exit 77
#                 when the machine has no GPU)
#   managed_error a __managed__ variable: a compile error that names hipMallocManaged
#   genco         --genco: a bundle of device images only (no host code), one per arch
#   per_thread    -fgpu-default-stream=per-thread: the launch calls hipLaunchKernel_spt
#   preprocess    -E writes preprocessed source; -M lists hip_runtime.h as a dependency
#   install_consumer  cmake --install of this build, then an out-of-tree project using
#                 find_package(unihip) (consumer/) configures, builds and runs

function(fail message)
  message(FATAL_ERROR "toolchain check '${CHECK}' failed: ${message}")
endfunction()

function(run_unihipcc rc_var output_var)
  execute_process(COMMAND ${UNIHIPCC} ${ARGN} WORKING_DIRECTORY ${WORK_DIR}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${output_var} "${out}" PARENT_SCOPE)
endfunction()

# ELF e_machine (bytes 18-19, little endian) of `file`, as hex.
function(elf_machine file out_var)
  file(READ "${file}" magic LIMIT 4 HEX)
  if(NOT magic STREQUAL "7f454c46")
    fail("${file} is not an ELF file (starts with ${magic})")
  endif()
  file(READ "${file}" machine OFFSET 18 LIMIT 2 HEX)
  set(${out_var} "${machine}" PARENT_SCOPE)
endfunction()

# Little-endian u64 at byte `offset` of `file`.
function(read_u64 file offset out_var)
  file(READ "${file}" hex OFFSET ${offset} LIMIT 8 HEX)
  set(value 0)
  foreach(i RANGE 7)
    math(EXPR at "(7 - ${i}) * 2")
    string(SUBSTRING "${hex}" ${at} 2 byte)
    math(EXPR value "(${value} << 8) + 0x${byte}")
  endforeach()
  set(${out_var} ${value} PARENT_SCOPE)
endfunction()

# Every non-empty entry of the bundle `file` starts at a multiple of 4096, as hipcc lays them
# out (-bundle-align=4096): loaders then read the images in place, ELF-aligned (issue 17: an odd
# offset made libelf copy the metadata note, and a use-after-free followed).
function(check_bundle_alignment file)
  file(READ "${file}" magic LIMIT 24 HEX)  # "__CLANG_OFFLOAD_BUNDLE__"
  if(NOT magic STREQUAL "5f5f434c414e475f4f46464c4f41445f42554e444c455f5f")
    fail("${file} is not an uncompressed clang offload bundle")
  endif()
  read_u64("${file}" 24 count)
  set(pos 32)
  set(images 0)
  foreach(i RANGE 1 ${count})
    read_u64("${file}" ${pos} offset)
    math(EXPR pos "${pos} + 8")
    read_u64("${file}" ${pos} size)
    math(EXPR pos "${pos} + 8")
    read_u64("${file}" ${pos} id_length)
    math(EXPR pos "${pos} + 8")
    file(READ "${file}" id OFFSET ${pos} LIMIT ${id_length})
    math(EXPR pos "${pos} + ${id_length}")
    math(EXPR misalignment "${offset} % 4096")
    if(size GREATER 0 AND NOT misalignment EQUAL 0)
      fail("bundle entry ${id} starts at offset ${offset}, not a multiple of 4096")
    endif()
    if(size GREATER 0)
      math(EXPR images "${images} + 1")
    endif()
  endforeach()
  if(images LESS 2)
    fail("${file}: expected at least two images, found ${images}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

if(CHECK STREQUAL "bundle")
  run_unihipcc(rc out --offload-arch=sm_90,gfx90a -c ${SOURCE_DIR}/tiny_kernel.hip -o tiny.o)
  if(NOT rc EQUAL 0)
    fail("unihipcc exited with ${rc}:\n${out}")
  endif()
  execute_process(COMMAND ${OBJCOPY} --dump-section=.hip_fatbin=tiny.hipfb tiny.o
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    fail("no .hip_fatbin section in tiny.o: ${err}")
  endif()
  execute_process(COMMAND ${BUNDLER} -list -type=o -input=tiny.hipfb
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE ids ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    fail("the bundler cannot list the embedded bundle: ${err}")
  endif()
  foreach(id hip-nvptx64-nvidia-cuda--sm_90 hip-nvptx64-nvidia-cuda--compute_90
             hipv4-amdgcn-amd-amdhsa--gfx90a host-)
    string(FIND "${ids}" "${id}" pos)
    if(pos EQUAL -1)
      fail("bundle entry ${id} missing; entries:\n${ids}")
    endif()
  endforeach()
  check_bundle_alignment(${WORK_DIR}/tiny.hipfb)

  # Each image is what its id says: cubin EM_CUDA (190), code object EM_AMDGPU (224), PTX text.
  foreach(pair "hip-nvptx64-nvidia-cuda--sm_90=be00" "hipv4-amdgcn-amd-amdhsa--gfx90a=e000")
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 id)
    list(GET pair 1 expected)
    execute_process(COMMAND ${BUNDLER} -unbundle -type=o -input=tiny.hipfb -targets=${id}
      -output=image.bin WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      fail("cannot extract ${id}: ${err}")
    endif()
    elf_machine(${WORK_DIR}/image.bin machine)
    if(NOT machine STREQUAL expected)
      fail("${id} has ELF machine ${machine}, expected ${expected}")
    endif()
  endforeach()
  execute_process(COMMAND ${BUNDLER} -unbundle -type=o -input=tiny.hipfb
    -targets=hip-nvptx64-nvidia-cuda--compute_90 -output=image.ptx WORKING_DIRECTORY ${WORK_DIR})
  file(STRINGS ${WORK_DIR}/image.ptx target REGEX "^\\.target sm_90")
  file(STRINGS ${WORK_DIR}/image.ptx entry REGEX "\\.entry _Z10tinyKernelPfPji")
  if(NOT target OR NOT entry)
    fail("the PTX entry lacks '.target sm_90' or the tinyKernel entry")
  endif()

  execute_process(COMMAND ${NM} --undefined-only tiny.o WORKING_DIRECTORY ${WORK_DIR}
    OUTPUT_VARIABLE undefined)
  foreach(symbol __hipRegisterFatBinary __hipRegisterFunction __hipUnregisterFatBinary
                 __hipPushCallConfiguration __hipPopCallConfiguration hipLaunchKernel)
    string(REGEX MATCH "U ${symbol}\n" found "${undefined}")
    if(NOT found)
      fail("host object does not reference ${symbol}; undefined symbols:\n${undefined}")
    endif()
  endforeach()

elseif(CHECK STREQUAL "compile_error")
  run_unihipcc(rc out --offload-arch=sm_90,gfx90a -c ${SOURCE_DIR}/broken_kernel.hip -o broken.o)
  if(rc EQUAL 0)
    fail("a broken kernel compiled")
  endif()
  if(NOT out MATCHES "broken_kernel\\.hip:6:[0-9]+: error: use of undeclared identifier")
    fail("no file:line diagnostic in:\n${out}")
  endif()
  if(EXISTS ${WORK_DIR}/broken.o)
    fail("an object was written despite the error")
  endif()

elseif(CHECK STREQUAL "unknown_flag")
  run_unihipcc(rc out --no-such-flag -c ${SOURCE_DIR}/tiny_kernel.hip)
  if(rc EQUAL 0 OR NOT out MATCHES "unknown option '--no-such-flag'")
    fail("exit ${rc}, output:\n${out}")
  endif()

elseif(CHECK STREQUAL "link")
  run_unihipcc(rc out --offload-arch=sm_90,gfx90a ${SOURCE_DIR}/tiny_kernel.hip
               ${SOURCE_DIR}/tiny_main.cpp -o tiny)
  if(NOT rc EQUAL 0)
    fail("link failed (${rc}):\n${out}")
  endif()
  execute_process(COMMAND ${WORK_DIR}/tiny RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT (rc EQUAL 0 AND out MATCHES "PASSED") AND NOT (rc EQUAL 77 AND out MATCHES "SKIPPED"))
    fail("the linked program exited ${rc}:\n${out}")
  endif()
  message(STATUS "linked program: ${out}")

elseif(CHECK STREQUAL "managed_error")
  run_unihipcc(rc out --offload-arch=sm_90,gfx90a -c ${SOURCE_DIR}/managed_kernel.hip -o m.o)
  if(rc EQUAL 0 OR NOT out MATCHES "managed_kernel\\.hip:[0-9]+:[0-9]+: error: 'counter' is unavailable: __managed__ variables are not supported by unihip; allocate with hipMallocManaged")
    fail("exit ${rc}, output:\n${out}")
  endif()

elseif(CHECK STREQUAL "genco")
  run_unihipcc(rc out --genco --offload-arch=sm_90,gfx90a,gfx1100 ${SOURCE_DIR}/tiny_kernel.hip
               -o tiny.hipfb)
  if(NOT rc EQUAL 0)
    fail("unihipcc --genco exited ${rc}:\n${out}")
  endif()
  file(READ ${WORK_DIR}/tiny.hipfb magic LIMIT 24 HEX)  # "__CLANG_OFFLOAD_BUNDLE__"
  if(NOT magic STREQUAL "5f5f434c414e475f4f46464c4f41445f42554e444c455f5f")
    fail("tiny.hipfb is not an offload bundle")
  endif()
  execute_process(COMMAND ${BUNDLER} -list -type=o -input=tiny.hipfb WORKING_DIRECTORY ${WORK_DIR}
    OUTPUT_VARIABLE ids)
  foreach(id hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a
             hipv4-amdgcn-amd-amdhsa--gfx1100)
    string(FIND "${ids}" "${id}" pos)
    if(pos EQUAL -1)
      fail("--genco bundle lacks ${id}; entries:\n${ids}")
    endif()
  endforeach()
  check_bundle_alignment(${WORK_DIR}/tiny.hipfb)

elseif(CHECK STREQUAL "per_thread")
  run_unihipcc(rc out --offload-arch=sm_90 -fgpu-default-stream=per-thread -c
               ${SOURCE_DIR}/per_thread_kernel.hip -o spt.o)
  if(NOT rc EQUAL 0)
    fail("exit ${rc}:\n${out}")
  endif()
  execute_process(COMMAND ${NM} --undefined-only spt.o WORKING_DIRECTORY ${WORK_DIR}
    OUTPUT_VARIABLE undefined)
  if(NOT undefined MATCHES "U hipLaunchKernel_spt\n" OR undefined MATCHES "U hipLaunchKernel\n")
    fail("per-thread launch does not go through hipLaunchKernel_spt:\n${undefined}")
  endif()

elseif(CHECK STREQUAL "preprocess")
  run_unihipcc(rc out -E ${SOURCE_DIR}/tiny_kernel.hip -o tiny.ii)
  file(STRINGS ${WORK_DIR}/tiny.ii launch REGEX "launchTiny")
  if(NOT rc EQUAL 0 OR NOT launch)
    fail("-E exit ${rc}:\n${out}")
  endif()
  run_unihipcc(rc out -M ${SOURCE_DIR}/tiny_kernel.hip)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "tiny_kernel\\.o: .*hip/hip_runtime\\.h")
    fail("-M exit ${rc}:\n${out}")
  endif()

elseif(CHECK STREQUAL "install_consumer")
  execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    fail("cmake --install exited ${rc}:\n${out}")
  endif()
  foreach(file bin/unihipcc bin/unihipinfo lib/libunihip.so include/hip/hip_runtime.h
               include/hip/hip_fp16.h lib/cmake/unihip/unihipConfig.cmake)
    if(NOT EXISTS ${WORK_DIR}/prefix/${file})
      fail("the install lacks ${file}")
    endif()
  endforeach()
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/consumer
      -G Ninja -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DTINY_DIR=${SOURCE_DIR}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    fail("configuring the consumer exited ${rc}:\n${out}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/consumer -j 2
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    fail("building the consumer exited ${rc}:\n${out}")
  endif()
  foreach(program tiny_consumer tiny_plain host_only)
    execute_process(COMMAND ${WORK_DIR}/consumer/${program} RESULT_VARIABLE rc
      OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT (rc EQUAL 0) AND NOT (rc EQUAL 77 AND out MATCHES "SKIPPED"))
      fail("${program} exited ${rc}:\n${out}")
    endif()
    message(STATUS "${program}: ${out}")
  endforeach()

else()
  fail("unknown CHECK")
endif()
