/**
 * The JSON Schema (draft 2020-12) of Workload Map definitions and a validator for it.
 *
 * <p>The schema covers both document forms of docs/format.md#forms: the current {@code run.ai/v1alpha1 Karta} and the
 * legacy {@code optimization.nvidia.com/v1alpha1 ResourceInterface}. It checks the shape rules of
 * docs/format.md#shape-rules (types, required fields, {@code minItems}, {@code minProperties}, the two selector rules
 * of docs/format.md#pod-selector, list-map key uniqueness) and reports unknown fields. It ships as the classpath
 * resource {@value SchemaValidator#SCHEMA_RESOURCE}, which is also the file editors point at with
 * {@code # yaml-language-server: $schema=...}.
 *
 * <p>{@link dev.workloadmap.schema.SchemaValidator} is the entry point. This module does not depend on the SDK; it is
 * layer 2 of the SDK's validation pipeline (docs/format.md#validation-layers).
 */
package dev.workloadmap.schema;
