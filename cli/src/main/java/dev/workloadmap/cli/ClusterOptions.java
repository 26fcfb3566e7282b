package dev.workloadmap.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * kubectl's client flags (docs/format.md#cli-common): {@code --kubeconfig}, {@code --context}, {@code -n/--namespace},
 * {@code --cluster}, {@code --user}, {@code --server}, {@code --token}, {@code --insecure-skip-tls-verify}. The
 * kubeconfig is {@code --kubeconfig}, else the first file of {@code $KUBECONFIG}, else {@code $HOME/.kube/config}; the
 * namespace is {@code -n}, else the context's, else {@code default}. There is no {@code -A}.
 */
public final class ClusterOptions {

  @Option(names = "--kubeconfig", paramLabel = "FILE", description = "Path to the kubeconfig file.")
  Path kubeconfig;

  @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig context to use.")
  String context;

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NS",
      description = "The namespace (default: the context's).")
  String namespace;

  @Option(names = "--cluster", paramLabel = "NAME", description = "The kubeconfig cluster to use.")
  String cluster;

  @Option(names = "--user", paramLabel = "NAME", description = "The kubeconfig user to use.")
  String user;

  @Option(
      names = {"-s", "--server"},
      paramLabel = "URL",
      description = "The API server address.")
  String server;

  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      description = "A bearer token for the API server.")
  String token;

  @Option(
      names = "--insecure-skip-tls-verify",
      description = "Do not check the server's certificate.")
  boolean insecureSkipTlsVerify;

  @Option(
      names = "--request-timeout",
      paramLabel = "DURATION",
      description =
          "How long to wait for each API server"
              + " response before retrying (as kubectl: 500ms, 5s, 1m; a bare number is seconds; default 10s).")
  String requestTimeout;

  /** Retries of one request after a connection failure, a timeout, an HTTP 429 (after its Retry-After) or a 5xx. */
  static final int RETRIES = 3;

  /** The kubeconfig file that applies, or null when there is none (then only {@code --server} reaches a cluster). */
  Path kubeconfigFile(Env env) {
    if (kubeconfig != null) {
      return kubeconfig;
    }
    String fromEnv = env.environment().get("KUBECONFIG");
    if (fromEnv != null && !fromEnv.isBlank()) {
      for (String p : fromEnv.split(java.io.File.pathSeparator)) {
        if (!p.isBlank() && Files.isRegularFile(Path.of(p))) {
          return Path.of(p);
        }
      }
    }
    String home = env.environment().get("HOME");
    if (home != null && !home.isBlank() && Files.isRegularFile(Path.of(home, ".kube", "config"))) {
      return Path.of(home, ".kube", "config");
    }
    return null;
  }

  /**
   * The error for a kubeconfig the client could not read: a YAML error is the YAML reader's, on one line at its
   * {@code file:line:column} (the client's parser spreads it over several lines with a caret drawing); anything else is
   * the client's message on one line.
   */
  private CliException unreadableKubeconfig(Path file, RuntimeException e) {
    String hint = context == null
        ? "check the kubeconfig file"
        : "check that context \"" + context + "\" exists in it";
    try {
      new dev.workloadmap.sdk.yaml.YamlReader().readAll(file);
    } catch (dev.workloadmap.sdk.yaml.YamlException y) {
      return new CliException(
              ExitCodes.USAGE,
              "kubeconfig",
              y.describe(),
              "fix the YAML of the kubeconfig " + file,
              null)
          .at(y.location().orElse(null));
    } catch (RuntimeException other) {
      // not a YAML error: the client's own message below
    }
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new CliException(
        ExitCodes.USAGE,
        "kubeconfig",
        file + ": " + message.strip().replaceAll("\\s*\\n\\s*", " "),
        hint,
        null);
  }

  /** True when a kubeconfig or {@code --server} says where a cluster is. */
  boolean configured(Env env) {
    return server != null || kubeconfigFile(env) != null;
  }

  /**
   * The client configuration: the kubeconfig's context (or {@code --context}) overridden by the other flags, with
   * fabric8's request retries turned off so an unreachable cluster fails at once.
   *
   * @throws CliException the kubeconfig cannot be read, names no such context, or no cluster is configured
   */
  Config config(Env env) {
    Path file = kubeconfigFile(env);
    if (file == null && server == null) {
      throw new CliException(
          ExitCodes.ERROR,
          "no_cluster",
          "no cluster configured: no kubeconfig found",
          "pass --kubeconfig FILE, set KUBECONFIG, or create $HOME/.kube/config",
          null);
    }
    Config base;
    if (file != null) {
      if (!Files.isReadable(file)) {
        throw new CliException(
            ExitCodes.USAGE,
            "kubeconfig",
            "cannot read kubeconfig " + file,
            "check the --kubeconfig path (or KUBECONFIG)",
            null);
      }
      try {
        base = Config.fromKubeconfig(context, file.toAbsolutePath().toFile());
      } catch (RuntimeException e) {
        throw unreadableKubeconfig(file, e);
      }
      if (context != null
          && (base.getCurrentContext() == null
              || !context.equals(base.getCurrentContext().getName()))) {
        throw new CliException(
            ExitCodes.USAGE,
            "kubeconfig",
            "context \"" + context + "\" not found in " + file,
            "list the contexts with: kubectl config get-contexts --kubeconfig " + file,
            null);
      }
    } else {
      base = Config.empty();
    }
    ConfigBuilder b = new ConfigBuilder(base);
    if (server != null) {
      b.withMasterUrl(server);
    }
    if (token != null) {
      b.withOauthToken(token);
    }
    if (insecureSkipTlsVerify) {
      b.withTrustCerts(true);
    }
    if (namespace != null) {
      b.withNamespace(namespace);
    }
    // fabric8 retries a failed connection, a timeout, an HTTP 429 (waiting its Retry-After) and a
    // 5xx with
    // exponential backoff (250 ms, 500 ms, 1 s); then the command fails with one error (exit 1)
    b.withRequestRetryBackoffLimit(RETRIES);
    b.withRequestRetryBackoffInterval(250);
    b.withConnectionTimeout(10_000);
    if (requestTimeout != null) {
      b.withRequestTimeout(requestTimeoutMillis(requestTimeout));
    }
    Config c = b.build();
    if (cluster != null || user != null) {
      applyClusterAndUser(c, file);
    }
    return c;
  }

  private void applyClusterAndUser(Config c, Path file) {
    io.fabric8.kubernetes.api.model.Config kc;
    try {
      kc = io.fabric8.kubernetes.client.internal.KubeConfigUtils.parseConfig(file.toFile());
    } catch (RuntimeException e) {
      throw new CliException(
          ExitCodes.USAGE,
          "kubeconfig",
          "cannot read kubeconfig " + file + ": " + e.getMessage(),
          "check the file given by --kubeconfig or KUBECONFIG (kubectl config view --kubeconfig FILE)",
          null);
    }
    if (cluster != null) {
      var named = kc.getClusters().stream()
          .filter(x -> cluster.equals(x.getName()))
          .findFirst()
          .orElseThrow(() -> new CliException(
              ExitCodes.USAGE,
              "kubeconfig",
              "cluster \"" + cluster + "\" not found in " + file,
              "list them with: kubectl config get-clusters",
              null));
      c.setMasterUrl(named.getCluster().getServer());
      if (named.getCluster().getCertificateAuthorityData() != null) {
        c.setCaCertData(named.getCluster().getCertificateAuthorityData());
      }
      if (named.getCluster().getCertificateAuthority() != null) {
        c.setCaCertFile(named.getCluster().getCertificateAuthority());
      }
    }
    if (user != null) {
      var named = kc.getUsers().stream()
          .filter(x -> user.equals(x.getName()))
          .findFirst()
          .orElseThrow(() -> new CliException(
              ExitCodes.USAGE,
              "kubeconfig",
              "user \"" + user + "\" not found in " + file,
              "list them with: kubectl config view",
              null));
      var u = named.getUser();
      c.setClientCertData(u.getClientCertificateData());
      c.setClientCertFile(u.getClientCertificate());
      c.setClientKeyData(u.getClientKeyData());
      c.setClientKeyFile(u.getClientKey());
      if (u.getToken() != null) {
        c.setOauthToken(u.getToken());
      }
    }
  }

  /** A client for {@link #config(Env)}. */
  KubernetesClient client(Env env) {
    return new KubernetesClientBuilder().withConfig(config(env)).build();
  }

  /** The namespace that applies: {@code -n}, else the kubeconfig context's, else {@code default}. */
  static String namespaceOf(Config c) {
    return c.getNamespace() == null || c.getNamespace().isBlank() ? "default" : c.getNamespace();
  }

  /** {@code --request-timeout}'s value in milliseconds: {@code 500ms}, {@code 5s}, {@code 1m}, or seconds. */
  static int requestTimeoutMillis(String text) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(\\d{1,7})(ms|s|m)?").matcher(text.trim());
    if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
      throw CliException.usage(
          "--request-timeout " + text + " is not a duration",
          "give a positive duration such as 500ms, 5s or 1m (a bare number is seconds)");
    }
    long n = Long.parseLong(m.group(1));
    long ms = m.group(2) == null || m.group(2).equals("s")
        ? n * 1000
        : m.group(2).equals("m") ? n * 60_000 : n;
    return (int) Math.min(ms, Integer.MAX_VALUE);
  }
}
