// A kind with digits and a group with many dots, dashes and a digit-led label: the defaults make valid Maven
// coordinates and a valid Java package, the files are named after the kind and group, and the project builds.
def name = 'ml-platform-3d-vision-team-a-corp-example-com-gpu2job3d-v2beta3'
def group = 'ml.platform.3d-vision.team-a.corp.example.com'
def project = new File(basedir, name)
def lines = new File(basedir, 'build.log').getText('UTF-8').replaceAll('\u001B\\[[;\\d]*m', '').readLines()
def expectLine = { String line ->
  if (!lines.contains(line)) {
    throw new AssertionError('build.log has no line\n  ' + line)
  }
}

expectLine '[INFO] Parameter: groupId, Value: com.example.corp.team-a.3d-vision.platform.ml'
expectLine '[INFO] Parameter: package, Value: com.example.corp.teama._3dvision.platform.ml'
assert new File(project, "src/test/crds/gpu2job3d.${group}.yaml").isFile()
def definition = new File(project, "src/main/workloadmap/${name}/definition.yaml").getText('UTF-8')
assert definition.contains("  name: ${name}\n")
assert definition.contains("        group: ${group}\n        version: v2beta3\n        kind: Gpu2Job3D\n")
def crd = new File(project, "src/test/crds/gpu2job3d.${group}.yaml").getText('UTF-8')
assert crd.contains("  name: gpu2job3ds.${group}\n")

expectLine "[INFO] Building Gpu2Job3D Workload Map definition 1.0.0-SNAPSHOT"
expectLine '[INFO] Validated 1 definition in 1 file: 0 errors, 0 warnings'
assert !lines.any { it.contains('no CRD for') }
expectLine "[INFO] [PASSED] ${name}/sample".toString()
expectLine '[INFO]   gpu2job3d  replicas: 2  gpu: 2'
expectLine '[INFO] 1 definition, 1 fixture, 0 failed'
assert lines.count('[INFO] BUILD SUCCESS') == 2
// the accessor class and the test class are named after the kind, in the derived package
def pkg = 'com/example/corp/teama/_3dvision/platform/ml'
assert new File(project, "target/classes/${pkg}/Gpu2Job3DWorkload.class").isFile()
assert new File(project, "target/test-classes/${pkg}/Gpu2Job3DDefinitionClusterTest.class").isFile()
def env = System.getenv()
def kubeApiTest = env.WORKLOADMAP_KUBEAPITEST_DIR ?:
    ((env.XDG_CACHE_HOME ?: System.getProperty('user.home') + '/.cache') + '/workloadmap/kubeapitest')
def test = 'com.example.corp.teama._3dvision.platform.ml.Gpu2Job3DDefinitionClusterTest'
if (new File(kubeApiTest, 'k8s/1.36.3-linux-amd64/kube-apiserver').canExecute()) {
  // the CRD with the many-dotted group installed and the sample was accepted on the API server
  assert lines.any { it.startsWith('[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0') && it.endsWith("in ${test}") }
} else {
  println 'NOTE: no kube-apiserver binaries: the generated cluster test was skipped; run scripts/provide-kube-apiserver.sh'
  assert lines.any { it.startsWith('[WARNING] Tests run: 2, Failures: 0, Errors: 0, Skipped: 2') && it.endsWith("in ${test}") }
}
return true
