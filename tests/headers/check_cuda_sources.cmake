# cuda_compat.sources: each tests/headers/cuda/*.cu compiles with the CUDA headers for sm_90 and
# gfx90a (and the host pass); each *.c compiles with the plain host compilers, as C11 and C++17.
file(GLOB sources ${SOURCES}/*.cu)
foreach(src ${sources})
  get_filename_component(name ${src} NAME_WE)
  execute_process(COMMAND ${UNIHIPCC} -x cu ${INCLUDES} --offload-arch=sm_90 --offload-arch=gfx90a
                  -c ${src} -o ${WORK}/${name}.o
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}.cu does not compile:\n${out}")
  endif()
  message(STATUS "${name}.cu: compiled for sm_90 and gfx90a")
endforeach()
file(GLOB host_sources ${SOURCES}/*.c)
foreach(src ${host_sources})
  get_filename_component(name ${src} NAME_WE)
  foreach(cc "${GCC};-std=c11" "${GXX};-std=c++17;-x;c++")
    execute_process(COMMAND ${cc} -Wall -Werror ${INCLUDES} -I${INCLUDE_DIR} -fsyntax-only ${src}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${name}.c does not compile with ${cc}:\n${out}")
    endif()
  endforeach()
  message(STATUS "${name}.c: compiled as C and C++ by the host compilers")
endforeach()
# Each CUDA header compiles on its own (and twice: its guard holds) with g++ as C++17.
file(GLOB_RECURSE headers RELATIVE ${COMPAT_DIR} ${COMPAT_DIR}/*.h)
list(FILTER headers EXCLUDE REGEX "^unihip_cuda/map_")  # fragments of the headers that include them
foreach(h ${headers})
  file(WRITE ${WORK}/one_header.cpp "#include <${h}>\n#include <${h}>\n")
  execute_process(COMMAND ${GXX} -std=c++17 -Wall -Werror ${INCLUDES} -I${INCLUDE_DIR}
                  -fsyntax-only ${WORK}/one_header.cpp
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "<${h}> does not compile on its own (g++):\n${out}")
  endif()
endforeach()
list(LENGTH headers n)
message(STATUS "${n} CUDA headers compile on their own with g++")
