#!/bin/sh
# build-core.sh — duelspec EDOPro adapter (MIT). Builds YOUR ygopro-core checkout to wasm with the
# glue of n1xx1/ocgcore-wasm, for `main.mjs --core OUT_DIR` (check a fix before it ships).
#
#   sh adapters/edopro/build-core.sh YGOPRO_CORE OCGCORE_WASM [OUT_DIR]
#
# YGOPRO_CORE   an edo9300/ygopro-core checkout (its *.cpp are compiled)
# OCGCORE_WASM  an n1xx1/ocgcore-wasm checkout with its submodule cpp/lua (Lua 5.3) checked out;
#               its cpp/wasm.cpp is the glue the adapter talks to (lib/core.mjs lists the functions)
# OUT_DIR       default YGOPRO_CORE/build-wasm: ocgcore.sync.mjs, ocgcore.sync.wasm, ygopro-core.commit
#               (object files in OUT_DIR/obj are reused while their source is older)
# Needs emscripten's em++ (tested: Debian's emscripten 3.1.6 with node-acorn, NODE_PATH=/usr/share/nodejs).
# Variables: EMXX, EMFLAGS.
set -eu
CORE=$(cd "$1" && pwd); GLUE=$(cd "$2" && pwd); OUT=${3:-$CORE/build-wasm}
EMXX=${EMXX:-em++}
[ -f "$GLUE/cpp/wasm.cpp" ] || { echo "build-core.sh: no cpp/wasm.cpp in $GLUE (an ocgcore-wasm checkout)" >&2; exit 2; }
[ -f "$GLUE/cpp/lua/lapi.c" ] || { echo "build-core.sh: no Lua sources in $GLUE/cpp/lua (git submodule update --init)" >&2; exit 2; }
mkdir -p "$OUT/obj" "$OUT/src"
# the glue includes "ygo/..." relative to itself: give it this core as ygo/
rm -f "$OUT/src/ygo"; ln -s "$CORE" "$OUT/src/ygo"; cp "$GLUE/cpp/wasm.cpp" "$OUT/src/wasm.cpp"
# flags of ocgcore-wasm's scripts/build.sh (the sync module), without closure
CFLAGS="-Os -g0 -fwasm-exceptions -sSUPPORT_LONGJMP=wasm -fno-rtti -std=c++17 -I$GLUE/cpp/lua ${EMFLAGS:-}"
OBJS=""
# Lua is compiled as C++ (em++ takes .c as C++): the core throws C++ exceptions through Lua
for src in $(ls "$GLUE"/cpp/lua/*.c | grep -v -e '/lua\.c$' -e '/luac\.c$' -e '/onelua\.c$') "$CORE"/*.cpp "$OUT/src/wasm.cpp"; do
  obj="$OUT/obj/$(basename "$(dirname "$src")")_$(basename "$src").o"
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ]; then
    echo "em++ -c $src"
    $EMXX $CFLAGS -Wno-deprecated -x c++ -c "$src" -o "$obj"
  fi
  OBJS="$OBJS $obj"
done
$EMXX $CFLAGS -sMODULARIZE=1 -sEXPORT_ES6=1 -sENVIRONMENT=web -sALLOW_MEMORY_GROWTH=1 -sMALLOC=emmalloc -sNO_EXIT_RUNTIME=1 -sFILESYSTEM=0 \
  -sEXPORTED_FUNCTIONS=_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=stackSave,stackRestore,stackAlloc,getValue,stringToUTF8,lengthBytesUTF8,HEAP8,HEAPU8 \
  $OBJS -o "$OUT/ocgcore.sync.mjs"
(git -C "$CORE" rev-parse HEAD 2>/dev/null || echo unknown) > "$OUT/ygopro-core.commit"
echo "built $OUT/ocgcore.sync.mjs and ocgcore.sync.wasm (ygopro-core $(cat "$OUT/ygopro-core.commit"))"
