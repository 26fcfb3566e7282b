#!/bin/sh
# cli-start.sh: the CLI start benchmark (issue 17). hyperfine times `workloadmap --version` and `workloadmap describe
# -f <seed JobSet>` through the launcher beside `kubectl version --client` and `java -version`, in one run, and
# prints the load average before and after (the machine's load is part of every figure).
#
# Needs hyperfine (Debian: apt-get install -y hyperfine), a built CLI (./mvnw -B -ntp package -pl cli -am
# -DskipTests -Dinvoker.skip) and a kubectl: $KUBECTL, else kubectl on the PATH. Each command runs 20 times after 2
# warm-up runs; extra arguments go to hyperfine (for example --export-markdown cli-start.md). Run from anywhere; no
# cluster is contacted (KUBECONFIG and HOME point at nothing, so file mode reads the built-in catalog only). With
# $WORKLOADMAP_BEFORE set to the launcher of another build (an earlier commit's worktree, or a copy of its launcher
# beside its jar and .jsa), its --version and describe -f are timed in the same run, for a before/after table.
set -e
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
root=$(CDPATH= cd -- "$here/../../../.." && pwd)
launcher=$root/cli/src/main/sh/workloadmap
seed=$root/catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/fixtures/seed-leader-and-workers/object.yaml
kubectl=${KUBECTL:-$(command -v kubectl || true)}
if ! command -v hyperfine >/dev/null 2>&1; then
  echo "error: hyperfine is not installed" >&2
  echo "hint: apt-get install -y hyperfine" >&2
  exit 2
fi
if [ -z "$kubectl" ] || [ ! -x "$kubectl" ]; then
  echo "error: no kubectl to compare with" >&2
  echo "hint: set KUBECTL to a kubectl binary" >&2
  exit 2
fi
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
set -- -n "kubectl version --client" "$kubectl version --client" \
  -n "java -version" "java -version" \
  -n "workloadmap --version" "$launcher --version" \
  -n "workloadmap describe -f seed" "$launcher describe -f $seed" "$@"
if [ -n "${WORKLOADMAP_BEFORE:-}" ]; then
  set -- -n "before: workloadmap --version" "$WORKLOADMAP_BEFORE --version" \
    -n "before: workloadmap describe -f seed" "$WORKLOADMAP_BEFORE describe -f $seed" "$@"
fi
HOME=$empty KUBECONFIG= hyperfine -N --warmup 2 --runs 20 "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
