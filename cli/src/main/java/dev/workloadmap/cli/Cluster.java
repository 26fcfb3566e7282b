package dev.workloadmap.cli;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * One connection to a cluster: the client, the namespace that applies, discovery of served resources, paged lists,
 * and the translation of client failures into {@link CliException}s with exit codes and hints (spec §7.1, §7.3).
 */
final class Cluster implements AutoCloseable {

  /** One served resource from discovery. */
  record ApiResource(String group, String version, String kind, String plural, String singular,
      List<String> shortNames, boolean namespaced, boolean preferredVersion) {
    String apiVersion() {
      return group.isEmpty() ? version : group + "/" + version;
    }

    ResourceDefinitionContext context() {
      return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(kind)
          .withPlural(plural).withNamespaced(namespaced).build();
    }
  }

  private final KubernetesClient client;
  private final String namespace;
  private final String server;
  private List<ApiResource> discovered;

  Cluster(KubernetesClient client, Config config) {
    this.client = client;
    this.namespace = ClusterOptions.namespaceOf(config);
    this.server = config.getMasterUrl();
  }

  KubernetesClient client() {
    return client;
  }

  String namespace() {
    return namespace;
  }

  /**
   * Every served resource of every group version (subresources left out). A group version that fails to answer is
   * skipped, as kubectl's partial discovery does.
   *
   * @throws CliException the cluster is unreachable or discovery is forbidden
   */
  List<ApiResource> discovery() {
    if (discovered != null) {
      return discovered;
    }
    List<ApiResource> out = new ArrayList<>();
    try {
      addResources(out, "", "v1", true);
      for (APIGroup g : client.getApiGroups().getGroups()) {
        String preferred = g.getPreferredVersion() == null ? null : g.getPreferredVersion().getVersion();
        for (GroupVersionForDiscovery v : g.getVersions()) {
          addResources(out, g.getName(), v.getVersion(), v.getVersion().equals(preferred));
        }
      }
    } catch (KubernetesClientException e) {
      throw translate(e, "discover the API resources", null);
    }
    discovered = List.copyOf(out);
    return discovered;
  }

  private void addResources(List<ApiResource> out, String group, String version, boolean preferred) {
    APIResourceList list;
    try {
      list = client.getApiResources(group.isEmpty() ? version : group + "/" + version);
    } catch (KubernetesClientException e) {
      if (unreachable(e) || e.getCode() == 401) {
        throw e;
      }
      return; // partial discovery
    }
    if (list == null) {
      return;
    }
    for (APIResource r : list.getResources()) {
      if (r.getName().contains("/")) {
        continue;
      }
      out.add(new ApiResource(group, version, r.getKind(), r.getName(),
          r.getSingularName() == null ? "" : r.getSingularName(),
          r.getShortNames() == null ? List.of() : List.copyOf(r.getShortNames()),
          Boolean.TRUE.equals(r.getNamespaced()), preferred));
    }
  }

  /** The served resource of exactly this GVK, or null. */
  ApiResource served(String group, String version, String kind) {
    return discovery().stream().filter(r -> r.group().equals(group) && r.version().equals(version)
        && r.kind().equals(kind)).findFirst().orElse(null);
  }

  private MixedOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>>
      op(ApiResource r) {
    return client.genericKubernetesResources(r.context());
  }

  /** The object {@code name} of resource {@code r} in the namespace (when namespaced), or null when absent. */
  GenericKubernetesResource get(ApiResource r, String ns, String name) {
    try {
      return r.namespaced() ? op(r).inNamespace(ns).withName(name).get() : op(r).withName(name).get();
    } catch (KubernetesClientException e) {
      throw translate(e, "get " + r.kind(), r.kind());
    }
  }

  /**
   * Every object of resource {@code r} in {@code ns} (every namespace when {@code ns} is null or the resource is
   * cluster-scoped), following continue tokens in pages of {@code chunkSize} (0: one request).
   */
  List<GenericKubernetesResource> list(ApiResource r, String ns, String labelSelector, int chunkSize) {
    List<GenericKubernetesResource> out = new ArrayList<>();
    String cont = null;
    try {
      do {
        ListOptionsBuilder lb = new ListOptionsBuilder();
        if (chunkSize > 0) {
          lb.withLimit((long) chunkSize);
        }
        if (cont != null) {
          lb.withContinue(cont);
        }
        if (labelSelector != null) {
          lb.withLabelSelector(labelSelector);
        }
        ListOptions options = lb.build();
        GenericKubernetesResourceList page;
        if (r.namespaced() && ns != null) {
          page = op(r).inNamespace(ns).list(options);
        } else if (r.namespaced()) {
          page = op(r).inAnyNamespace().list(options);
        } else {
          page = op(r).list(options);
        }
        out.addAll(page.getItems());
        cont = page.getMetadata() == null ? null : page.getMetadata().getContinue();
      } while (cont != null && !cont.isEmpty());
    } catch (KubernetesClientException e) {
      throw translate(e, "list " + r.kind(), r.kind());
    }
    return out;
  }

  /** True when {@code e} means the API server could not be reached. */
  static boolean unreachable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ConnectException || t instanceof UnknownHostException
          || t instanceof java.net.http.HttpTimeoutException || t instanceof java.util.concurrent.TimeoutException
          || t instanceof javax.net.ssl.SSLException) {
        return true;
      }
      if (t instanceof IOException && t.getCause() == null && e instanceof KubernetesClientException k
          && k.getCode() == 0) {
        return true;
      }
    }
    return e instanceof KubernetesClientException k && k.getCode() == 0 && k.getStatus() == null;
  }

  /**
   * A client failure as a {@link CliException}: unreachable (exit 1), forbidden ({@code not allowed to <verb>}, exit
   * 1), unauthorized (exit 1), anything else (exit 1) with the server's message.
   */
  CliException translate(KubernetesClientException e, String verb, String type) {
    if (e.getCode() == 403) {
      return new CliException(ExitCodes.ERROR, "forbidden", "not allowed to " + verb,
          "ask for RBAC permission (check with: kubectl auth can-i " + verb.replaceFirst(" .*", "")
              + " ...), or use a context that has it", type);
    }
    if (e.getCode() == 401) {
      return new CliException(ExitCodes.ERROR, "unauthorized", "the API server at " + server
          + " rejected the credentials", "check the kubeconfig user (or refresh its token)", type);
    }
    if (unreachable(e)) {
      return new CliException(ExitCodes.ERROR, "unreachable", "cannot reach the API server at " + server + ": "
          + rootMessage(e), "check that the cluster is up and that --kubeconfig/--context point at it", type);
    }
    String msg = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
        : rootMessage(e);
    return new CliException(ExitCodes.ERROR, "api_error", "cannot " + verb + ": " + msg, null, type);
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage();
    return m == null ? t.getClass().getSimpleName() : m;
  }

  @Override
  public void close() {
    client.close();
  }
}
