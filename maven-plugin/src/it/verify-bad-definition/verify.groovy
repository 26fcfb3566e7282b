// Three broken definitions and a good one. Every finding is one line with file, line, column and JSON pointer;
// the good definition's fixture still runs; the build fails once.
def lines = new File(basedir, 'build.log').getText('UTF-8').replaceAll('\u001B\\[[;\\d]*m', '').readLines()
def root = new File(basedir, 'src/main/workloadmap').path

def expectLine = { String line ->
  if (!lines.contains(line)) {
    throw new AssertionError('build.log has no line\n  ' + line)
  }
}

expectLine '[INFO] Verifying 4 Workload Map definition(s) in ' + root
expectLine '[INFO] [PASSED] trainer/demo'

// wrong field type: 23:11 is the replicasPath key
expectLine '[ERROR] [INVALID] wrong-type: 1 error; its fixtures were not run'
expectLine "[ERROR] ${root}/wrong-type/definition.yaml:23:11" +
    ' /spec/structureDefinition/childComponents/0/scaleDefinition/replicasPath: "replicasPath" must be a string, got a' +
    ' list [model.type] (write replicasPath as a string)'

// jq syntax error: 23:50 is the exact character, the end of the expression where the parser wanted more;
// the parser's own detail sits between the fixed parts
expectLine '[ERROR] [INVALID] jq-syntax: 1 error; its fixtures were not run'
def jqPrefix = "[ERROR] ${root}/jq-syntax/definition.yaml:23:50" +
    " /spec/structureDefinition/childComponents/0/scaleDefinition/replicasPath: failed to parse JQ expression" +
    " '.spec.groups[].replicas |' at 'spec.structureDefinition.childComponents[0].scaleDefinition.replicasPath': "
def jqSuffix = " [jq.parse] (fix the jq syntax (jq 1.6 / gojq dialect; 'if' needs an 'else'))"
assert lines.count { it.startsWith(jqPrefix.toString()) && it.endsWith(jqSuffix) } == 1

// duplicate key: 7:3 is the second "name" under metadata
expectLine '[ERROR] [INVALID] dup-key: 1 error; its fixtures were not run'
expectLine "[ERROR] ${root}/dup-key/definition.yaml:7:3 /metadata/name: duplicate key \"name\" (first defined at line 6," +
    ' column 3) [yaml.syntax]'
expectLine '[ERROR] 4 definitions, 1 fixture, 3 failed'

// all findings are listed before the one failure
def summary = lines.findIndexOf { it ==~ /\[ERROR\] 4 definitions, 1 fixture, \d failed/ }
assert lines.findLastIndexOf { it.contains('[model.type]') || it.contains('[jq.parse]') || it.contains('[yaml.syntax]') } < summary
assert lines.count('[INFO] BUILD FAILURE') == 1
assert lines.count { it.startsWith('[ERROR] Failed to execute goal') } == 1
assert lines.any { it.startsWith("[ERROR] Failed to execute goal dev.workloadmap:workloadmap-maven-plugin:${pluginVersion}:verify") &&
    it.contains(': 4 definitions, 1 fixture, ') && it.contains('. Fix the findings listed above (file:line:column /pointer: message);') }
// no stack trace, and every failure is a MojoFailureException (not an escaped runtime exception)
assert !lines.any { it ==~ /\s+at \S+\(.*\)/ || it =~ /\w(Exception|Error): / || it.contains('PluginExecutionException') }
return true
