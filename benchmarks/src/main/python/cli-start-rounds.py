#!/usr/bin/env python3
"""cli-start-rounds.py [ROUNDS]: the CLI start benchmark in rounds (issue 17), beside cli-start.sh's hyperfine.

Environment: KUBECTL (a kubectl binary), AFTER and optionally BEFORE (roots of built worktrees: ./mvnw -B -ntp
package -pl cli -am -DskipTests -Dinvoker.skip). Interleaved start-up timing: each round runs every command once (in turn), so a drift in the host's speed hits
all commands alike; prints each command's median wall and CPU (user+sys of the child), and the median over rounds of
each command's wall divided by kubectl's wall in the same round."""
import os, resource, statistics, subprocess, sys, time, tempfile
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 30
kubectl = os.environ["KUBECTL"]
seed = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../catalog")+"/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/fixtures/seed-leader-and-workers/object.yaml"
cmds = {"kubectl version --client": [kubectl, "version", "--client"], "java -version": ["java", "-version"]}
for label, root in (("before", os.environ.get("BEFORE")), ("after", os.environ.get("AFTER"))):
    if root:
        w = root + "/cli/src/main/sh/workloadmap"
        cmds[label + ": --version"] = [w, "--version"]
        cmds[label + ": describe -f seed"] = [w, "describe", "-f", seed]
home = tempfile.mkdtemp()
env = dict(os.environ, HOME=home, KUBECONFIG="")
wall = {k: [] for k in cmds}; cpu = {k: [] for k in cmds}; ratio = {k: [] for k in cmds}
print("load average before:", open("/proc/loadavg").read().split()[:3])
for r in range(rounds + 2):
    this = {}
    for k, c in cmds.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        p = subprocess.run(c, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        dt = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        assert p.returncode == 0, (k, p.returncode)
        if r >= 2:  # two warm-up rounds
            wall[k].append(dt * 1000); cpu[k].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
            this[k] = dt
    if r >= 2:
        for k in cmds:
            ratio[k].append(this[k] / this["kubectl version --client"])
print("load average after:", open("/proc/loadavg").read().split()[:3])
print(f"{'command':32} {'wall median':>12} {'wall min':>9} {'CPU median':>11} {'/ kubectl (median of rounds)':>30}")
for k in cmds:
    q = statistics.quantiles(ratio[k], n=4)
    print(f"{k:32} {statistics.median(wall[k]):9.1f} ms {min(wall[k]):6.1f} ms {statistics.median(cpu[k]):8.1f} ms {statistics.median(ratio[k]):8.2f}x (quartiles {q[0]:.2f}-{q[2]:.2f})")
