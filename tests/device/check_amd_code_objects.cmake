# The AMD compile check of the device-feature suite, run by ctest as
#   cmake -DUNIHIPCC=... -DBUNDLER=... -DREADELF=... -DSOURCES=a.hip;b.hip -DINCLUDE_DIR=...
#         -DWORK_DIR=... -P check_amd_code_objects.cmake
# Each source is compiled with `unihipcc --genco` for gfx90a, gfx942 and gfx1100; from each
# bundle every code object is extracted and inspected with llvm-readelf:
#   --file-header  ELF machine AMDGPU
#   --dyn-syms     nothing left undefined (ocml/ockl linked in)
#   --symbols      every kernel of the source: a FUNC symbol and its kernel descriptor (.kd);
#                  the __device__/__constant__ variables of kernels_core.hip as OBJECTs
#   --notes        the NT_AMDGPU_METADATA note is readable and names the target, code object
#                  v5 (amdhsa.version 1.2) and every kernel with its wavefront size

set(archs gfx90a gfx942 gfx1100)
# Kernels per source (the mangled name contains <length><name>).
set(kernels_core coordinatesKernel warpSizeKernel syncthreadsReductions fencedMessage
    reverseStaticShared reverseHipDynamicShared reverseExternShared useSymbols)
set(kernels_atomics initAtomics runAtomics systemAtomicOnHost)
set(kernels_warp warpOps bits)
set(kernels_math mathFloat mathDouble halfOps vectors clocks printing asserting)
set(variables_core coefficients deviceCounter deviceTable)

function(fail message)
  message(FATAL_ERROR "device.amd_code_objects: ${message}")
endfunction()

function(readelf out_var)
  execute_process(COMMAND ${READELF} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    fail("llvm-readelf ${ARGN} failed: ${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
list(JOIN archs "," arch_list)
set(inspected 0)
foreach(source IN LISTS SOURCES)
  get_filename_component(stem "${source}" NAME_WE)
  string(REPLACE "kernels_" "" part "${stem}")
  execute_process(COMMAND ${UNIHIPCC} --genco --offload-arch=${arch_list} -std=c++17
                          -I${INCLUDE_DIR} ${source} -o ${WORK_DIR}/${stem}.hipfb
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    fail("unihipcc --genco ${source} exited ${rc}:\n${out}")
  endif()
  foreach(arch IN LISTS archs)
    set(co ${WORK_DIR}/${stem}-${arch}.co)
    execute_process(COMMAND ${BUNDLER} -unbundle -type=o -input=${WORK_DIR}/${stem}.hipfb
                            -targets=hipv4-amdgcn-amd-amdhsa--${arch} -output=${co}
                    RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      fail("${stem}: no ${arch} entry in the bundle: ${err}")
    endif()
    readelf(header --file-header ${co})
    if(NOT header MATCHES "Machine: +EM_AMDGPU")
      fail("${stem} ${arch}: not an AMDGPU ELF:\n${header}")
    endif()
    readelf(symbols --symbols ${co})
    readelf(dynamic --dyn-syms ${co})
    if(dynamic MATCHES "UND +[A-Za-z_]")
      fail("${stem} ${arch}: unresolved symbols (device library not linked?):\n${dynamic}")
    endif()
    readelf(notes --notes ${co})
    if(NOT notes MATCHES "amdhsa.target: +amdgcn-amd-amdhsa--${arch}")
      fail("${stem} ${arch}: metadata names no target ${arch}:\n${notes}")
    endif()
    if(NOT notes MATCHES "amdhsa.version:[ \n-]+1[ \n-]+2")
      fail("${stem} ${arch}: metadata is not code object v5 (amdhsa.version 1.2)")
    endif()
    foreach(kernel IN LISTS kernels_${part})
      string(LENGTH "${kernel}" length)
      set(mangled "_Z${length}${kernel}[A-Za-z0-9_]*")
      if(NOT symbols MATCHES "FUNC +GLOBAL +PROTECTED +[0-9]+ +${mangled}\n")
        fail("${stem} ${arch}: no kernel symbol for ${kernel}")
      endif()
      if(NOT symbols MATCHES "OBJECT +GLOBAL +PROTECTED +[0-9]+ +${mangled}\\.kd\n")
        fail("${stem} ${arch}: no kernel descriptor for ${kernel}")
      endif()
      if(NOT notes MATCHES "\\.name: +${mangled}\n")
        fail("${stem} ${arch}: the metadata does not list ${kernel}")
      endif()
    endforeach()
    foreach(variable IN LISTS variables_${part})
      if(NOT symbols MATCHES "OBJECT +GLOBAL +[A-Z]+ +[0-9]+ +${variable}\n")
        fail("${stem} ${arch}: no device variable ${variable}")
      endif()
    endforeach()
    set(expected_wave 64)
    if(arch MATCHES "^gfx1[0-9]")
      set(expected_wave 32)
    endif()
    if(NOT notes MATCHES "\\.wavefront_size: +${expected_wave}")
      fail("${stem} ${arch}: kernels not built for wave${expected_wave}")
    endif()
    math(EXPR inspected "${inspected} + 1")
  endforeach()
endforeach()
message(STATUS "inspected ${inspected} code objects (${arch_list})")
