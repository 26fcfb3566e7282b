#!/usr/bin/env bash
# Provides the local Kubernetes control plane of @WorkloadMapTest's API_SERVER tier, and the jq oracle of the
# differential tests, built from the Go module proxy (no Docker, no download sites):
#   kube-apiserver, kube-controller-manager, kubectl  <- k8s.io/kubernetes (tools/controlplane/go.mod)
#   etcd                                              <- go.etcd.io/etcd/server/v3 (same module)
#   gojq                                              <- github.com/itchyny/gojq/cmd/gojq at the reference's pin
# into the layouts both test harnesses expect:
#   kube-api-test: $DIR/k8s/<version>-linux-amd64/{kube-apiserver,etcd,kubectl,kube-controller-manager}
#   envtest:       $CACHE/envtest/k8s/<version>-linux-amd64 (a link to the same folder; KUBEBUILDER_ASSETS)
#   gojq:          $CACHE/bin/gojq
# where CACHE=${WORKLOADMAP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/workloadmap} and
# DIR=${WORKLOADMAP_KUBEAPITEST_DIR:-$CACHE/kubeapitest}. The Go build and module caches live under $CACHE/go, so a
# second run (or a rebuild after a recipe change) is fast. Does nothing when a stamp of the versions and the recipe
# matches. Prints progress every 30 s while building.
# Usage: scripts/provide-kube-apiserver.sh [--print-dir | --print-bin-dir | --print-gojq | --versions] [-q]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MODULE="$ROOT/tools/controlplane"
# The versions come from the committed go.mod, so the stamp and the build can never disagree.
K8S_VERSION="$(awk '$1 == "k8s.io/kubernetes" { sub(/^v/, "", $2); print $2; exit }' "$MODULE/go.mod")"
ETCD_VERSION="$(awk '$1 == "go.etcd.io/etcd/server/v3" { sub(/^v/, "", $2); print $2; exit }' "$MODULE/go.mod")"
GOJQ_VERSION=0.12.19
# Bump when the build recipe changes, so caches built by an older recipe are rebuilt.
RECIPE=go-modules-1
CACHE="${WORKLOADMAP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/workloadmap}"
TEST_DIR="${WORKLOADMAP_KUBEAPITEST_DIR:-$CACHE/kubeapitest}"
BIN_DIR="$TEST_DIR/k8s/$K8S_VERSION-linux-amd64"
ENVTEST_DIR="$CACHE/envtest/k8s/$K8S_VERSION-linux-amd64"
GOJQ="$CACHE/bin/gojq"
STAMP="kubernetes=$K8S_VERSION etcd=$ETCD_VERSION gojq=$GOJQ_VERSION recipe=$RECIPE go.sum=$(sha256sum "$MODULE/go.sum" | cut -c1-16)"
QUIET=0
for arg in "$@"; do
  case "$arg" in
    --print-dir) echo "$TEST_DIR"; exit 0 ;;
    --print-bin-dir) echo "$BIN_DIR"; exit 0 ;;
    --print-gojq) echo "$GOJQ"; exit 0 ;;
    --versions) echo "kube-apiserver $K8S_VERSION, kube-controller-manager $K8S_VERSION, etcd $ETCD_VERSION, gojq $GOJQ_VERSION"; exit 0 ;;
    -q|--quiet) QUIET=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "provide-kube-apiserver: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

log() { [ "$QUIET" = 1 ] || printf '[control-plane] %s\n' "$*"; }
die() { printf '[control-plane] error: %s\n' "$*" >&2; exit 1; }

BINARIES=(kube-apiserver kube-controller-manager etcd kubectl)
ready() {
  for b in "${BINARIES[@]}"; do [ -x "$BIN_DIR/$b" ] || return 1; done
  [ -x "$GOJQ" ] && [ "$(cat "$BIN_DIR/.workloadmap-stamp" 2>/dev/null)" = "$STAMP" ]
}

if ready; then
  log "already provided: $BIN_DIR ($STAMP)"
  exit 0
fi

[ "$(uname -m)" = x86_64 ] || die "only linux-amd64 is supported (this machine is $(uname -m)); put kube-apiserver, kube-controller-manager, etcd and kubectl into $BIN_DIR yourself"
command -v go >/dev/null 2>&1 || die "needs the Go toolchain (go 1.26 or newer on the PATH) to build the control plane from the Go module proxy"

export GOMODCACHE="$CACHE/go/mod" GOCACHE="$CACHE/go/build" GOFLAGS=-mod=mod
mkdir -p "$BIN_DIR" "$CACHE/bin" "$GOMODCACHE" "$GOCACHE"

# Runs "$@" in the background, printing what it is doing every 30 s, and fails with the tail of its log.
run_with_progress() {
  local what="$1" logfile="$2"; shift 2
  local start=$SECONDS
  "$@" >"$logfile" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -0 "$pid" 2>/dev/null && log "$what: still working after $((SECONDS - start)) s"
  done
  if ! wait "$pid"; then
    # A refused module names itself in the go command's own message ("reading https://.../@v/...: 403 ...").
    local refused
    refused="$(grep -m1 -E 'reading https?://[^ ]+: [0-9]{3}|not available|unrecognized import path' "$logfile" || true)"
    [ -n "$refused" ] && die "$what: the Go module proxy refused a module: $refused (full log: $logfile)"
    tail -20 "$logfile" >&2
    die "$what failed after $((SECONDS - start)) s (full log: $logfile)"
  fi
  log "$what: done in $((SECONDS - start)) s"
}

cd "$MODULE"
log "downloading modules for kubernetes $K8S_VERSION and etcd $ETCD_VERSION (module cache: $GOMODCACHE)"
run_with_progress "go mod download" "$CACHE/go/download.log" go mod download

V=k8s.io/component-base/version
MINOR="$(echo "$K8S_VERSION" | cut -d. -f2)"
LDFLAGS="-s -w -X $V.gitVersion=v$K8S_VERSION -X $V.gitMajor=1 -X $V.gitMinor=$MINOR -X $V.gitTreeState=clean"
log "building kube-apiserver, kube-controller-manager, etcd and kubectl (about 15 minutes on 2 cores the first time; progress every 30 s)"
run_with_progress "go build" "$CACHE/go/build.log" go build -trimpath -ldflags "$LDFLAGS" -o "$BIN_DIR/" ./cmd/...

if [ ! -x "$GOJQ" ] || ! "$GOJQ" --version 2>/dev/null | grep -q "gojq $GOJQ_VERSION"; then
  log "building gojq $GOJQ_VERSION (the reference implementation's pinned jq engine)"
  run_with_progress "go install gojq" "$CACHE/go/gojq.log" env GOBIN="$CACHE/bin" \
    go install "github.com/itchyny/gojq/cmd/gojq@v$GOJQ_VERSION"
fi

"$BIN_DIR/kube-apiserver" --version 2>/dev/null | grep -q "v$K8S_VERSION" \
  || die "the built kube-apiserver does not report v$K8S_VERSION: $("$BIN_DIR/kube-apiserver" --version 2>&1 | head -1)"
mkdir -p "$(dirname "$ENVTEST_DIR")"
ln -sfn "$BIN_DIR" "$ENVTEST_DIR"
echo "$STAMP" > "$BIN_DIR/.workloadmap-stamp"
log "provided: $BIN_DIR (KUBEBUILDER_ASSETS=$ENVTEST_DIR) and $GOJQ"
