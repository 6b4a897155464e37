# toolchain.compat: every compat/*.hip (small self-written programs using what real HIP code
# relies on) is compiled and linked by unihipcc for one NVIDIA and one AMD arch. A file's
# "// compat-flags: ..." line adds options for it.
file(GLOB sources ${SOURCE_DIR}/*.hip)
file(MAKE_DIRECTORY ${WORK_DIR})
set(failed "")
foreach(src IN LISTS sources)
  get_filename_component(name ${src} NAME_WE)
  file(STRINGS ${src} flag_line REGEX "^// compat-flags:")
  set(extra "")
  if(flag_line)
    string(REGEX REPLACE "^// compat-flags:[ ]*" "" extra "${flag_line}")
    separate_arguments(extra UNIX_COMMAND "${extra}")
  endif()
  foreach(arch sm_90 gfx90a)
    execute_process(
      COMMAND ${UNIHIPCC} --offload-arch=${arch} -O2 ${extra} ${src} -o ${WORK_DIR}/${name}-${arch}
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
      message("FAILED: ${name} (${arch})\n${out}")
      list(APPEND failed "${name}-${arch}")
    endif()
  endforeach()
endforeach()
list(LENGTH sources count)
if(failed)
  message(FATAL_ERROR "toolchain.compat: failed: ${failed}")
endif()
message("toolchain.compat: ${count} programs built for sm_90 and gfx90a")
