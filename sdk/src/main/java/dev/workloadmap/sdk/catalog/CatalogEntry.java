package dev.workloadmap.sdk.catalog;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One catalog entry (docs/format.md#catalog). Every entry a {@link Catalog} hands out is a fresh copy: changing its
 * definition's source tree does not change the catalog.
 *
 * @param slug the entry's file name (docs/format.md#catalog): group with dots as dashes ({@code core} for the empty
 *     group), lower-case kind, version, for example {@code batch-job-v1}
 * @param gvk the definition's root GVK
 * @param definition the validated, current-form definition
 * @param resource the class-path resource it ships at, {@code META-INF/workloadmap/catalog/<slug>/definition.yaml}
 * @param yaml the published YAML text exactly as shipped, or null for an entry built in code from a definition
 *     without source text
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CatalogEntry(
    String slug, Gvk gvk, Definition definition, String resource, String yaml) {
  public CatalogEntry {
    Objects.requireNonNull(slug, "slug");
    Objects.requireNonNull(gvk, "gvk");
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(resource, "resource");
  }

  /** The resource path of the entry with this slug: {@code META-INF/workloadmap/catalog/<slug>/definition.yaml}. */
  public static String resourceOf(String slug) {
    return Catalog.RESOURCE_ROOT + slug + "/" + Catalog.DEFINITION_FILE;
  }
}
