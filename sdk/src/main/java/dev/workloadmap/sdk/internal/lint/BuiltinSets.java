package dev.workloadmap.sdk.internal.lint;

import dev.workloadmap.sdk.WorkloadMapIOException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Versions;

/**
 * The two function sets the linter compares (docs/format.md#validation-jq-sdk): the reference engine's builtins (gojq
 * v0.12.18, shipped as {@value #RESOURCE}) and the SDK engine's (jackson-jq 1.6.2 in jq 1.6 mode, asked at run time).
 * Names are {@code name/arity}; formats are {@code @name/0}. Immutable and shared.
 */
final class BuiltinSets {

  static final String RESOURCE = "META-INF/workloadmap/gojq-builtins.txt";

  private static final class Holder {
    static final BuiltinSets INSTANCE = new BuiltinSets(loadReference(), loadEngine());
  }

  private final Set<String> reference;
  private final Set<String> engine;

  BuiltinSets(Set<String> reference, Set<String> engine) {
    this.reference = Set.copyOf(reference);
    this.engine = Set.copyOf(engine);
  }

  static BuiltinSets standard() {
    return Holder.INSTANCE;
  }

  /** Whether the reference engine defines {@code name/arity}. */
  boolean reference(String name, int arity) {
    return reference.contains(name + "/" + arity);
  }

  /** Whether the SDK's engine defines {@code name/arity}. */
  boolean engine(String name, int arity) {
    return engine.contains(name + "/" + arity);
  }

  Set<String> referenceSet() {
    return reference;
  }

  private static Set<String> loadReference() {
    InputStream in = BuiltinSets.class.getClassLoader().getResourceAsStream(RESOURCE);
    if (in == null) {
      throw new IllegalStateException(RESOURCE + " is missing from the SDK jar");
    }
    Set<String> out = new HashSet<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        line = line.strip();
        if (!line.isEmpty() && !line.startsWith("#")) {
          out.add(line);
        }
      }
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot read " + RESOURCE, e);
    }
    return out;
  }

  private static Set<String> loadEngine() {
    return new HashSet<>(BuiltinFunctionLoader.getInstance()
        .listFunctions(Versions.JQ_1_6, Scope.newEmptyScope())
        .keySet());
  }
}
