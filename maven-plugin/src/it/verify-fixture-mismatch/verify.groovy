// One fixture agrees, one pins a stale worker count. The failing fixture's tree is printed, the mismatch is one
// greppable line naming expected.yaml, line, column and JSON pointer, and the build fails once with the summary and a
// remediation line.
def lines = new File(basedir, 'build.log').getText('UTF-8').replaceAll('\u001B\\[[;\\d]*m', '').readLines()
def root = new File(basedir, 'src/main/workloadmap').path

def expectLine = { String line ->
  if (!lines.contains(line)) {
    throw new AssertionError('build.log has no line\n  ' + line)
  }
}

expectLine '[INFO] [PASSED] trainer/demo'
expectLine '[ERROR] [FAILED] trainer/stale (1 mismatch(es))'
expectLine "[INFO]   Trainer/demo   namespace: ml   definition: trainer   (file mode: no live status)"
assert lines.any { it.startsWith('[INFO]   ') && it.endsWith(' worker  replicas: 3  gpu: 6') }

// 12:11 is the "replicas" key of the worker in expected.yaml
def finding = "[ERROR] ${root}/trainer/fixtures/stale/expected.yaml:12:11 /root/children/0/instances/1/replicas:" +
    ' expected 2, actual 3 [fixture.mismatch] (fix the definition, or update the expectation' +
    ' (-Dworkloadmap.updateExpected=true) if the new result is right)'
expectLine finding.toString()
assert lines.count(finding.toString()) == 1
assert lines.count { it.contains('[fixture.mismatch]') } == 1

expectLine '[ERROR] 1 definition, 2 fixtures, 1 failed'
expectLine "[ERROR] Failed to execute goal dev.workloadmap:workloadmap-maven-plugin:${pluginVersion}:verify (default) on project" +
    ' verify-fixture-mismatch: 1 definition, 2 fixtures, 1 failed. Fix the findings listed above' +
    ' (file:line:column /pointer: message); run with -Dworkloadmap.updateExpected=true locally if a changed result is' +
    ' intended. -> [Help 1]'
assert lines.count('[INFO] BUILD FAILURE') == 1
assert lines.count { it.startsWith('[ERROR] Failed to execute goal') } == 1
// no stack trace, and every failure is a MojoFailureException (not an escaped runtime exception)
assert !lines.any { it ==~ /\s+at \S+\(.*\)/ || it =~ /\w(Exception|Error): / || it.contains('PluginExecutionException') }
return true
