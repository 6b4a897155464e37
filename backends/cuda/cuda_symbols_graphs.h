// libcuda entry points of the graphs family (UNIHIP_CU_OPTIONAL lines; see cuda_symbols.h).
