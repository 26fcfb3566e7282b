#!/usr/bin/env bash
# Provides Toxiproxy's server (github.com/Shopify/toxiproxy/v2 v2.5.0, built with Go from the Go module proxy) for the
# fault tests between client and cluster (cli: *FaultApiServerTest): a TCP proxy whose "toxics" add latency, cut
# connections (reset_peer), stall them (timeout) and more, driven over its HTTP API.
# The binary lands in ${WORKLOADMAP_BIN_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/workloadmap/bin}/toxiproxy-server; the
# script does nothing when that binary is already there at this version (idempotent, cached).
# Usage: scripts/provide-toxiproxy.sh [--print-path] [-q]
set -euo pipefail

VERSION=v2.5.0
BIN_DIR="${WORKLOADMAP_BIN_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/workloadmap/bin}"
BIN="$BIN_DIR/toxiproxy-server"
QUIET=0
for arg in "$@"; do
  case "$arg" in
    --print-path) echo "$BIN"; exit 0 ;;
    -q|--quiet) QUIET=1 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "provide-toxiproxy: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done
log() { [ "$QUIET" = 1 ] || printf '[toxiproxy] %s\n' "$*"; }

if [ -x "$BIN" ] && [ "$(cat "$BIN.version" 2>/dev/null)" = "$VERSION" ]; then
  log "toxiproxy-server $VERSION is at $BIN"
  exit 0
fi
command -v go >/dev/null 2>&1 || { echo "[toxiproxy] error: needs Go (1.22 or later) on PATH" >&2; exit 1; }
mkdir -p "$BIN_DIR"
log "building toxiproxy-server $VERSION with $(go version | cut -d' ' -f3) into $BIN_DIR"
# v2.5.0's server is the package cmd/server (the release archives call its binary toxiproxy-server)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GOBIN="$tmp" CGO_ENABLED=0 go install "github.com/Shopify/toxiproxy/v2/cmd/server@$VERSION"
mv "$tmp/server" "$BIN"
echo "$VERSION" >"$BIN.version"
log "toxiproxy-server $VERSION is at $BIN"
