// The archetype jar keeps no file modes: make the generated project's Maven Wrapper executable again.
def project = new File(request.outputDirectory, request.artifactId)
def mvnw = new File(project, 'mvnw')
if (mvnw.isFile() && !mvnw.setExecutable(true, false)) {
  println "[WARNING] could not make ${mvnw} executable: run it as 'sh mvnw'"
}
