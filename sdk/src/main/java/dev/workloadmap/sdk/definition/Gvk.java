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
  @Override
  public String toString() {
    return apiVersion() + ", Kind=" + kind;
  }
}
