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
#   managed_error a __managed__ variable: compiles for sm_90,gfx90a where the NVPTX pass plugin
#                 was built; without the plugin, a compile error that names it
#   genco         --genco: a bundle of device images only (no host code), one per arch
#   per_thread    -fgpu-default-stream=per-thread: the launch calls hipLaunchKernel_spt
#   preprocess    -E writes preprocessed source; -M lists hip_runtime.h as a dependency
#   install_consumer  cmake --install of this build, then an out-of-tree project using
#                 find_package(unihip) (consumer/) configures, builds and runs; the install
#                 also has hipcc, hipconfig and the hip / hip-lang packages
#   hipcc_sources bin/hipcc: a .cpp kernel is HIP (its object embeds the bundle), -x c++ and
#                 .c stay host-only, mixed in one link; HIPCC_VERBOSE, HIPCC_COMPILE_FLAGS_APPEND,
#                 HIPCC_LINK_FLAGS_APPEND; -fopenmp (host only)
#   depfile       -MD -MT -MF -MP: one file listing the host AND device passes' headers under the
#                 requested target
#   rdc           -fgpu-rdc across two .cpp files (device function and variable defined in the
#                 other one): objects carry relocatable device code, the link device-links it
#                 (nvlink / lld); also --emit-static-lib and shared libraries (rdc and not);
#                 every program runs (PASSED, or 77 without a GPU)
#   hipconfig     bin/hipconfig --platform/--compiler/--cpp_config/--rocmpath/--version...; the
#                 build tree is a ROCm-shaped root (--path = --rocmpath, --check off PATH);
#                 hipcc -lamdhip64
#   cmake_hip     CMake projects against this build tree: find_package(hip) + hip::device with
#                 CMAKE_CXX_COMPILER=hipcc (a .cpp kernel, -fgpu-rdc across two TUs), and
#                 project(LANGUAGES CXX HIP) with CMAKE_HIP_COMPILER=bin/unihip-clang++
#   nvcc          bin/unihip-nvcc: --version as build systems parse it; a .cu with nvcc's macros
#                 for sm_90 + gfx90a; -dc of two files then an -rdc=true link, and -dlink then a
#                 plain clang++ link (both images hold both TUs' device code); -v's "#$" lines;
#                 -G, -lineinfo, --use_fast_math, -prec-*, -fmad, -ftz, -maxrregcount reach clang/ptxas;
#                 an unknown option and a bad -arch are errors naming them
#   cmake_cuda    project(LANGUAGES CXX CUDA) with CMAKE_CUDA_COMPILER=bin/unihip-nvcc
#                 (cuda_language/): identified as NVIDIA 13.0, a .cu and a separable-compilation
#                 program built for sm_90 + gfx90a and run
#   cmake_cuda_toolkit  find_package(CUDAToolkit) over <build>/cuda (cuda_toolkit/), as NVIDIA's
#                 cuda-samples use it: CUDA::cudart, CMake's static runtime, sm_75..sm_120, a host
#                 C++ program built by the C++ compiler, an nvcc -fatbin image; run

function(fail message)
  message(FATAL_ERROR "toolchain check '${CHECK}' failed: ${message}")
endfunction()

# The bundle embedded in `object` (its .hip_fatbin section) must list `ids`.
function(check_fatbin object)
  get_filename_component(name "${object}" NAME)
  execute_process(COMMAND ${OBJCOPY} --dump-section=.hip_fatbin=${name}.hipfb ${object}
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    fail("no .hip_fatbin section in ${object}: ${err}")
  endif()
  execute_process(COMMAND ${BUNDLER} -list -type=o -input=${name}.hipfb
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE ids ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    fail("the bundler cannot list the bundle of ${object}: ${err}")
  endif()
  foreach(id IN LISTS ARGN)
    string(FIND "${ids}" "${id}" pos)
    if(pos EQUAL -1)
      fail("bundle entry ${id} missing in ${object}; entries:\n${ids}")
    endif()
  endforeach()
endfunction()

# `prefix`'s bin/hipconfig names `prefix` for both --path and --rocmpath, and the prefix is
# ROCm-shaped: what CMake's HIP language and ROCm-built tooling look for under ROCM_PATH.
function(check_rocm_root prefix)
  file(REAL_PATH "${prefix}" expected)
  foreach(option --path --rocmpath)
    execute_process(COMMAND ${prefix}/bin/hipconfig ${option} OUTPUT_VARIABLE root)
    file(REAL_PATH "${root}" root)
    if(NOT root STREQUAL expected)
      fail("${prefix}/bin/hipconfig ${option}: '${root}', expected '${expected}'")
    endif()
  endforeach()
  foreach(file bin/hipcc bin/hipconfig bin/rocm_agent_enumerator include/hip/hip_runtime.h
               lib/libamdhip64.so lib/libamdhip64.so.7 lib/libunihip.so lib/libhiprtc.so
               lib/cmake/hip/hip-config.cmake lib/cmake/hip/hip-config-version.cmake
               lib/cmake/hip-lang/hip-lang-config.cmake
               lib/cmake/hip-lang/hip-lang-config-version.cmake llvm/bin/clang++)
    if(NOT EXISTS ${prefix}/${file})
      fail("the ROCm-shaped root ${prefix} lacks ${file}")
    endif()
  endforeach()
  # --check passes with hipconfig off PATH (it finds its prefix from its own path).
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PATH=/usr/bin:/bin ${prefix}/bin/hipconfig --check
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0 OR out MATCHES "FAIL" OR NOT out MATCHES "libamdhip64.so in [^\n]*good")
    fail("${prefix}/bin/hipconfig --check off PATH: exit ${rc}:\n${out}")
  endif()
endfunction()

# Runs a built program: PASSED (exit 0) or SKIPPED (exit 77, no GPU here).
function(run_program program)
  execute_process(COMMAND ${program} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT (rc EQUAL 0 AND out MATCHES "PASSED") AND NOT (rc EQUAL 77 AND out MATCHES "SKIPPED"))
    fail("${program} exited ${rc}:\n${out}")
  endif()
  message(STATUS "${program}: ${out}")
endfunction()

function(expect_ok rc out what)
  if(NOT rc EQUAL 0)
    fail("${what} exited ${rc}:\n${out}")
  endif()
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
# The PTX of one .entry (from its declaration to its closing brace) of `ptx`.
function(entry_ptx ptx name out_var)
  string(FIND "${ptx}" ".entry ${name}" at)
  if(at EQUAL -1)
    fail("no .entry ${name} in the PTX")
  endif()
  string(SUBSTRING "${ptx}" ${at} -1 entry)
  string(FIND "${entry}" "\n}" end)
  string(SUBSTRING "${entry}" 0 ${end} entry)
  set(${out_var} "${entry}" PARENT_SCOPE)
endfunction()

# Fails unless `text` holds `regex` exactly `expected` times; `what` names the check.
function(expect_match_count text regex expected what)
  string(REGEX MATCHALL "${regex}" found "${text}")
  list(LENGTH found n)
  if(NOT n EQUAL expected)
    fail("${what}: expected ${expected}, got ${n}:\n${text}")
  endif()
endfunction()

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
  get_filename_component(bin_dir "${UNIHIPCC}" DIRECTORY)
  if(EXISTS "${bin_dir}/../lib/libunihip-nvptx-managed.so")
    run_unihipcc(rc out --offload-arch=sm_90,gfx90a -c ${SOURCE_DIR}/managed_kernel.hip -o m.o)
    if(NOT rc EQUAL 0)
      fail("with the plugin: exit ${rc}, output:\n${out}")
    endif()
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env UNIHIP_NVPTX_MANAGED_PLUGIN=/nonexistent
    ${UNIHIPCC} --offload-arch=sm_90,gfx90a -c ${SOURCE_DIR}/managed_kernel.hip -o m2.o
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc EQUAL 0 OR NOT out MATCHES "managed_kernel\\.hip:[0-9]+:[0-9]+: error: 'counter' is unavailable: __managed__ needs unihipcc's NVPTX pass plugin")
    fail("without the plugin: exit ${rc}, output:\n${out}")
  endif()

elseif(CHECK STREQUAL "nvptx_codegen")
  # With the plugin, 16-byte-aligned aggregate copies are 128-bit accesses; without it they
  # still build (64-bit pieces).
  get_filename_component(bin_dir "${UNIHIPCC}" DIRECTORY)
  set(ptx_id hip-nvptx64-nvidia-cuda--compute_90)
  if(EXISTS "${bin_dir}/../lib/libunihip-nvptx-managed.so")
    run_unihipcc(rc out --genco --offload-arch=sm_90 ${SOURCE_DIR}/nvptx_codegen.hip -o w.hipfb)
    expect_ok(${rc} "${out}" "unihipcc --genco")
    execute_process(COMMAND ${BUNDLER} -unbundle -type=o -targets=${ptx_id} -input=w.hipfb
      -output=w.ptx WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc ERROR_VARIABLE out)
    expect_ok(${rc} "${out}" "unbundling the PTX")
    file(READ ${WORK_DIR}/w.ptx ptx)
    string(REGEX MATCHALL "ld\\.global\\.v4\\.u32" loads "${ptx}")
    string(REGEX MATCHALL "st\\.global\\.v4\\.u32" stores "${ptx}")
    list(LENGTH loads nloads)
    list(LENGTH stores nstores)
    # float4 1, double2 1, Pod48 3, memmove of 32 bytes 2.
    if(NOT nloads EQUAL 7 OR NOT nstores EQUAL 7 OR ptx MATCHES "ld\\.global\\.u64")
      fail("expected 7 ld/st.global.v4.u32 each and no 64-bit pieces, got ${nloads}/${nstores}:\n${ptx}")
    endif()
    # nvcc's -prec-sqrt=true: libdevice's hypotf with sqrt.rn, not sqrt.approx.
    if(NOT ptx MATCHES "sqrt\\.rn\\.f32" OR ptx MATCHES "sqrt\\.approx" OR ptx MATCHES "nvvm_reflect")
      fail("hypotf: expected sqrt.rn.f32 and no sqrt.approx:\n${ptx}")
    endif()
    # llvm.copysign (libdevice's tanhf, tanh) as PTX's copysign.
    if(NOT ptx MATCHES "copysign\\.f32" OR NOT ptx MATCHES "copysign\\.f64")
      fail("tanhf/tanh: expected copysign.f32 and copysign.f64:\n${ptx}")
    endif()
    # boundsKernel's four-part early return: one conditional branch.
    entry_ptx("${ptx}" boundsKernel bounds)
    expect_match_count("${bounds}" "@%p[0-9]+ bra" 1 "boundsKernel: conditional branches")
    # blockDim read before blockIdx, as nvcc's PTX (ptxas then reads blockIdx with S2R).
    foreach(dim x y)
      string(FIND "${bounds}" "%ntid.${dim};" ntid_at)
      string(FIND "${bounds}" "%ctaid.${dim};" ctaid_at)
      if(ntid_at EQUAL -1 OR ctaid_at EQUAL -1 OR ntid_at GREATER ctaid_at)
        fail("boundsKernel: expected %ntid.${dim} read before %ctaid.${dim}:\n${bounds}")
      endif()
    endforeach()
    # sincosLoop: the huge-argument paths' |x| == inf tests stay there, out of the loop header
    # (the header runs from its label to its first branch).
    entry_ptx("${ptx}" sincosLoop sincos)
    string(REGEX MATCHALL "setp\\.[a-z]+\\.f32[^\n]*0f7F800000" inf_tests "${sincos}")
    list(LENGTH inf_tests ninf)
    string(FIND "${sincos}" "Loop Header" header_at)
    string(SUBSTRING "${sincos}" ${header_at} -1 header)
    string(FIND "${header}" " bra" header_end)
    string(SUBSTRING "${header}" 0 ${header_end} header)
    if(header_at EQUAL -1 OR NOT ninf EQUAL 2 OR header MATCHES "0f7F800000")
      fail("sincosLoop: expected 2 |x| == inf tests, none in the loop header, got ${ninf}:\n${sincos}")
    endif()
    # sinCosOfOne: sin and cos of one x as one sincos: one call of the huge-argument reduction.
    entry_ptx("${ptx}" sinCosOfOne pair)
    expect_match_count("${pair}" "__internal_trig_reduction_slowpathd" 1
                       "sinCosOfOne: calls of the huge-argument reduction")
    # sharedReverse: 32-bit shared addresses (clang's -fcuda-short-ptr with the backend's flag).
    entry_ptx("${ptx}" sharedReverse shared)
    if(NOT shared MATCHES "mov\\.u32[ \t]+%r[0-9]+, _ZZ13sharedReverseE4tile;" OR
       NOT shared MATCHES "st\\.shared\\.f32[ \t]+\\[%r[0-9]+\\]" OR
       NOT shared MATCHES "ld\\.shared\\.f32[ \t]+%f[0-9]+, \\[%r[0-9]+" OR
       shared MATCHES "\\.shared[^\n]*\\[%rd")
      fail("sharedReverse: expected 32-bit shared addresses:\n${shared}")
    endif()
    # float atomicMin, double atomicMax_system: a volatile load, the compare, then the only
    # atomic (a CAS), which the compare skips; atomicExch(double): one atom.exch.b64.
    foreach(spec "atomicMinFloat;u32;f32;atom.global.cas.b32"
                 "atomicMaxSystemDouble;u64;f64;atom.sys.cas.b64")
      list(GET spec 0 kernel)
      list(GET spec 1 width)
      list(GET spec 2 compare)
      list(GET spec 3 cas)
      entry_ptx("${ptx}" ${kernel} body)
      expect_match_count("${body}" "atom\\." 1 "${kernel}: atomics")
      string(FIND "${body}" "ld.volatile.global.${width}" load_at)
      string(REGEX MATCH "setp\\.[a-z]+\\.${compare}[^\n]*" compare_line "${body}")
      set(compare_at -1)
      if(compare_line)
        string(FIND "${body}" "${compare_line}" compare_at)
      endif()
      string(FIND "${body}" "${cas}" cas_at)
      if(load_at EQUAL -1 OR compare_at LESS load_at OR cas_at LESS compare_at)
        fail("${kernel}: expected ld.volatile.global.${width}, setp.*.${compare}, then ${cas}:\n${body}")
      endif()
    endforeach()
    entry_ptx("${ptx}" atomicExchDouble exch)
    expect_match_count("${exch}" "atom\\.global\\.exch\\.b64" 1 "atomicExchDouble: atom.exch.b64")
    expect_match_count("${exch}" "atom\\." 1 "atomicExchDouble: atomics")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env UNIHIP_NVPTX_MANAGED_PLUGIN=/nonexistent
    ${UNIHIPCC} --genco --offload-arch=sm_90 ${SOURCE_DIR}/nvptx_codegen.hip -o w2.hipfb
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok(${rc} "${out}" "unihipcc without the plugin")
  # nvcc-like partial unrolling budget in the NVPTX pass (src/unihipcc/pipeline.cpp).
  foreach(level_expect "-O3;=250" "-O2;=150" "-O1;none" "-O0;none")
    list(GET level_expect 0 level)
    list(GET level_expect 1 expected)
    run_unihipcc(rc out -v --genco --offload-arch=sm_90 ${level} ${SOURCE_DIR}/nvptx_codegen.hip
                 -o u.hipfb)
    expect_ok(${rc} "${out}" "unihipcc -v ${level}")
    string(REGEX MATCH "-unroll-partial-threshold(=[0-9]+)" found "${out}")
    set(got "${CMAKE_MATCH_1}")
    if(NOT found)
      set(got none)
    endif()
    if(NOT got STREQUAL expected)
      fail("${level}: expected unroll-partial-threshold ${expected}, got ${got}:\n${out}")
    endif()
    # SimplifyCFG's branch folding budget, whenever optimizing.
    if(level STREQUAL "-O0" AND out MATCHES "-bonus-inst-threshold")
      fail("-O0: unexpected -bonus-inst-threshold:\n${out}")
    elseif(NOT level STREQUAL "-O0" AND NOT out MATCHES "-bonus-inst-threshold=3")
      fail("${level}: expected -bonus-inst-threshold=3:\n${out}")
    endif()
  endforeach()

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
               include/hip/hip_fp16.h lib/cmake/unihip/unihipConfig.cmake bin/hipcc
               bin/hipconfig bin/unihip-clang++ bin/unihip-nvcc lib/cmake/hip/hip-config.cmake)
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
  # The installed hipconfig, and CMake's HIP language against the install (its ROCm root,
  # hip-lang package and compiler symlinks).
  check_rocm_root(${WORK_DIR}/prefix)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env UNIHIP_OFFLOAD_ARCHS=sm_90,gfx90a
      ${CMAKE_COMMAND} -S ${SOURCE_DIR}/hip_language -B ${WORK_DIR}/hip_language -G Ninja
      -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DUNIHIP_TESTS=${SOURCE_DIR}
      -DCMAKE_HIP_COMPILER=${WORK_DIR}/prefix/bin/unihip-clang++
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "HIP compiler identification is Clang")
    fail("configuring hip_language against the install exited ${rc}:\n${out}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/hip_language -j 2 --target tiny_hip
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    fail("building hip_language against the install exited ${rc}:\n${out}")
  endif()
  execute_process(COMMAND ${WORK_DIR}/hip_language/tiny_hip RESULT_VARIABLE rc
    OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT (rc EQUAL 0) AND NOT (rc EQUAL 77 AND out MATCHES "SKIPPED"))
    fail("tiny_hip (installed unihip) exited ${rc}:\n${out}")
  endif()

elseif(CHECK STREQUAL "hipcc_sources")
  set(HIPCC ${BUILD_DIR}/bin/hipcc)
  set(ARCHS --offload-arch=sm_90,gfx90a)
  # A .cpp with a kernel is HIP (as hipcc): its object embeds the bundle.
  execute_process(COMMAND ${HIPCC} ${ARCHS} -c ${SOURCE_DIR}/rdc_b.cpp -o b.o
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "hipcc -c rdc_b.cpp")
  check_fatbin(${WORK_DIR}/b.o hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a)
  # -x c++ and .c stay host-only: no bundle section; mixed with HIP sources in one link.
  execute_process(COMMAND ${HIPCC} ${ARCHS} -x c++ ${SOURCE_DIR}/tiny_main.cpp -x none
      ${SOURCE_DIR}/tiny_kernel.hip ${SOURCE_DIR}/host_only.c -o mixed -save-temps
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "hipcc mixed link")
  run_program(${WORK_DIR}/mixed)
  execute_process(COMMAND ${HIPCC} -x c++ -c ${SOURCE_DIR}/tiny_main.cpp -o host.o
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "hipcc -x c++ -c")
  execute_process(COMMAND ${OBJCOPY} --dump-section=.hip_fatbin=host.hipfb host.o
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc ERROR_QUIET)
  if(rc EQUAL 0)
    fail("-x c++ produced a HIP object (it has a .hip_fatbin section)")
  endif()
  # HIPCC_VERBOSE=1 prints the commands; HIPCC_COMPILE_FLAGS_APPEND reaches every pass;
  # HIPCC_LINK_FLAGS_APPEND the link.
  execute_process(COMMAND ${CMAKE_COMMAND} -E env HIPCC_VERBOSE=1
      "HIPCC_COMPILE_FLAGS_APPEND=-DUNIHIP_FROM_ENV=1"
      "HIPCC_LINK_FLAGS_APPEND=-Wl,-Map,env.map"
      ${HIPCC} ${ARCHS} ${SOURCE_DIR}/needs_define.cpp -o env_prog
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "hipcc with HIPCC_* variables")
  if(NOT out MATCHES "clang[^\n]*--cuda-device-only[^\n]*-DUNIHIP_FROM_ENV=1" OR
     NOT out MATCHES "ptxas")
    fail("HIPCC_VERBOSE=1 did not print the device commands:\n${out}")
  endif()
  if(NOT EXISTS ${WORK_DIR}/env.map)
    fail("HIPCC_LINK_FLAGS_APPEND did not reach the link (no env.map)")
  endif()
  # -fopenmp: the host code is OpenMP (calls libomp's __kmpc_fork_call), the device images are
  # built as usual. Compile only: Debian's clang-19 comes without libomp to link.
  execute_process(COMMAND ${HIPCC} ${ARCHS} -fopenmp -c ${SOURCE_DIR}/openmp_host.cpp -o omp.o
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "hipcc -fopenmp -c")
  check_fatbin(${WORK_DIR}/omp.o hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a)
  execute_process(COMMAND ${NM} --undefined-only omp.o WORKING_DIRECTORY ${WORK_DIR}
    OUTPUT_VARIABLE undefined)
  if(NOT undefined MATCHES "U __kmpc_fork_call")
    fail("-fopenmp did not reach the host pass:\n${undefined}")
  endif()
  # An unknown option is an error naming it.
  execute_process(COMMAND ${HIPCC} --no-such-option -c ${SOURCE_DIR}/rdc_b.cpp
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc EQUAL 0 OR NOT out MATCHES "unknown option '--no-such-option'")
    fail("unknown option: exit ${rc}:\n${out}")
  endif()

elseif(CHECK STREQUAL "depfile")
  run_unihipcc(rc out --offload-arch=sm_90,gfx90a -MD -MT custom/target.o -MF dep.d -MP
               -c ${SOURCE_DIR}/dep_kernel.cpp -o dep.o)
  expect_ok("${rc}" "${out}" "unihipcc -MD")
  file(READ ${WORK_DIR}/dep.d deps)
  if(NOT deps MATCHES "^custom/target\\.o:")
    fail("the dependency file does not name the -MT target:\n${deps}")
  endif()
  foreach(header dep_device_only\\.h dep_host_only\\.h hip/hip_runtime\\.h dep_kernel\\.cpp)
    if(NOT deps MATCHES "${header}")
      fail("the dependency file lacks ${header}:\n${deps}")
    endif()
  endforeach()
  if(NOT deps MATCHES "\n[^\n]*dep_device_only\\.h:\n")
    fail("-MP: no phony rule for the headers:\n${deps}")
  endif()
  # Without -MF: <object stem>.d beside the object, naming the object.
  run_unihipcc(rc out --offload-arch=gfx90a -MMD -c ${SOURCE_DIR}/dep_kernel.cpp -o dep2.o)
  expect_ok("${rc}" "${out}" "unihipcc -MMD")
  file(READ ${WORK_DIR}/dep2.d deps)
  if(NOT deps MATCHES "^dep2\\.o:" OR NOT deps MATCHES "dep_device_only\\.h" OR
     deps MATCHES "/usr/include")
    fail("-MMD: wrong dependency file:\n${deps}")
  endif()

elseif(CHECK STREQUAL "rdc")
  set(ARCHS --offload-arch=sm_90,gfx90a)
  foreach(tu rdc_a rdc_b)
    run_unihipcc(rc out ${ARCHS} -fgpu-rdc -c ${SOURCE_DIR}/${tu}.cpp -o ${tu}.o)
    expect_ok("${rc}" "${out}" "unihipcc -fgpu-rdc -c ${tu}.cpp")
    execute_process(COMMAND ${BUNDLER} -list -type=o -input=${tu}.o WORKING_DIRECTORY ${WORK_DIR}
      OUTPUT_VARIABLE ids)
    if(NOT ids MATCHES "hip-nvptx64-nvidia-cuda--sm_90" OR
       NOT ids MATCHES "hipv4-amdgcn-amd-amdhsa--gfx90a")
      fail("${tu}.o carries no relocatable device code; bundle entries:\n${ids}")
    endif()
    execute_process(COMMAND ${NM} --undefined-only ${tu}.o WORKING_DIRECTORY ${WORK_DIR}
      OUTPUT_VARIABLE undefined)
    if(NOT undefined MATCHES "U __hip_fatbin_[0-9a-f]+\n")
      fail("${tu}.o does not refer to a link-time fat binary:\n${undefined}")
    endif()
  endforeach()
  # The device link: one bundle with an image per arch holding both TUs' kernels.
  run_unihipcc(rc out ${ARCHS} -fgpu-rdc rdc_a.o rdc_b.o ${SOURCE_DIR}/rdc_main.cpp -o rdc_app
               -save-temps)
  expect_ok("${rc}" "${out}" "unihipcc -fgpu-rdc link")
  check_fatbin(${WORK_DIR}/rdc_app hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a)
  foreach(pair "hip-nvptx64-nvidia-cuda--sm_90=be00" "hipv4-amdgcn-amd-amdhsa--gfx90a=e000")
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 id)
    list(GET pair 1 expected)
    execute_process(COMMAND ${BUNDLER} -unbundle -type=o -input=rdc_app.hipfb -targets=${id}
      -output=${id}.img WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc ERROR_VARIABLE err)
    expect_ok("${rc}" "${err}" "unbundling ${id}")
    elf_machine(${WORK_DIR}/${id}.img machine)
    if(NOT machine STREQUAL expected)
      fail("${id} has ELF machine ${machine}, expected ${expected}")
    endif()
    execute_process(COMMAND ${NM} ${id}.img WORKING_DIRECTORY ${WORK_DIR} OUTPUT_VARIABLE syms
      ERROR_VARIABLE syms)
    # Both images: an NVIDIA link that read no device code (nvlink given inputs it did not take
    # for cubins) yields a valid but empty image.
    if(NOT syms MATCHES "_Z9rdcKernelPii" OR NOT syms MATCHES "_Z14rdcReadCounterPj" OR
       NOT syms MATCHES "rdcCounter")
      fail("the linked ${id} image lacks a kernel or the variable:\n${syms}")
    endif()
  endforeach()
  run_program(${WORK_DIR}/rdc_app)
  # Without -fgpu-rdc at the link the fat binary is missing: a link error, as with clang.
  run_unihipcc(rc out ${ARCHS} rdc_a.o rdc_b.o ${SOURCE_DIR}/rdc_main.cpp -o no_devlink)
  if(rc EQUAL 0 OR NOT out MATCHES "__hip_fatbin_")
    fail("linking -fgpu-rdc objects without -fgpu-rdc did not fail on __hip_fatbin_*:\n${out}")
  endif()
  # A static device library (an ar archive of -fgpu-rdc objects, as rocm-examples builds one)
  # named by -L/-l: its device code joins the device link, as with clang.
  find_program(AR_TOOL NAMES llvm-ar-19 llvm-ar ar REQUIRED)
  file(REMOVE ${WORK_DIR}/librdcdev.a)
  execute_process(COMMAND ${AR_TOOL} rcs librdcdev.a rdc_a.o rdc_b.o WORKING_DIRECTORY ${WORK_DIR}
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  expect_ok("${rc}" "${err}" "ar of -fgpu-rdc objects")
  run_unihipcc(rc out ${ARCHS} -fgpu-rdc ${SOURCE_DIR}/rdc_main.cpp -L. -lrdcdev -o rdc_lflag)
  expect_ok("${rc}" "${out}" "unihipcc -fgpu-rdc link of -lrdcdev")
  check_fatbin(${WORK_DIR}/rdc_lflag hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a)
  # --emit-static-lib: device code linked into the archive; a plain link uses it.
  run_unihipcc(rc out ${ARCHS} --emit-static-lib ${SOURCE_DIR}/rdc_a.cpp rdc_b.o -o librdc.a)
  expect_ok("${rc}" "${out}" "unihipcc --emit-static-lib")
  run_unihipcc(rc out ${ARCHS} ${SOURCE_DIR}/rdc_main.cpp librdc.a -o rdc_static)
  expect_ok("${rc}" "${out}" "linking the static library")
  check_fatbin(${WORK_DIR}/rdc_static hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a)
  run_program(${WORK_DIR}/rdc_static)
  # Shared libraries holding device code: -fgpu-rdc and not.
  run_unihipcc(rc out ${ARCHS} -fgpu-rdc -shared -fPIC ${SOURCE_DIR}/rdc_a.cpp
               ${SOURCE_DIR}/rdc_b.cpp -o librdc.so)
  expect_ok("${rc}" "${out}" "unihipcc -fgpu-rdc -shared")
  check_fatbin(${WORK_DIR}/librdc.so hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a)
  run_unihipcc(rc out ${ARCHS} ${SOURCE_DIR}/rdc_main.cpp -L. -lrdc -Wl,-rpath,${WORK_DIR}
               -o rdc_shared)
  expect_ok("${rc}" "${out}" "linking against librdc.so")
  run_program(${WORK_DIR}/rdc_shared)
  run_unihipcc(rc out ${ARCHS} -shared -fPIC ${SOURCE_DIR}/tiny_kernel.hip -o libtiny.so)
  expect_ok("${rc}" "${out}" "unihipcc -shared (no rdc)")
  run_unihipcc(rc out ${ARCHS} ${SOURCE_DIR}/tiny_main.cpp -L. -ltiny -Wl,-rpath,${WORK_DIR}
               -o tiny_shared)
  expect_ok("${rc}" "${out}" "linking against libtiny.so")
  run_program(${WORK_DIR}/tiny_shared)

elseif(CHECK STREQUAL "hipconfig")
  set(HIPCONFIG ${BUILD_DIR}/bin/hipconfig)
  foreach(pair "--platform=^amd$" "--compiler=^clang$" "-P=^amd$" "--runtime=^rocclr$"
               "--cpp_config=-D__HIP_PLATFORM_AMD__=.*-I/" "--version=^[0-9]+\\.[0-9]+\\.[0-9]+-"
               "--path=^/" "-p=^/" "--newline=^\n$" "--full=HIP_PLATFORM +:amd")
    string(FIND "${pair}" "=" eq)
    string(SUBSTRING "${pair}" 0 ${eq} option)
    math(EXPR eq "${eq} + 1")
    string(SUBSTRING "${pair}" ${eq} -1 expected)
    execute_process(COMMAND ${HIPCONFIG} ${option} RESULT_VARIABLE rc OUTPUT_VARIABLE out
      ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT out MATCHES "${expected}")
      fail("hipconfig ${option}: exit ${rc}, '${out}' does not match '${expected}' ${err}")
    endif()
  endforeach()
  check_rocm_root(${BUILD_DIR})
  execute_process(COMMAND ${HIPCONFIG} --rocmpath OUTPUT_VARIABLE root)
  # -lamdhip64 (AMD's runtime name) links with hipcc: the program needs libamdhip64.so.7 and runs.
  execute_process(COMMAND ${BUILD_DIR}/bin/hipcc -x c++ ${SOURCE_DIR}/consumer/host_only.cpp
      -lamdhip64 -o amd_named WORKING_DIRECTORY ${WORK_DIR}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "hipcc -lamdhip64")
  execute_process(COMMAND ${NM} -D --undefined-only ${WORK_DIR}/amd_named  # llvm-nm: versions shown
    OUTPUT_VARIABLE undefined)
  if(NOT undefined MATCHES "@hip_4\\.2")
    fail("hipcc -lamdhip64: no reference carries AMD's version nodes:\n${undefined}")
  endif()
  execute_process(COMMAND ${WORK_DIR}/amd_named RESULT_VARIABLE rc OUTPUT_VARIABLE out
    ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "the -lamdhip64 program")
  execute_process(COMMAND ${HIPCONFIG} --bogus RESULT_VARIABLE rc OUTPUT_QUIET)
  if(rc EQUAL 0)
    fail("hipconfig --bogus succeeded")
  endif()
  # The compiler reports the same root, as CMake's HIP language asks it.
  execute_process(COMMAND ${BUILD_DIR}/bin/unihip-clang++ -v -print-targets
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err MATCHES "Found HIP installation: ([^,\n]*)")
    fail("unihip-clang++ -v -print-targets: exit ${rc}:\n${err}")
  endif()
  file(REAL_PATH "${CMAKE_MATCH_1}" from_compiler)
  file(REAL_PATH "${root}" from_hipconfig)
  if(NOT from_compiler STREQUAL from_hipconfig)
    fail("the compiler's root ${from_compiler} differs from hipconfig's ${from_hipconfig}")
  endif()

elseif(CHECK STREQUAL "cmake_hip")
  # find_hip: the C++ compiler is unihip's hipcc; GPU_TARGETS (sm_90;gfx90a) reaches
  # hip::device targets, HCC_AMDGPU_TARGET keeps CMake's own compiler checks to one arch.
  # hip_language: CMAKE_HIP_COMPILER is the one setting; the default archs come from the
  # root's rocm_agent_enumerator (UNIHIP_OFFLOAD_ARCHS narrows them to keep this check short).
  set(find_hip_args -DCMAKE_CXX_COMPILER=${BUILD_DIR}/bin/hipcc)
  set(find_hip_env HCC_AMDGPU_TARGET=gfx90a)
  set(hip_language_args -DCMAKE_HIP_COMPILER=${BUILD_DIR}/bin/unihip-clang++)
  set(hip_language_env "UNIHIP_OFFLOAD_ARCHS=sm_90,gfx90a")
  foreach(project find_hip hip_language)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env ${${project}_env}
        ${CMAKE_COMMAND} -S ${SOURCE_DIR}/${project} -B ${WORK_DIR}/${project}
        -G Ninja -DCMAKE_PREFIX_PATH=${BUILD_DIR} -DUNIHIP_TESTS=${SOURCE_DIR} ${${project}_args}
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    expect_ok("${rc}" "${out}" "configuring ${project}")
    execute_process(COMMAND ${CMAKE_COMMAND} -E env ${${project}_env}
        ${CMAKE_COMMAND} --build ${WORK_DIR}/${project} -j 2
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    expect_ok("${rc}" "${out}" "building ${project}")
  endforeach()
  run_program(${WORK_DIR}/find_hip/rdc_app)
  run_program(${WORK_DIR}/find_hip/tiny_app)
  execute_process(COMMAND ${WORK_DIR}/find_hip/host_only RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  expect_ok("${rc}" "${out}" "host_only (hip::host)")
  check_fatbin(${WORK_DIR}/find_hip/rdc_app hip-nvptx64-nvidia-cuda--sm_90
               hipv4-amdgcn-amd-amdhsa--gfx90a)
  run_program(${WORK_DIR}/hip_language/tiny_hip)
  run_program(${WORK_DIR}/hip_language/rdc_hip)
  check_fatbin(${WORK_DIR}/hip_language/tiny_hip hip-nvptx64-nvidia-cuda--sm_90
               hipv4-amdgcn-amd-amdhsa--gfx90a)

elseif(CHECK STREQUAL "nvcc")
  set(NVCC ${BUILD_DIR}/bin/unihip-nvcc)
  function(run_nvcc rc_var output_var)
    execute_process(COMMAND ${NVCC} ${ARGN} WORKING_DIRECTORY ${WORK_DIR}
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    set(${rc_var} "${rc}" PARENT_SCOPE)
    set(${output_var} "${out}" PARENT_SCOPE)
  endfunction()
  # What CMake (vendor regex, V<x.y.z>) and Makefiles ("release X.Y") read.
  run_nvcc(rc out --version)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "nvcc: NVIDIA \\(R\\) Cuda compiler driver" OR
     NOT out MATCHES "release 13\\.0, V13\\.0\\.[0-9]+" OR NOT out MATCHES "not NVIDIA's nvcc")
    fail("unihip-nvcc --version:\n${out}")
  endif()
  set(ARCHS -arch=sm_90 --offload-arch=gfx90a)
  run_nvcc(rc out ${ARCHS} -O2 ${SOURCE_DIR}/cuda_language/tiny.cu -o tiny -v)
  expect_ok("${rc}" "${out}" "unihip-nvcc tiny.cu")
  foreach(line "#\\$ TOP=" "#\\$ LIBRARIES=-L" "-arch compute_90" "#\\$ [^\n]*clang[^\n]* -lunihip")
    if(NOT out MATCHES "${line}")
      fail("unihip-nvcc -v lacks '${line}':\n${out}")
    endif()
  endforeach()
  check_fatbin(${WORK_DIR}/tiny hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a)
  run_program(${WORK_DIR}/tiny)
  # Separate compilation, as Makefiles write it: -dc (here of .cpp files, made CUDA by -x cu).
  run_nvcc(rc out ${ARCHS} -x cu -dc ${SOURCE_DIR}/rdc_a.cpp ${SOURCE_DIR}/rdc_b.cpp
           ${SOURCE_DIR}/rdc_main.cpp)
  expect_ok("${rc}" "${out}" "unihip-nvcc -dc")
  run_nvcc(rc out ${ARCHS} -rdc=true rdc_a.o rdc_b.o rdc_main.o -o rdc_app -lcudart)
  expect_ok("${rc}" "${out}" "unihip-nvcc -rdc=true link")
  # nvcc -dlink, then the host compiler links (as CMake does): clang++ and libunihip alone.
  run_nvcc(rc out ${ARCHS} -dlink rdc_a.o rdc_b.o rdc_main.o -o rdc_dlink.o)
  expect_ok("${rc}" "${out}" "unihip-nvcc -dlink")
  execute_process(COMMAND ${CLANG} rdc_a.o rdc_b.o rdc_main.o rdc_dlink.o -L${BUILD_DIR}/lib
      -Wl,-rpath,${BUILD_DIR}/lib -lunihip -o rdc_hostlink
    WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "clang++ link of the -dlink object")
  foreach(program rdc_app rdc_hostlink)
    foreach(id hip-nvptx64-nvidia-cuda--sm_90 hipv4-amdgcn-amd-amdhsa--gfx90a)
      execute_process(COMMAND ${OBJCOPY} --dump-section=.hip_fatbin=${program}.hipfb ${program}
        WORKING_DIRECTORY ${WORK_DIR})
      execute_process(COMMAND ${BUNDLER} -unbundle -type=o -input=${program}.hipfb
        -targets=${id} -output=${program}-${id}.img WORKING_DIRECTORY ${WORK_DIR}
        RESULT_VARIABLE rc ERROR_VARIABLE err)
      expect_ok("${rc}" "${err}" "unbundling ${id} of ${program}")
      execute_process(COMMAND ${NM} ${program}-${id}.img WORKING_DIRECTORY ${WORK_DIR}
        OUTPUT_VARIABLE syms ERROR_VARIABLE syms)
      if(NOT syms MATCHES "_Z9rdcKernelPii" OR NOT syms MATCHES "_Z14rdcReadCounterPj")
        fail("the ${id} image of ${program} lacks a translation unit's kernel:\n${syms}")
      endif()
    endforeach()
    run_program(${WORK_DIR}/${program})
  endforeach()
  # The device options reach clang and ptxas in forms they take (ptxas prints the usage).
  run_nvcc(rc out ${ARCHS} -G -maxrregcount=32 --use_fast_math -prec-div=false -prec-sqrt=false
           -fmad=false -ftz=true --resource-usage -Xcompiler -Wall,-fPIC -c
           ${SOURCE_DIR}/cuda_language/tiny.cu -o flags.o)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "ptxas info[^\n]*Used [0-9]+ registers")
    fail("unihip-nvcc with device options exited ${rc}:\n${out}")
  endif()
  run_nvcc(rc out -arch=sm_90 -lineinfo -c ${SOURCE_DIR}/cuda_language/tiny.cu -o lineinfo.o)
  expect_ok("${rc}" "${out}" "unihip-nvcc -lineinfo")
  # nvcc's errors: the option named.
  run_nvcc(rc out -fPIC -c ${SOURCE_DIR}/cuda_language/tiny.cu)
  if(rc EQUAL 0 OR NOT out MATCHES "unihip-nvcc: error: unknown option '-fPIC'")
    fail("an unknown option was not an error naming it:\n${out}")
  endif()
  run_nvcc(rc out -arch=sm_9x -c ${SOURCE_DIR}/cuda_language/tiny.cu)
  if(rc EQUAL 0 OR NOT out MATCHES "unsupported GPU architecture 'sm_9x'")
    fail("a bad -arch was not an error naming it:\n${out}")
  endif()

elseif(CHECK STREQUAL "cmake_cuda")
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/cuda_language -B ${WORK_DIR}/b -G Ninja
      -DCMAKE_CUDA_COMPILER=${BUILD_DIR}/bin/unihip-nvcc -DCMAKE_CUDA_ARCHITECTURES=90
      -DCMAKE_CUDA_FLAGS=--offload-arch=gfx90a -DCMAKE_BUILD_RPATH=${BUILD_DIR}/lib
      -DUNIHIP_TESTS=${SOURCE_DIR}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "CUDA compiler identification is NVIDIA 13\\.0")
    fail("configuring cuda_language exited ${rc}:\n${out}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/b -j 2
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "building cuda_language")
  foreach(program tiny_cuda rdc_cuda)
    check_fatbin(${WORK_DIR}/b/${program} hip-nvptx64-nvidia-cuda--sm_90
                 hipv4-amdgcn-amd-amdhsa--gfx90a)
    run_program(${WORK_DIR}/b/${program})
  endforeach()

elseif(CHECK STREQUAL "cmake_cuda_toolkit")
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/cuda_toolkit -B ${WORK_DIR}/b -G Ninja
      -DCMAKE_CUDA_COMPILER=${BUILD_DIR}/bin/unihip-nvcc -DCMAKE_BUILD_RPATH=${BUILD_DIR}/lib
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "Found CUDAToolkit: [^\n]*/cuda/include")
    fail("configuring cuda_toolkit exited ${rc}:\n${out}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/b -j 2
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  expect_ok("${rc}" "${out}" "building cuda_toolkit")
  # sm_100, sm_110 and sm_120 are built as sm_90, each named in a warning.
  if(NOT out MATCHES "sm_120 is built as sm_90")
    fail("no warning for sm_120:\n${out}")
  endif()
  check_fatbin(${WORK_DIR}/b/toolkit_cuda hip-nvptx64-nvidia-cuda--sm_75 hip-nvptx64-nvidia-cuda--sm_90)
  execute_process(COMMAND ${BUNDLER} -list -type=o -input=${WORK_DIR}/b/toolkit.fatbin
    RESULT_VARIABLE rc OUTPUT_VARIABLE ids ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT ids MATCHES "sm_90")
    fail("toolkit.fatbin is not a bundle with sm_90 (${rc}): ${ids}${err}")
  endif()
  foreach(program toolkit_cuda toolkit_host)
    run_program(${WORK_DIR}/b/${program})
  endforeach()

else()
  fail("unknown CHECK")
endif()
