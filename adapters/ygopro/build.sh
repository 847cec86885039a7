#!/usr/bin/env sh
# build.sh — duelspec YGOPro adapter (MIT). Builds a shared libocgcore.so from YOUR checkout of
# Fluorohydride/ygopro-core (MIT) so that the adapter can load it with ctypes. Nothing of the
# core is stored in duelspec; the library is written where you say (default: <checkout>/build/).
#
#   sh adapters/ygopro/build.sh /path/to/ygopro-core [OUT_DIR]
#
# Needs g++ and Lua 5.4 built as C++ (Debian/Ubuntu: `apt-get install g++ liblua5.4-dev`; the
# package ships liblua5.4-c++.so, the C++-compiled Lua the core's exceptions need). No premake or
# cmake: the core's CMakeLists.txt / premake5.lua expect to be inside the ygopro project.
# Environment: CXX (default g++), LUA_CFLAGS (default -I/usr/include/lua5.4),
# LUA_LIBS (default -llua5.4-c++), JOBS (parallel compiles, default: number of CPUs).
set -eu
core=${1:?usage: build.sh /path/to/ygopro-core [OUT_DIR]}
out=${2:-$core/build}
CXX=${CXX:-g++}
LUA_CFLAGS=${LUA_CFLAGS:--I/usr/include/lua5.4}
LUA_LIBS=${LUA_LIBS:--llua5.4-c++}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
[ -f "$core/ocgapi.cpp" ] || { echo "build.sh: $core/ocgapi.cpp not found: not a ygopro-core checkout" >&2; exit 2; }
mkdir -p "$out/obj"
start=$(date +%s)
# one object per source file, JOBS at a time
ls "$core"/*.cpp | xargs -P "$JOBS" -I{} sh -c \
  'f="{}"; o="'"$out"'/obj/$(basename "$f" .cpp).o"; exec '"$CXX"' -std=c++14 -O2 -fPIC -DLUA_USE_LINUX '"$LUA_CFLAGS"' -c "$f" -o "$o"'
$CXX -shared -o "$out/libocgcore.so" "$out"/obj/*.o $LUA_LIBS
echo "build.sh: $out/libocgcore.so ($(($(date +%s) - start)) s; ygopro-core $(git -C "$core" rev-parse --short HEAD 2>/dev/null || echo '?'))"
