// A definition whose only fixture agrees: the tree is printed under the fixture's line, the summary ends the
// goal's output, and the build passes.
def lines = new File(basedir, 'build.log').getText('UTF-8').replaceAll('\u001B\\[[;\\d]*m', '').readLines()
def root = new File(basedir, 'src/main/workloadmap').path

def expectLine = { String line ->
  if (!lines.contains(line)) {
    throw new AssertionError('build.log has no line\n  ' + line)
  }
}

expectLine "[INFO] Verifying 1 Workload Map definition(s) in ${root}".toString()
expectLine '[INFO] [PASSED] trainer/demo'
expectLine "[INFO]   Trainer/demo   namespace: ml   definition: trainer   (file mode: no live status)"
// tree rows start with box-drawing characters; compare what follows them
assert lines.any { it.startsWith('[INFO]   ') && it.endsWith(' leader  replicas: 1  gpu: 2') }
assert lines.any { it.startsWith('[INFO]   ') && it.endsWith(' worker  replicas: 3  gpu: 6') }
expectLine '[INFO]   Phase: Running'
expectLine '[INFO]   TOTAL      4         8    0    0'
expectLine '[INFO] 1 definition, 1 fixture, 0 failed'
expectLine '[INFO] BUILD SUCCESS'

// the summary is the goal's last line; no finding, warning or trailing whitespace in the goal's output
def goal = lines.subList(lines.findIndexOf { it.contains(':verify (default) @ ') }, lines.indexOf('[INFO] BUILD SUCCESS'))
assert goal[-2] == '[INFO] 1 definition, 1 fixture, 0 failed'
assert !goal.any { it.startsWith('[ERROR]') || it.startsWith('[WARNING]') }
assert !goal.any { it != '[INFO] ' && it != it.stripTrailing() }
assert !lines.any { it ==~ /\s+at \S+\(.*\)/ || it =~ /\w(Exception|Error): / }
return true
