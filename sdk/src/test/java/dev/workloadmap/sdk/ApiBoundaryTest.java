package dev.workloadmap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The API line of the SDK (unit tier, reads the compiled classes): every public type outside an {@code internal}
 * package carries an {@link API} status, the list of API types and their statuses is the committed one
 * ({@code src/test/resources/api/api-types.txt}: adding, removing or re-classifying an API type is a reviewed change),
 * no API signature exposes an internal type, and nothing in an internal package claims a public status.
 *
 * <p>To accept a deliberate change, run with {@code -Dworkloadmap.api.update=true} and commit the file.
 */
class ApiBoundaryTest {
  private static final String ROOT = "dev.workloadmap.sdk";
  private static final Path GOLDEN = Path.of("src/test/resources/api/api-types.txt");
  private static final List<Class<?>> TYPES = new ArrayList<>();

  @BeforeAll
  static void scan() throws IOException, URISyntaxException, ClassNotFoundException {
    Path classes = Path.of(
        WorkloadMap.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
        String name = classes.relativize(p).toString().replace('/', '.').replace(".class", "");
        if (!name.startsWith(ROOT) || name.contains("$") || name.endsWith("package-info")) {
          continue;
        }
        TYPES.add(Class.forName(name, false, ApiBoundaryTest.class.getClassLoader()));
      }
    }
    assertThat(TYPES).as("compiled SDK classes under %s", classes).hasSizeGreaterThan(100);
  }

  private static boolean internal(Class<?> c) {
    return c.getName().startsWith(ROOT + ".internal.");
  }

  private static boolean isPublic(Class<?> c) {
    return Modifier.isPublic(c.getModifiers());
  }

  @Test
  void everyPublicTypeOutsideInternalDeclaresItsApiStatus() {
    List<String> missing = TYPES.stream()
        .filter(c -> isPublic(c) && !internal(c))
        .filter(c -> c.getAnnotation(API.class) == null)
        .map(Class::getName)
        .sorted()
        .toList();
    assertThat(missing)
        .as("public SDK types outside internal packages without @API(status = ...): annotate them "
            + "(org.apiguardian.api.API) or move them into an internal package")
        .isEmpty();
  }

  @Test
  void noTypeOutsideInternalIsMarkedInternalAndNoInternalTypeClaimsAPublicStatus() {
    List<String> wrong = new ArrayList<>();
    for (Class<?> c : TYPES) {
      API api = c.getAnnotation(API.class);
      if (api == null) {
        continue;
      }
      boolean publicStatus = api.status() != API.Status.INTERNAL;
      if (internal(c) && publicStatus) {
        wrong.add(c.getName() + " is in an internal package but declares " + api.status());
      }
      if (!internal(c) && !publicStatus) {
        wrong.add(
            c.getName() + " is outside internal packages but declares INTERNAL: move it into one");
      }
    }
    assertThat(wrong).isEmpty();
  }

  @Test
  void theApiTypesAndTheirStatusesAreTheCommittedList() throws IOException {
    TreeMap<String, String> now = new TreeMap<>();
    TYPES.stream()
        .filter(c -> isPublic(c) && !internal(c) && c.getAnnotation(API.class) != null)
        .forEach(c -> now.put(
            c.getName().substring(ROOT.length() + 1),
            c.getAnnotation(API.class).status().name()));
    StringBuilder b = new StringBuilder(
        "# The SDK's API types and their @API status (ApiBoundaryTest; regenerate with "
            + "-Dworkloadmap.api.update=true)\n");
    now.forEach((k, v) -> b.append(String.format("%-12s %s%n", v, k)));
    if (Boolean.getBoolean("workloadmap.api.update")) {
      Files.createDirectories(GOLDEN.getParent());
      Files.writeString(GOLDEN, b.toString(), StandardCharsets.UTF_8);
    }
    assertThat(Files.readString(GOLDEN, StandardCharsets.UTF_8))
        .as(
            "the API types differ from %s: if the change is deliberate, run the test with "
                + "-Dworkloadmap.api.update=true and commit the file",
            GOLDEN)
        .isEqualTo(b.toString());
  }

  @Test
  void noApiSignatureExposesAnInternalType() {
    List<String> leaks = new ArrayList<>();
    for (Class<?> c : TYPES) {
      if (isPublic(c) && !internal(c)) {
        checkType(c, leaks);
      }
    }
    assertThat(leaks)
        .as("API members whose signature names an internal type (a user could not use them without "
            + "depending on internals)")
        .isEmpty();
  }

  /**
   * The seam between the runtime SDK a platform embeds and the authoring tools (fixture verification, reports, CRD
   * checks, coverage and overlap analysis): no runtime source file imports an authoring package, so the authoring
   * tools could become an artifact of their own without touching the runtime (docs/api.md explains why they are
   * one artifact today). Reads the sources, since imports are what the compiler resolves.
   */
  @Test
  void theRuntimeSdkNeverDependsOnTheAuthoringTools() throws IOException {
    Path sources = Path.of("src/main/java/dev/workloadmap/sdk");
    List<String> authoring = List.of(
        "verify",
        "report",
        "authoring",
        "crd",
        "internal/crd",
        "internal/report",
        "internal/catalog",
        "internal/verify");
    List<String> crossings = new ArrayList<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".java"))::iterator) {
        String pkg = sources.relativize(f.getParent()).toString();
        if (authoring.contains(pkg)) {
          continue;
        }
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
          for (String a : authoring) {
            if (line.startsWith("import " + ROOT + "." + a.replace('/', '.') + ".")) {
              crossings.add(sources.relativize(f) + ": " + line);
            }
          }
        }
      }
    }
    assertThat(crossings).as("runtime SDK code importing authoring packages").isEmpty();
  }

  private static void checkType(Class<?> c, List<String> leaks) {
    if (c.getAnnotation(API.class) != null
        && c.getAnnotation(API.class).status() == API.Status.INTERNAL) {
      return;
    }
    check(c.getName() + " extends", c.getGenericSuperclass(), leaks);
    for (Type i : c.getGenericInterfaces()) {
      check(c.getName() + " implements", i, leaks);
    }
    if (c.isRecord()) {
      for (RecordComponent rc : c.getRecordComponents()) {
        check(c.getName() + "." + rc.getName(), rc.getGenericType(), leaks);
      }
    }
    for (Field f : c.getDeclaredFields()) {
      if (visible(f.getModifiers()) && !internalMember(f.getAnnotation(API.class))) {
        check(c.getName() + "." + f.getName(), f.getGenericType(), leaks);
      }
    }
    for (Method m : c.getDeclaredMethods()) {
      if (visible(m.getModifiers())
          && !m.isSynthetic()
          && !internalMember(m.getAnnotation(API.class))) {
        check(c.getName() + "." + m.getName() + "() returns", m.getGenericReturnType(), leaks);
        checkParameters(c.getName() + "." + m.getName(), m, leaks);
      }
    }
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (visible(k.getModifiers()) && !internalMember(k.getAnnotation(API.class))) {
        checkParameters(c.getName() + ".<init>", k, leaks);
      }
    }
    for (Class<?> nested : c.getDeclaredClasses()) {
      if (visible(nested.getModifiers())) {
        checkType(nested, leaks);
      }
    }
  }

  private static boolean internalMember(API api) {
    return api != null && api.status() == API.Status.INTERNAL;
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static void checkParameters(String where, Executable e, List<String> leaks) {
    for (Type t : e.getGenericParameterTypes()) {
      check(where + "(...) takes", t, leaks);
    }
    for (Type t : e.getGenericExceptionTypes()) {
      check(where + "(...) throws", t, leaks);
    }
  }

  private static void check(String where, Type t, List<String> leaks) {
    if (t == null) {
      return;
    }
    String name = t.getTypeName();
    if (name.contains(ROOT + ".internal.")) {
      leaks.add(where + " " + name);
    }
  }
}
