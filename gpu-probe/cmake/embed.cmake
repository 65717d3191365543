# cmake -DINPUT=file -DOUTPUT=file.cpp -DSYMBOL=name -P embed.cmake
# Writes a C++ source defining `extern "C" const unsigned char SYMBOL[]` (the file's bytes, NUL-terminated, 16-byte
# aligned as cuModuleLoadData wants a fatbin) and `SYMBOL_size` (without the NUL).
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x[0-9a-f][0-9a-f],){16}" "\\0\n" bytes "${bytes}")
file(WRITE "${OUTPUT}" "// Generated from ${INPUT} by embed.cmake; do not edit.\n#include <cstddef>\nextern \"C\" const unsigned char ${SYMBOL}[];\nextern \"C\" const std::size_t ${SYMBOL}_size;\nalignas(16) const unsigned char ${SYMBOL}[] = {\n${bytes}0x00};\nconst std::size_t ${SYMBOL}_size = ${size};\n")
