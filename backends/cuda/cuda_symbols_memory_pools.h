// libcuda entry points of the memory pools family (UNIHIP_CU_OPTIONAL lines; see cuda_symbols.h).
