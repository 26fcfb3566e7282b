// validate in a folder without a POM (requiresProject = false): two invocations, see invoker.properties.
import groovy.json.JsonSlurper

def lines = new File(basedir, 'build.log').getText('UTF-8').replaceAll('\u001B\\[[;\\d]*m', '').readLines()
def dir = basedir.path
def bad = "${dir}/defs/bad.yaml"

def expectLine = { String line ->
  if (!lines.contains(line)) {
    throw new AssertionError('build.log has no line\n  ' + line)
  }
}

assert lines.count('[INFO] Building Maven Stub Project (No POM) 1') == 2

// 1. one line per finding, in document order: the typo (shape layer), the empty matchLabels (schema layer)
expectLine "[ERROR] ${bad}:12:9 /spec/structureDefinition/rootComponent/specDefinition/podTemplateSpecPth:" +
    ' unknown field "podTemplateSpecPth" in specDefinition; did you mean "podTemplateSpecPath"? [model.unknown-field]' +
    ' (rename it to "podTemplateSpecPath")'
def schemaLine = lines.find { it.startsWith("[ERROR] ${bad}:18:64 /spec/structureDefinition/rootComponent/podSelector/componentTypeSelector/matchLabels: ".toString()) }
assert schemaLine != null && schemaLine.contains('[schema.minProperties]')
expectLine '[ERROR] Validated 2 definitions in 2 files: 2 errors, 0 warnings'
expectLine "[INFO] Wrote ${dir}/target/workloadmap-reports/workloadmap.sarif".toString()
assert lines.count { it.startsWith('[ERROR] Failed to execute goal') } == 1
assert lines.any { it.startsWith("[ERROR] Failed to execute goal dev.workloadmap:workloadmap-maven-plugin:${pluginVersion}:validate") &&
    it.contains(': Validated 2 definitions in 2 files: 2 errors, 0 warnings. Fix the findings listed above') }
// the fixture object under fixtures/ was not linted
assert !lines.any { it.contains('fixtures/demo/object.yaml') }

// the SARIF file parses and points at the file relative to the working directory
def sarif = new JsonSlurper().parse(new File(basedir, 'target/workloadmap-reports/workloadmap.sarif'))
assert sarif.version == '2.1.0'
assert sarif.runs[0].tool.driver.name == 'workloadmap'
// crd.not-found: the note that good.yaml's batch/Job has no CRD, so its static CRD checks were skipped
assert sarif.runs[0].tool.driver.rules*.id as Set == ['model.unknown-field', 'schema.minProperties', 'crd.not-found'] as Set
def first = sarif.runs[0].results[0]
assert first.level == 'error'
assert first.locations[0].physicalLocation.artifactLocation.uri == 'defs/bad.yaml'
assert first.locations[0].physicalLocation.region.startLine == 12
assert first.locations[0].physicalLocation.region.startColumn == 9
def junit = new groovy.xml.XmlSlurper().parse(new File(basedir, 'target/workloadmap-reports/TEST-workloadmap.xml'))
assert junit.testsuite.size() == 2
def badSuite = junit.testsuite.find { it.@name.text() == 'bad.yaml' }  // a definition with errors has no model: named after its file
assert badSuite.testcase.size() == 1 && badSuite.testcase.failure.size() == 1
assert badSuite.testcase.failure.text().contains('[schema.minProperties]')
def json = new JsonSlurper().parse(new File(basedir, 'target/workloadmap-reports/workloadmap-report.json'))
assert json.summary.errors == 2

// 2. the good file alone
expectLine '[INFO] Validated 1 definition in 1 file: 0 errors, 0 warnings'
assert lines.count('[INFO] BUILD SUCCESS') == 1
assert lines.count('[INFO] BUILD FAILURE') == 1
// no stack trace, and every failure is a MojoFailureException (not an escaped runtime exception)
assert !lines.any { it ==~ /\s+at \S+\(.*\)/ || it =~ /\w(Exception|Error): / || it.contains('PluginExecutionException') }
return true
