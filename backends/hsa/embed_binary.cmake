# cmake -DINPUT=file -DOUTPUT=file.cpp -DSYMBOL=name -P embed_binary.cmake
# Writes a C++ source defining unihip::hsa::<SYMBOL> (the bytes) and <SYMBOL>Size.
file(READ ${INPUT} hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n" bytes "${bytes}")
file(WRITE ${OUTPUT} "// Generated from ${INPUT} by embed_binary.cmake.\n#include <cstddef>\n"
  "namespace unihip::hsa {\nalignas(64) extern const unsigned char ${SYMBOL}[] = {\n${bytes}};\n"
  "extern const size_t ${SYMBOL}Size = ${size};\n}  // namespace unihip::hsa\n")
