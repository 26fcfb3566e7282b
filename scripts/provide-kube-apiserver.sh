#!/usr/bin/env bash
# Provides a real kube-apiserver 1.20.2 and etcd for the API_SERVER cluster tier of @WorkloadMapTest,
# built from Debian bookworm's own packages (no Docker, no downloads outside Debian):
#   etcd            <- Debian package etcd-server (/usr/bin/etcd)
#   kube-apiserver  <- built from Debian's `kubernetes` source package (1.20.2, vendored), with the
#                      vendored reflect2 replaced by Debian's 1.0.2 (1.0.1 crashes on Go >= 1.18) and
#                      go-openapi's null check fixed for Go >= 1.19 (else "" is rejected as null)
#   kubectl         <- any kubectl on PATH, else a symlink to kube-apiserver's sibling build is not needed:
#                      kube-api-test only checks that the file exists, so Debian's kubectl is used when present
# The result lands in the layout fabric8 kube-api-test expects:
#   ${WORKLOADMAP_KUBEAPITEST_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/workloadmap/kubeapitest}/k8s/1.20.2-linux-amd64/
# and the script does nothing when it is already there. Recipe: ../shared/reference/libraries.md section 7.2.
# Usage: scripts/provide-kube-apiserver.sh [--print-dir] [-q]
set -euo pipefail

VERSION=1.20.2
# Bump when the build recipe changes, so caches built by an older recipe are rebuilt.
RECIPE=2
TEST_DIR="${WORKLOADMAP_KUBEAPITEST_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/workloadmap/kubeapitest}"
BIN_DIR="$TEST_DIR/k8s/$VERSION-linux-amd64"
QUIET=0
for arg in "$@"; do
  case "$arg" in
    --print-dir) echo "$TEST_DIR"; exit 0 ;;
    -q|--quiet) QUIET=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "provide-kube-apiserver: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

log() { [ "$QUIET" = 1 ] || printf '[kube-apiserver] %s\n' "$*"; }
die() { printf '[kube-apiserver] error: %s\n' "$*" >&2; exit 1; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    die "need root (or sudo) to run: $*"; fi
}

ready() {
  [ -x "$BIN_DIR/kube-apiserver" ] && [ -x "$BIN_DIR/etcd" ] && [ -e "$BIN_DIR/kubectl" ] \
    && [ "$(cat "$BIN_DIR/.workloadmap-recipe" 2>/dev/null)" = "$RECIPE" ] \
    && "$BIN_DIR/kube-apiserver" --version 2>/dev/null | grep -q "v$VERSION"
}

if ready; then
  log "already provided: $BIN_DIR"
  exit 0
fi

[ "$(uname -m)" = x86_64 ] || die "only linux-amd64 is supported (this machine is $(uname -m))"
command -v apt-get >/dev/null 2>&1 || die "needs a Debian machine (apt-get); or put kube-apiserver, etcd and kubectl into $BIN_DIR yourself"

export DEBIAN_FRONTEND=noninteractive
SRC_LIST=/etc/apt/sources.list.d/workloadmap-bookworm-src.sources
if [ ! -f "$SRC_LIST" ]; then
  log "adding a deb-src entry for bookworm ($SRC_LIST)"
  as_root tee "$SRC_LIST" >/dev/null <<'SOURCES'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  as_root apt-get update -qq >/dev/null
fi

need=()
for pkg in golang-go rsync golang-github-modern-go-reflect2-dev etcd-server make; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]} from Debian"
  as_root apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

WORK="$TEST_DIR/build"
mkdir -p "$WORK"
cd "$WORK"
SRC="$WORK/kubernetes-$VERSION"
if [ ! -x "$SRC/_output/local/bin/linux/amd64/kube-apiserver" ]; then
  if [ ! -d "$SRC" ]; then
    orig=$(ls kubernetes_*"$VERSION"*.orig.tar.gz 2>/dev/null | head -1 || true)
    if [ -z "$orig" ]; then
      log "downloading Debian's kubernetes source package"
      apt-get source --download-only -qq kubernetes >/dev/null 2>&1 || apt-get source --download-only kubernetes
      orig=$(ls kubernetes_*"$VERSION"*.orig.tar.gz | head -1)
    fi
    log "unpacking $orig"
    rm -rf "$SRC.partial" && mkdir "$SRC.partial"
    tar -xzf "$orig" -C "$SRC.partial" --strip-components=1
    log "replacing vendored reflect2 with Debian's 1.0.2"
    rm -rf "$SRC.partial/vendor/github.com/modern-go/reflect2"
    mkdir -p "$SRC.partial/vendor/github.com/modern-go/reflect2"
    (cd /usr/share/gocode/src/github.com/modern-go/reflect2 && find . -type f ! -name '*_test.go' -print0 \
      | xargs -0 -I{} cp --parents {} "$SRC.partial/vendor/github.com/modern-go/reflect2/")
    # go-openapi's type validator treats data as null when reflect.DeepEqual(reflect.Zero(T), reflect.ValueOf(data)).
    # Built with Go >= 1.19 that compares equal for a decoded empty string (both point at the runtime's zero
    # value), so a 1.20 server built here would reject every "" in a CRD default or a custom resource with
    # 'must be of type string: "null"'. Restore what the check meant under the Go 1.15 the release was built
    # with: only nil, or a nil pointer/map/chan/func, counts as null.
    log "patching the go-openapi type validator for Go >= 1.19 (empty strings are not null)"
    for f in vendor/github.com/go-openapi/validate/type.go vendor/k8s.io/kube-openapi/pkg/validation/validate/type.go; do
      [ -f "$SRC.partial/$f" ] || continue
      grep -q 'reflect.DeepEqual(reflect.Zero(reflect.TypeOf(data)), reflect.ValueOf(data))' "$SRC.partial/$f" \
        || die "$f no longer has the zero-value check this recipe patches"
      sed -i 's/reflect.DeepEqual(reflect.Zero(reflect.TypeOf(data)), reflect.ValueOf(data))/func(v reflect.Value) bool { switch v.Kind() { case reflect.Ptr, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer: return v.IsNil() }; return false }(reflect.ValueOf(data))/' "$SRC.partial/$f"
    done
    mv "$SRC.partial" "$SRC"
  fi
  log "building kube-apiserver $VERSION (about 10 minutes on 2 cores; progress every 30 s)"
  start=$(date +%s)
  (
    cd "$SRC"
    export CGO_ENABLED=0 GOPROXY=off GOFLAGS=-mod=vendor HOME="$WORK/home" GOCACHE="$WORK/gocache"
    mkdir -p "$HOME"
    make WHAT=cmd/kube-apiserver >"$WORK/build.log" 2>&1
  ) &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 30
    kill -0 "$pid" 2>/dev/null && log "still building... $(( $(date +%s) - start )) s (log: $WORK/build.log)"
  done
  if ! wait "$pid"; then
    tail -30 "$WORK/build.log" >&2
    die "make WHAT=cmd/kube-apiserver failed; full log: $WORK/build.log"
  fi
  log "built in $(( $(date +%s) - start )) s"
fi

mkdir -p "$BIN_DIR"
cp "$SRC/_output/local/bin/linux/amd64/kube-apiserver" "$BIN_DIR/kube-apiserver.tmp" && mv "$BIN_DIR/kube-apiserver.tmp" "$BIN_DIR/kube-apiserver"
# tmp + mv: a running test may hold the old file open ("Text file busy").
cp /usr/bin/etcd "$BIN_DIR/etcd.tmp" && mv "$BIN_DIR/etcd.tmp" "$BIN_DIR/etcd"
if command -v kubectl >/dev/null 2>&1; then
  ln -sf "$(command -v kubectl)" "$BIN_DIR/kubectl"
else
  # kube-api-test requires the file to exist; our harness never calls kubectl.
  printf '#!/bin/sh\necho "kubectl is not installed; the workloadmap harness does not need it" >&2\nexit 1\n' >"$BIN_DIR/kubectl"
  chmod +x "$BIN_DIR/kubectl"
fi
echo "$RECIPE" >"$BIN_DIR/.workloadmap-recipe"
ready || die "binaries in $BIN_DIR do not report v$VERSION"
# The source tree and Go cache are large (several GB) and not needed any more.
rm -rf "$SRC" "$WORK/gocache" "$WORK/home"
log "provided: $BIN_DIR"
