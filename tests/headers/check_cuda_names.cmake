# cuda_compat.names: a source naming every CUDA name of names.tsv compiles in every pass.
execute_process(COMMAND ${PYTHON} ${GEN} ${TABLE} --uses ${WORK}/uses.cu RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gen_headers.py --uses failed")
endif()
execute_process(COMMAND ${UNIHIPCC} -x cu ${INCLUDES} -ferror-limit=0 --offload-arch=sm_90
                --offload-arch=gfx90a -c ${WORK}/uses.cu -o ${WORK}/uses.o
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "names.tsv names that do not compile:\n${out}")
endif()
