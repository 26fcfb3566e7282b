package dev.workloadmap.sdk.internal.proof;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The validator identity ({@link ValidatorIdentity}, {@link BuildFingerprint}): the SDK's own build has one, and a
 * record made for one class path holds on that class path only, not after any change that could change a finding.
 */
class ValidatorIdentityTest {

  @TempDir
  Path dir;

  private final List<URLClassLoader> loaders = new ArrayList<>();

  @AfterEach
  void close() throws IOException {
    for (URLClassLoader l : loaders) {
      l.close();
    }
  }

  @Test
  void theSdkBuildHasAnIdentityOfItsFingerprintAndTheJavaRelease() throws IOException {
    assertThat(ValidatorIdentity.problem()).isNull();
    String text = resourceText();
    String fingerprint = text.lines()
        .filter(l -> l.startsWith("fingerprint "))
        .findFirst()
        .orElseThrow()
        .substring("fingerprint ".length());
    assertThat(ValidatorIdentity.current())
        .isEqualTo(fingerprint + " java " + Runtime.version().feature());
  }

  @Test
  void theRecordIsWhatTheBuildToolComputesFromTheClassesAndTheRuntimeClassPath()
      throws IOException {
    Path classes = Path.of("target", "classes");
    List<Path> cp = new ArrayList<>();
    for (String s : Files.readString(Path.of("target", "validator-classpath.txt"))
        .strip()
        .split(java.io.File.pathSeparator)) {
      cp.add(Path.of(s));
    }
    assertThat(BuildFingerprint.render(classes, cp)).isEqualTo(resourceText());
    // the fingerprint is the hash of the lines after it
    String text = resourceText();
    int line = text.indexOf("\nfingerprint ") + 1;
    int body = text.indexOf('\n', line) + 1;
    assertThat(text.substring(line, body - 1))
        .isEqualTo(
            "fingerprint " + Sha256.hex(text.substring(body).getBytes(StandardCharsets.UTF_8)));
    assertThat(resourceText())
        .contains("\nartifact net.thisptr:jackson-jq:")
        .contains("\nartifact com.networknt:json-schema-validator:")
        .contains("\nfiles com/google/re2j/")
        .contains("\nfiles dev/workloadmap/schema/")
        .contains("\nservice net.thisptr.jackson.jq.Function ")
        .doesNotContain("slf4j");
  }

  private static String resourceText() throws IOException {
    try (InputStream in =
        ValidatorIdentity.class.getClassLoader().getResourceAsStream(ValidatorIdentity.RESOURCE)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  // ---------------------------------------------------------------- a class path of our own

  private int jars;

  /** A new jar file named {@code name} in a folder of its own (a jar once opened is cached by its URL). */
  private Path jar(String name, Map<String, String> files) throws IOException {
    Path p = Files.createDirectories(dir.resolve("jar" + ++jars)).resolve(name);
    try (OutputStream o = Files.newOutputStream(p);
        ZipOutputStream z = new ZipOutputStream(o)) {
      for (Map.Entry<String, String> e : files.entrySet()) {
        z.putNextEntry(new ZipEntry(e.getKey()));
        z.write(e.getValue().getBytes(StandardCharsets.UTF_8));
        z.closeEntry();
      }
    }
    return p;
  }

  private static Map<String, String> files(String... nameThenContent) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < nameThenContent.length; i += 2) {
      m.put(nameThenContent[i], nameThenContent[i + 1]);
    }
    return m;
  }

  private Path released(String version) throws IOException {
    return jar(
        "a-" + version + ".jar",
        files(
            "a/A.class", "class A " + version,
            "META-INF/maven/g/a/pom.properties",
                "groupId=g\nartifactId=a\nversion=" + version + "\n",
            "META-INF/services/net.thisptr.jackson.jq.Function", "a.F1\n# a comment\na.F2\n"));
  }

  private Path unversioned(String content) throws IOException {
    return jar(
        "b.jar", files("b/B.class", content, "b/data.json", "{}", "META-INF/LICENSE", "text"));
  }

  private Path snapshotFolder() throws IOException {
    Path d = Files.createDirectories(dir.resolve("c-classes/c"));
    Files.writeString(d.resolve("C.class"), "class C");
    Path meta = Files.createDirectories(dir.resolve("c-classes/META-INF/workloadmap"));
    Files.writeString(meta.resolve("schema.json"), "{}");
    return dir.resolve("c-classes");
  }

  private Path sdkClasses() throws IOException {
    Path d = Files.createDirectories(dir.resolve("sdk-classes/dev"));
    Files.writeString(d.resolve("X.class"), "class X");
    return dir.resolve("sdk-classes");
  }

  private ClassLoader loader(Path... entries) throws IOException {
    URL[] urls = new URL[entries.length];
    for (int i = 0; i < entries.length; i++) {
      urls[i] = entries[i].toUri().toURL();
    }
    URLClassLoader l = new URLClassLoader(urls, null);
    loaders.add(l);
    return l;
  }

  private ValidatorIdentity verify(String record, Path... classPath) throws IOException {
    return ValidatorIdentity.verify(loader(classPath), record);
  }

  @Test
  void aRecordHoldsOnTheClassPathItWasMadeFor() throws IOException {
    Path a = released("1.0");
    Path b = unversioned("class B");
    Path c = snapshotFolder();
    String record = BuildFingerprint.render(sdkClasses(), List.of(a, b, c));
    assertThat(record)
        .contains("\nartifact g:a:1.0 a/A.class ")
        .contains("\nfiles b/B.class 2\nfile b/B.class ")
        .contains("\nfile b/data.json ")
        .doesNotContain("META-INF/LICENSE")
        .contains("\nfiles c/C.class 2\n");
    ValidatorIdentity v = verify(record, a, b, c);
    assertThat(v.why()).isNull();
    assertThat(v.identity()).endsWith(" java " + Runtime.version().feature());
    // the order of the class path does not matter while every container is the same
    assertThat(verify(record, c, b, a).identity()).isEqualTo(v.identity());
  }

  @Test
  void anotherVersionOfAReleasedDependencyHasNoIdentity() throws IOException {
    Path b = unversioned("class B");
    Path c = snapshotFolder();
    String record = BuildFingerprint.render(sdkClasses(), List.of(released("1.0"), b, c));
    Path other = released("1.1");
    assertThat(verify(record, other, b, c).why())
        .isEqualTo("g:a:1.0 is not the version on the class path (" + "jar:"
            + other.toUri().toURL() + "!/)");
  }

  @Test
  void aChangedFileOfAnUnversionedDependencyOrOfASnapshotFolderHasNoIdentity() throws IOException {
    Path a = released("1.0");
    Path c = snapshotFolder();
    String record = BuildFingerprint.render(sdkClasses(), List.of(a, unversioned("class B"), c));
    assertThat(verify(record, a, unversioned("class B, changed"), c).why())
        .startsWith("b/B.class differs from the SDK build's");
    Path b = unversioned("class B");
    Files.writeString(c.resolve("META-INF/workloadmap/schema.json"), "{\"changed\": true}");
    assertThat(verify(record, a, b, c).why())
        .startsWith("META-INF/workloadmap/schema.json differs from the SDK build's");
    Files.delete(c.resolve("META-INF/workloadmap/schema.json"));
    assertThat(verify(record, a, b, c).why())
        .startsWith("META-INF/workloadmap/schema.json differs from the SDK build's");
  }

  @Test
  void aMissingDependencyOrOneWhoseClassesComeFromAnotherJarHasNoIdentity() throws IOException {
    Path a = released("1.0");
    Path b = unversioned("class B");
    Path c = snapshotFolder();
    String record = BuildFingerprint.render(sdkClasses(), List.of(a, b, c));
    assertThat(verify(record, a, c).why())
        .isEqualTo("the class b/B.class is not on the class path");
    // a jar earlier on the class path with a class of the dependency: the dependency is not what
    // runs
    Path shadow = jar("shadow.jar", files("a/A.class", "class A of another library"));
    assertThat(verify(record, shadow, a, b, c).why())
        .startsWith("g:a:1.0 is not the version on the class path");
  }

  @Test
  void anotherProviderOfAJacksonJqServiceHasNoIdentityAndCommentsDoNotCount() throws IOException {
    Path a = released("1.0");
    Path b = unversioned("class B");
    Path c = snapshotFolder();
    String record = BuildFingerprint.render(sdkClasses(), List.of(a, b, c));
    Path extra = jar(
        "extra.jar",
        files(
            "x/X.class",
            "class X",
            "META-INF/services/net.thisptr.jackson.jq.Function",
            "x.MyFunction\n"));
    assertThat(verify(record, a, b, c, extra).why())
        .isEqualTo("the providers of net.thisptr.jackson.jq.Function differ from the SDK build's");
    Path same = jar(
        "same.jar",
        files(
            "y/Y.class",
            "class Y",
            "META-INF/services/net.thisptr.jackson.jq.Function",
            "# a.F1\na.F2 # again\n"));
    assertThat(verify(record, a, b, c, same).why()).isNull();
  }

  @Test
  void aRecordWithoutItsFingerprintHasNoIdentity() throws IOException {
    assertThat(verify("# nothing\n", released("1.0")).why())
        .isEqualTo(ValidatorIdentity.RESOURCE + " has no fingerprint line");
  }

  @Test
  void theFirstJarOfTheClassPathAnswersForTheClassesItHoldsButNotForThoseOfTheJdksPackages()
      throws IOException {
    Path a = released("1.0");
    Path b = unversioned("class B");
    String record = BuildFingerprint.render(sdkClasses(), List.of(a, b));
    // a shaded jar holding both, and a class loader that has neither: only the first jar can answer
    Path fat = jar(
        "fat.jar",
        files(
            "a/A.class", "class A 1.0",
            "META-INF/maven/g/a/pom.properties", "groupId=g\nartifactId=a\nversion=1.0\n",
            "META-INF/services/net.thisptr.jackson.jq.Function", "a.F1\na.F2\n",
            "b/B.class", "class B",
            "b/data.json", "{}"));
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path services = jar(
        "services.jar", files("META-INF/services/net.thisptr.jackson.jq.Function", "a.F1\na.F2\n"));
    try (java.util.jar.JarFile jf = new java.util.jar.JarFile(fat.toFile())) {
      ValidatorIdentity.Container first =
          new ValidatorIdentity.Container("jar:" + fat.toUri().toURL() + "!/", jf);
      assertThat(
              ValidatorIdentity.verify(loader(empty, services), record, first).why())
          .isNull();
      assertThat(ValidatorIdentity.verify(loader(empty, services), record, null).why())
          .isEqualTo("g:a:1.0: its class a/A.class is not on the class path");
    }
    // a class of a package of the JDK's modules is not taken from the first jar: the JDK's loaders
    // answer first
    Path jdk = jar(
        "jdk.jar",
        files(
            "java/lang/Fake.class", "class Fake",
            "META-INF/maven/g/j/pom.properties", "groupId=g\nartifactId=j\nversion=1.0\n"));
    String jdkRecord = BuildFingerprint.render(sdkClasses(), List.of(jdk));
    try (java.util.jar.JarFile jf = new java.util.jar.JarFile(jdk.toFile())) {
      ValidatorIdentity.Container first =
          new ValidatorIdentity.Container("jar:" + jdk.toUri().toURL() + "!/", jf);
      assertThat(ValidatorIdentity.verify(loader(empty), jdkRecord, first).why())
          .isEqualTo("g:j:1.0: its class java/lang/Fake.class is not on the class path");
    }
  }

  @Test
  void theSlf4jFacadeIsLeftOut() throws IOException {
    Path slf4j = jar(
        "slf4j-api-2.0.18.jar",
        files(
            "org/slf4j/Logger.class",
            "interface Logger",
            "META-INF/maven/org.slf4j/slf4j-api/pom.properties",
            "groupId=org.slf4j\nartifactId=slf4j-api\nversion=2.0.18\n"));
    String record = BuildFingerprint.render(sdkClasses(), List.of(released("1.0"), slf4j));
    assertThat(record).doesNotContain("slf4j");
    assertThat(verify(record, released("1.0")).why()).isNull();
  }

  /** A JVM of its own (this class's main), with the test's class path and {@code options}: what it prints. */
  private static String identityIn(String... options) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of(options));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(ValidatorIdentity.class.getName());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    p.waitFor();
    return "exit " + p.exitValue() + ": " + out;
  }

  @Test
  void aModuleFromTheModulePathHasNoIdentity() throws Exception {
    assertThat(identityIn()).isEqualTo("exit 0: " + ValidatorIdentity.current());
    Path modules = Files.createDirectories(dir.resolve("modules"));
    Files.move(jar("extra.jar", files("x/X.class", "not loaded")), modules.resolve("extra.jar"));
    assertThat(identityIn("--module-path", modules.toString(), "--add-modules", "extra"))
        .startsWith(
            "exit 1: error: no validator identity: the module extra is not one of the Java runtime's (file:");
  }

  @Test
  void twoRecordsOnTheClassPathHaveNoIdentity() throws IOException {
    Path other = Files.createDirectories(dir.resolve("other-sdk"));
    Path r = other.resolve(ValidatorIdentity.RESOURCE);
    Files.createDirectories(r.getParent());
    Files.writeString(r, resourceText());
    URLClassLoader l =
        new URLClassLoader(new URL[] {other.toUri().toURL()}, getClass().getClassLoader());
    loaders.add(l);
    assertThat(ValidatorIdentity.check(l).why())
        .isEqualTo("2 copies of " + ValidatorIdentity.RESOURCE + " on the class path");
  }
}
