# cmake -DLIB=libhipblas.so -DLIST=exports.txt -P check_exports.cmake: every name in LIST is a
# defined dynamic symbol of LIB, as are the hand-written setup functions.
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only ${LIB} OUTPUT_VARIABLE syms RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm -D ${LIB} failed")
endif()
string(REGEX MATCHALL "[A-Za-z_0-9]+\n" defined "${syms}")
string(REPLACE "\n" "" defined "${defined}")
file(STRINGS ${LIST} names)
list(APPEND names hipblasCreate hipblasDestroy hipblasSetStream hipblasGetStream
  hipblasSetMathMode hipblasGetMathMode hipblasSetVector hipblasGetVector hipblasSetMatrix
  hipblasGetMatrix hipblasSetVectorAsync hipblasGetVectorAsync hipblasSetMatrixAsync
  hipblasGetMatrixAsync hipblasStatusToString)
set(missing "")
foreach(n IN LISTS names)
  list(FIND defined ${n} i)
  if(i EQUAL -1)
    list(APPEND missing ${n})
  endif()
endforeach()
list(LENGTH names count)
if(missing)
  message(FATAL_ERROR "not exported by ${LIB}: ${missing}")
endif()
message(STATUS "${count} hipBLAS functions exported")
