// describe in a folder without a POM (requiresProject = false): three invocations, see invoker.properties.
import groovy.json.JsonSlurper

def lines = new File(basedir, 'build.log').getText('UTF-8').replaceAll('\u001B\\[[;\\d]*m', '').readLines()
def dir = basedir.path

def expectLine = { String line ->
  if (!lines.contains(line)) {
    throw new AssertionError('build.log has no line\n  ' + line)
  }
}

assert lines.count('[INFO] Building Maven Stub Project (No POM) 1') == 3

// 1. JSON into tree.json
expectLine "[INFO] Wrote ${dir}/tree.json".toString()
def tree = new JsonSlurper().parse(new File(basedir, 'tree.json'))
assert tree.object == [apiVersion: 'example.com/v1', kind: 'Trainer', namespace: 'ml', name: 'demo']
assert tree.definition == 'trainer'
assert tree.statuses == ['Running']
assert tree.total.replicas == 4
assert tree.total.resources.gpus == 8
assert tree.root.children[0].name == 'group'
assert tree.root.children[0].instances*.id == ['leader', 'worker']
assert tree.root.children[0].instances*.desiredReplicas == [1, 3]
assert !tree.containsKey('problems')

// 2. the text tree
expectLine '[INFO] Trainer/demo   namespace: ml   definition: trainer (definition.yaml)   (file mode: no live status)'
assert lines.any { it.startsWith('[INFO] ') && it.endsWith(' leader  replicas: 1  gpu: 2') }
assert lines.any { it.startsWith('[INFO] ') && it.endsWith(' worker  replicas: 3  gpu: 6') }
expectLine '[INFO] TOTAL      4         8    0    0'

// 3. malformed YAML: one message with file:line:column (7:1 is where the file ends inside the open "[")
def failed = "[ERROR] Failed to execute goal dev.workloadmap:workloadmap-maven-plugin:${pluginVersion}:describe (default-cli)" +
    ' on project standalone-pom: '
expectLine failed + "${dir}/malformed-object.yaml:7:1: expected ',' or ']' in the flow sequence [...] that starts at" +
    ' line 5, column 16, but found the end of the file; add the missing comma or closing bracket -> [Help 1]'

assert lines.count('[INFO] BUILD SUCCESS') == 2
assert lines.count('[INFO] BUILD FAILURE') == 1
// no stack trace, and every failure is a MojoFailureException (not an escaped runtime exception)
assert !lines.any { it ==~ /\s+at \S+\(.*\)/ || it =~ /\w(Exception|Error): / || it.contains('PluginExecutionException') }
return true
