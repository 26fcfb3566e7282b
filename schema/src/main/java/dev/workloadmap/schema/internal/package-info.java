/**
 * Not API: the networknt adapter behind {@link dev.workloadmap.schema.SchemaValidator}, schema loading from
 * {@code META-INF/workloadmap/schema/}, the translation of networknt errors into
 * {@link dev.workloadmap.schema.SchemaViolation}s, and the list-map key check. Anything here may change without
 * notice.
 */
package dev.workloadmap.schema.internal;
