package dev.workloadmap.cli;

import dev.workloadmap.sdk.definition.Gvk;
import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIGroupList;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
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
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One connection to a cluster: the client, the namespace that applies, discovery of served resources, paged lists,
 * and the translation of client failures into {@link CliException}s with exit codes and hints
 * (docs/format.md#cli-common, docs/format.md#cli-commands).
 */
final class Cluster implements AutoCloseable {

  /** One served resource from discovery. */
  record ApiResource(
      String group,
      String version,
      String kind,
      String plural,
      String singular,
      List<String> shortNames,
      boolean namespaced,
      boolean preferredVersion) {
    String apiVersion() {
      return group.isEmpty() ? version : group + "/" + version;
    }

    ResourceDefinitionContext context() {
      return new ResourceDefinitionContext.Builder()
          .withGroup(group)
          .withVersion(version)
          .withKind(kind)
          .withPlural(plural)
          .withNamespaced(namespaced)
          .build();
    }
  }

  private final KubernetesClient client;
  private final String namespace;
  private final String server;
  private final Map<String, List<ApiResource>> byGroupVersion = new HashMap<>();
  private Map<String, APIGroup> groups;

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
   * Discovery of the resources that matter here (docs/format.md#cli-resolution step 2): the core group {@code v1} and
   * every served version of every group a definition covers (one {@code /apis} request for the served and preferred
   * versions, then {@code /apis/<group>/<version>}); subresources are left out. Asking only for covered groups keeps
   * discovery to a few requests on clusters with many CRDs. A group version that does not answer is skipped, as
   * kubectl's partial discovery does.
   *
   * @param definitionGvks the root GVKs of the available definitions
   * @throws CliException the cluster is unreachable or rejects the credentials
   */
  List<ApiResource> discovery(Collection<Gvk> definitionGvks) {
    Map<String, Set<String>> versionsByGroup = new LinkedHashMap<>();
    for (Gvk g : definitionGvks) {
      versionsByGroup.computeIfAbsent(g.group(), k -> new LinkedHashSet<>()).add(g.version());
    }
    versionsByGroup.computeIfAbsent("", k -> new LinkedHashSet<>()).add("v1");
    List<ApiResource> out = new ArrayList<>();
    try {
      for (Map.Entry<String, Set<String>> e : versionsByGroup.entrySet()) {
        String group = e.getKey();
        Set<String> versions = new LinkedHashSet<>();
        String preferred = null;
        if (!group.isEmpty()) {
          APIGroup g = apiGroup(group);
          if (g != null && g.getVersions() != null) {
            g.getVersions().forEach(v -> versions.add(v.getVersion()));
            preferred =
                g.getPreferredVersion() == null ? null : g.getPreferredVersion().getVersion();
          }
        }
        versions.addAll(e.getValue());
        for (String v : versions) {
          for (ApiResource r : resources(group, v)) {
            out.add(new ApiResource(
                r.group(),
                r.version(),
                r.kind(),
                r.plural(),
                r.singular(),
                r.shortNames(),
                r.namespaced(),
                group.isEmpty() || preferred == null || preferred.equals(v)));
          }
        }
      }
    } catch (KubernetesClientException e) {
      throw translate(e, "discover the API resources", null);
    }
    return out;
  }

  /** The group from one {@code /apis} request (cached), or null when it is not listed. */
  private APIGroup apiGroup(String group) {
    if (groups == null) {
      groups = new HashMap<>();
      try {
        APIGroupList list = client.getApiGroups();
        if (list != null && list.getGroups() != null) {
          list.getGroups().forEach(g -> groups.put(g.getName(), g));
        }
      } catch (KubernetesClientException e) {
        if (unreachable(e) || e.getCode() == 401) {
          throw e;
        }
      }
    }
    return groups.get(group);
  }

  /** The served resources of one group version (cached); empty when it is not served. */
  List<ApiResource> resources(String group, String version) {
    String gv = group.isEmpty() ? version : group + "/" + version;
    List<ApiResource> cached = byGroupVersion.get(gv);
    if (cached != null) {
      return cached;
    }
    List<ApiResource> out = new ArrayList<>();
    APIResourceList list;
    try {
      list = client.getApiResources(gv);
    } catch (KubernetesClientException e) {
      if (unreachable(e) || e.getCode() == 401) {
        throw e;
      }
      list = null; // partial discovery
    }
    if (list != null && list.getResources() != null) {
      for (APIResource r : list.getResources()) {
        if (r.getName() == null || r.getName().contains("/")) {
          continue;
        }
        out.add(new ApiResource(
            group,
            version,
            r.getKind(),
            r.getName(),
            r.getSingularName() == null ? "" : r.getSingularName(),
            r.getShortNames() == null ? List.of() : List.copyOf(r.getShortNames()),
            Boolean.TRUE.equals(r.getNamespaced()),
            true));
      }
    }
    byGroupVersion.put(gv, List.copyOf(out));
    return byGroupVersion.get(gv);
  }

  /**
   * The served resource of exactly this GVK, or null.
   *
   * @throws CliException the cluster is unreachable
   */
  ApiResource served(String group, String version, String kind) {
    try {
      return resources(group, version).stream()
          .filter(r -> r.kind().equals(kind))
          .findFirst()
          .orElse(null);
    } catch (KubernetesClientException e) {
      throw translate(e, "discover " + kind, kind);
    }
  }

  /**
   * The resource of an owner reference: discovered, else Kubernetes' own guess from the kind ({@code
   * meta.UnsafeGuessKindToResource}: lower case, then {@code -es} after {@code s}, {@code -ies} for a consonant and
   * {@code y}, else {@code -s}), namespaced when the owned object is.
   */
  ApiResource ownerResource(String apiVersion, String kind, boolean namespaced) {
    Gvk g = Gvk.of(apiVersion, kind);
    ApiResource r = served(g.group(), g.version(), g.kind());
    if (r != null) {
      return r;
    }
    String lower = kind.toLowerCase(java.util.Locale.ROOT);
    return new ApiResource(
        g.group(), g.version(), kind, guessPlural(kind), lower, List.of(), namespaced, true);
  }

  /** Kubernetes' {@code meta.UnsafeGuessKindToResource}: the plural resource name guessed from a kind. */
  static String guessPlural(String kind) {
    String lower = kind.toLowerCase(java.util.Locale.ROOT);
    if (lower.isEmpty()) {
      return lower;
    }
    if (lower.endsWith("s")) {
      return lower + "es";
    }
    if (lower.endsWith("y")
        && lower.length() > 1
        && "aeiou".indexOf(lower.charAt(lower.length() - 2)) < 0) {
      return lower.substring(0, lower.length() - 1) + "ies";
    }
    return lower + "s";
  }

  private MixedOperation<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      op(ApiResource r) {
    return client.genericKubernetesResources(r.context());
  }

  /** The object {@code name} of resource {@code r} in the namespace (when namespaced), or null when absent. */
  GenericKubernetesResource get(ApiResource r, String ns, String name) {
    try {
      return r.namespaced()
          ? op(r).inNamespace(ns).withName(name).get()
          : op(r).withName(name).get();
    } catch (KubernetesClientException e) {
      throw translate(e, "get " + r.kind(), r.kind());
    }
  }

  /**
   * Every object of resource {@code r} in {@code ns} (every namespace when {@code ns} is null or the resource is
   * cluster-scoped), following continue tokens in pages of {@code chunkSize} (0: one request).
   */
  List<GenericKubernetesResource> list(
      ApiResource r, String ns, String labelSelector, int chunkSize) {
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
      if (t instanceof ConnectException
          || t instanceof UnknownHostException
          || t instanceof java.net.http.HttpTimeoutException
          || t instanceof java.util.concurrent.TimeoutException
          || t instanceof javax.net.ssl.SSLException) {
        return true;
      }
      if (t instanceof IOException
          && t.getCause() == null
          && e instanceof KubernetesClientException k
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
      return new CliException(
          ExitCodes.ERROR,
          "forbidden",
          "not allowed to " + verb,
          "ask for RBAC permission (check with: kubectl auth can-i " + verb.replaceFirst(" .*", "")
              + " ...), or use a context that has it",
          type);
    }
    if (e.getCode() == 401) {
      return new CliException(
          ExitCodes.ERROR,
          "unauthorized",
          "the API server at " + server + " rejected the credentials",
          "check the kubeconfig user (or refresh its token)",
          type);
    }
    Tls tls = tlsFailure(e);
    if (tls != null) {
      // reachable, but no TLS session: "check the cluster is up" would not help (a connection
      // closed
      // during the handshake is not this: it stays unreachable below)
      return new CliException(
          ExitCodes.ERROR,
          "unreachable",
          "no TLS connection to the API server at " + server + ": "
              + (tls == Tls.PLAIN_TEXT ? "it answered in plain text, not TLS" : rootMessage(e)),
          tls == Tls.PLAIN_TEXT
              ? "the server does not speak TLS on that port: give the kubeconfig the port the API server serves"
                  + " HTTPS on (or an http:// server for a plain-HTTP test server)"
              : "check the cluster's certificate-authority (or certificate-authority-data) in the kubeconfig: the"
                  + " server's certificate must be signed by it and name the server's host;"
                  + " --insecure-skip-tls-verify skips the check (for a throwaway test cluster only)",
          type);
    }
    if (unreachable(e)) {
      return new CliException(
          ExitCodes.ERROR,
          "unreachable",
          "cannot reach the API server at " + server + ": " + rootMessage(e),
          "check that the cluster is up and that --kubeconfig/--context point at it",
          type);
    }
    String msg = e.getStatus() != null && e.getStatus().getMessage() != null
        ? e.getStatus().getMessage()
        : rootMessage(e);
    String hint = e.getCode() == 429
        ? "the API server is throttling requests (HTTP 429, after the client's retries):"
            + " wait a moment and run the command again"
        : e.getCode() >= 500
            ? "the API server failed (HTTP " + e.getCode()
                + "): run the command again, or check the"
                + " API server's health (kubectl get --raw /readyz)"
            : "check the request against the API server's message (HTTP " + e.getCode() + ")";
    return new CliException(
        ExitCodes.ERROR, "api_error", "cannot " + verb + ": " + msg, hint, type);
  }

  /** Why a TLS session failed, when the cause is the server's certificate or its not speaking TLS. */
  enum Tls {
    /** The certificate was not trusted, or did not name the host. */
    CERTIFICATE,
    /** The server answered in plain text (a plain-HTTP port). */
    PLAIN_TEXT
  }

  /**
   * What {@code e}'s cause chain says about TLS: a certificate that failed the checks, a server that answered in plain
   * text (the JDK's words for it; its message then dumps the answer's bytes in hex), or null for anything else (a
   * connection closed or reset during the handshake is a network failure).
   */
  static Tls tlsFailure(Throwable e) {
    for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
      if (t instanceof java.security.cert.CertificateException
          || t instanceof java.security.cert.CertPathValidatorException
          || t instanceof java.security.cert.CertPathBuilderException
          || t instanceof javax.net.ssl.SSLPeerUnverifiedException) {
        return Tls.CERTIFICATE;
      }
      String m = t.getMessage();
      if (t instanceof javax.net.ssl.SSLException
          && m != null
          && (m.contains("not an SSL/TLS record")
              || m.contains("Unsupported or unrecognized SSL message"))) {
        return Tls.PLAIN_TEXT;
      }
    }
    return null;
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
