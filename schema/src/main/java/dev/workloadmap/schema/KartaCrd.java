package dev.workloadmap.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The Karta CustomResourceDefinition ({@code apiextensions.k8s.io/v1}, {@code kartas.run.ai}, cluster-scoped, version
 * {@code v1alpha1} with the status subresource) for installing definitions in a cluster: {@code kubectl create -f
 * karta.run.ai.yaml}. Its {@code openAPIV3Schema} is the current form of the JSON Schema ({@link
 * SchemaValidator#SCHEMA_RESOURCE}) rewritten as a structural schema by {@code schema/src/build/crd_from_schema.py}:
 * references inlined, the two selector rules of docs/format.md#pod-selector as CEL {@code x-kubernetes-validations},
 * list-map keys, sets and the {@code conditionsDefinition} field-name defaults. An API server prunes (or, under strict
 * field validation, rejects) unknown fields instead of naming them, and validates {@code metadata} itself.
 */
public final class KartaCrd {

  /** The classpath resource of the manifest (YAML). */
  public static final String RESOURCE = "META-INF/workloadmap/crd/karta.run.ai.yaml";

  private KartaCrd() {}

  /**
   * The manifest text (UTF-8 YAML).
   *
   * @throws IllegalStateException the resource is missing from the classpath
   * @throws UncheckedIOException the resource cannot be read
   */
  public static String text() {
    try (InputStream in = KartaCrd.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "classpath resource " + RESOURCE + " is missing (workloadmap-schema jar)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
    }
  }
}
