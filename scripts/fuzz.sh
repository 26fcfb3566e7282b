#!/bin/sh
# Longer coverage-guided fuzzing of the SDK (Jazzer): each target for SECONDS (default 300) in a JVM of its own.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      TARGET: yaml definition jq quantity crd-path update (default: all)
# New inputs collect in sdk/.cifuzz-corpus/ (not committed; the yaml and definition targets start there from
# ../shared/data's samples and statuses too; copy the interesting ones into the target's
# src/test/resources/.../<Class>Inputs/<method>/ folder to keep them). A finding fails the run and is written there as
# crash-<sha1>; the normal build then replays it as a regression test. Logs: sdk/target/fuzz-<target>.log.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-300}
[ $# -gt 0 ] && shift
targets=${*:-yaml definition jq quantity crd-path update}
status=0
for t in $targets; do
  case $t in
    yaml) class=dev.workloadmap.sdk.fuzz.YamlReaderFuzzTest ;;
    definition) class=dev.workloadmap.sdk.fuzz.DefinitionFuzzTest ;;
    jq) class=dev.workloadmap.sdk.fuzz.JqFuzzTest ;;
    quantity) class=dev.workloadmap.sdk.fuzz.QuantityFuzzTest ;;
    crd-path) class=dev.workloadmap.sdk.internal.crd.CrdPathFuzzTest ;;
    update) class=dev.workloadmap.sdk.fuzz.UpdateFuzzTest ;;
    *) echo "unknown target '$t'; hint: one of yaml definition jq quantity crd-path update" >&2; exit 2 ;;
  esac
  mkdir -p sdk/target
  log=sdk/target/fuzz-$t.log
  # the YAML reader and definition targets also start from the shared samples and statuses (../shared/data, when
  # beside the project): put into the generated corpus, which is not committed, so the shared files stay in place
  shared=../shared/data
  case $t in
    yaml) method=readsOrFailsWithAPosition ;;
    definition) method=loadsOrReportsWithPositions ;;
    *) method= ;;
  esac
  if [ -n "$method" ] && [ -d "$shared" ]; then
    seeds=sdk/.cifuzz-corpus/$class/$method
    mkdir -p "$seeds"
    find "$shared/samples" "$shared/statuses" -name '*.yaml' | while read -r f; do
      cp "$f" "$seeds/shared-$(printf %s "$f" | sha1sum | cut -c1-12)"
    done
  fi
  # jazzer.internal.arg.0 is libFuzzer's argv[0]; the arguments after it override the annotation's -max_total_time
  if JAZZER_FUZZ=1 ./mvnw -B -ntp -pl sdk -am test -Dinvoker.skip -Dtest="$class" -Dsurefire.failIfNoSpecifiedTests=false \
      -Djazzer.instrument='dev.workloadmap.**' -Djazzer.internal.arg.0=jazzer \
      -Djazzer.internal.arg.1=-max_total_time="$seconds" -Djazzer.internal.arg.2=-timeout=30 >"$log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
  fi
  runs=$(grep -E '^Done [0-9]+ runs' "$log" | tail -1 || true)
  corpus=$(ls "sdk/.cifuzz-corpus/$class"/*/ 2>/dev/null | wc -l)
  echo "$t: $result; ${runs:-no libFuzzer summary}; generated corpus: $corpus files ($log)"
done
exit $status
