package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A Kubernetes group, version and kind. The core group is {@code ""}.
 *
 * @param group API group, {@code ""} for the core group
 * @param version API version, for example {@code v1alpha2}
 * @param kind the kind, for example {@code JobSet}
 */
@API(status = STABLE, since = "0.1")
public record Gvk(String group, String version, String kind) {
  public Gvk {
    group = group == null ? "" : group;
    version = version == null ? "" : version;
    kind = kind == null ? "" : kind;
  }

  /** Parses {@code apiVersion} ({@code group/version} or {@code version}) and a kind. */
  public static Gvk of(String apiVersion, String kind) {
    Objects.requireNonNull(apiVersion, "apiVersion");
    int slash = apiVersion.indexOf('/');
    return slash < 0
        ? new Gvk("", apiVersion, kind)
        : new Gvk(apiVersion.substring(0, slash), apiVersion.substring(slash + 1), kind);
  }

  /** {@code group/version}, or {@code version} for the core group. */
  public String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** {@code group/version, Kind=kind}, the form Kubernetes prints. */
  /**
   * As the record's own: equal components. Written out because the generated one is linked on its first call
   * ({@code ObjectMethods}), some 8 ms of a CLI call's start, which looks up one GVK.
   */
  @Override
  public boolean equals(Object o) {
    return this == o
        || (o instanceof Gvk g
            && group.equals(g.group)
            && version.equals(g.version)
            && kind.equals(g.kind));
  }

  /** The record's own hash ({@code ObjectMethods}: 31 times the hash so far plus each component's, in order). */
  @Override
  public int hashCode() {
    return (group.hashCode() * 31 + version.hashCode()) * 31 + kind.hashCode();
  }

  @Override
  public String toString() {
    return apiVersion() + ", Kind=" + kind;
  }
}
