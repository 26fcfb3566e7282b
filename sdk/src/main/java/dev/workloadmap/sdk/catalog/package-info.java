/**
 * The reference catalog (docs/format.md#catalog): built-in definitions by exact GVK
 * ({@link dev.workloadmap.sdk.catalog.Catalog}), the generated class-path index
 * ({@link dev.workloadmap.sdk.catalog.CatalogIndex}) and the generated README table
 * ({@code dev.workloadmap.sdk.internal.catalog.CatalogTable}).
 */
package dev.workloadmap.sdk.catalog;
