// The README's offline archetype:generate, then `verify` offline on the generated project: the lint (validate),
// the fixture test (verify) and the cluster test ran, and the files are where the README says.
def name = 'training-example-com-trainer-v1'
def project = new File(basedir, name)
def lines = new File(basedir, 'build.log').getText('UTF-8').replaceAll('\u001B\\[[;\\d]*m', '').readLines()
def expectLine = { String line ->
  if (!lines.contains(line)) {
    throw new AssertionError('build.log has no line\n  ' + line)
  }
}

// 1. generation: the defaults derived from the target group and the definition name
expectLine "[INFO] Project created from Archetype in dir: ${project.path}".toString()
expectLine '[INFO] Parameter: groupId, Value: com.example.training'
expectLine '[INFO] Parameter: package, Value: com.example.training'
expectLine "[INFO] Parameter: artifactId, Value: ${name}".toString()
def files = [
    'pom.xml', 'README.md', '.gitignore',
    "src/main/workloadmap/${name}/definition.yaml",
    "src/main/workloadmap/${name}/fixtures/sample/object.yaml",
    "src/main/workloadmap/${name}/fixtures/sample/expected.yaml",
    'src/test/crds/trainer.training.example.com.yaml',
]
files.each { assert new File(project, it).isFile() : "generated project has no ${it}" }

// 2. the generated build, offline, from the local repository
expectLine "[INFO] Building Trainer Workload Map definition 1.0.0-SNAPSHOT"
// lint: workloadmap:validate at the validate phase, with the CRD (no "no CRD" note)
assert lines.any { it.startsWith('[INFO] --- workloadmap:') && it.contains(':validate (lint-definitions) @ ' + name) }
expectLine '[INFO] Validated 1 definition in 1 file: 0 errors, 0 warnings'
assert !lines.any { it.contains('no CRD for') }
// fixtures: workloadmap:verify prints the sample's tree and the summary
expectLine "[INFO] [PASSED] ${name}/sample".toString()
expectLine "[INFO]   Trainer/sample   namespace: default   definition: ${name}   (file mode: no live status)".toString()
expectLine '[INFO]   trainer  replicas: 2  gpu: 2'
expectLine '[INFO]   TOTAL      2         2    4    16Gi'
expectLine '[INFO] 1 definition, 1 fixture, 0 failed'
expectLine '[INFO] BUILD SUCCESS'
assert lines.count('[INFO] BUILD SUCCESS') == 2

// 3. the definition's schema line points at the JSON Schema the build unpacked from workloadmap-schema
def definition = new File(project, "src/main/workloadmap/${name}/definition.yaml")
def first = definition.readLines('UTF-8')[0]
def prefix = '# yaml-language-server: $schema='
assert first.startsWith(prefix)
def schema = new File(definition.parentFile, first.substring(prefix.length())).canonicalFile
assert schema.isFile() : "the \$schema line points at ${schema}, which the build did not write"
assert schema.getText('UTF-8').contains('"$id": "https://workloadmap.dev/schema/v1alpha1/workloadmap-definition.schema.json"')

// 4. no hard-coded workloadmap version in the generated POM but the one property
def pom = new File(project, 'pom.xml').getText('UTF-8')
assert pom.count(pluginVersion) == 1 : "the generated pom.xml writes ${pluginVersion} more than once"
assert pom.contains("<workloadmap.version>${pluginVersion}</workloadmap.version>")
assert !lines.any { it ==~ /\s+at \S+\(.*\)/ }
return true
