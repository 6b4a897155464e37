// libcuda entry points of the images family (UNIHIP_CU_OPTIONAL lines; see cuda_symbols.h).
