package dev.workloadmap.junit.internal;

import dev.workloadmap.junit.Cleanup;
import dev.workloadmap.junit.Controllers;
import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configuration of one test class, resolved strongest first: annotation attribute, JUnit configuration parameter
 * ({@code workloadmap.*}), environment variable ({@code WORKLOADMAP_*}), default. Each value remembers where it came
 * from, for failure messages.
 *
 * @param tier the cluster tier (never {@link Tier#DEFAULT})
 * @param cleanup the cleanup mode (never {@link Cleanup#DEFAULT})
 * @param disabledWithoutCluster skip instead of fail when the tier is unavailable
 * @param namespacePrefix the namespace prefix
 * @param kubeconfig the kubeconfig file of the KUBECONFIG tier, or null when not configured
 * @param kubeconfigContext the kubeconfig context, or null for the current one
 * @param kubeApiTestDir the kube-api-test directory of the API_SERVER tier
 * @param apiServerVersion the kube-apiserver version
 * @param k3sImage the k3s image
 * @param controllers the kube-controller-manager controllers of the API_SERVER tier (never {@link Controllers#DEFAULT})
 * @param origins one line per value: {@code workloadmap.tier=API_SERVER (annotation)}
 */
public record Settings(
    Tier tier,
    Cleanup cleanup,
    boolean disabledWithoutCluster,
    String namespacePrefix,
    Path kubeconfig,
    String kubeconfigContext,
    Path kubeApiTestDir,
    String apiServerVersion,
    String k3sImage,
    Controllers controllers,
    List<String> origins) {

  public Settings {
    origins = List.copyOf(origins);
  }

  /**
   * Resolves the settings.
   *
   * @param annotation the class's annotation (found directly, on a meta-annotation or on an enclosing class), or null
   * @param parameters JUnit configuration parameters
   * @param env environment variables
   * @throws IllegalArgumentException when a value is not one of the allowed ones, naming the source and the choices
   */
  public static Settings resolve(
      WorkloadMapTest annotation,
      Function<String, Optional<String>> parameters,
      Function<String, String> env) {
    Resolver r = new Resolver(parameters, env);
    Tier tier = r.enumValue(
        WorkloadMapTest.TIER_PROPERTY,
        annotation == null || annotation.tier() == Tier.DEFAULT
            ? null
            : annotation.tier().name(),
        Tier.class,
        Tier.AUTO);
    Cleanup cleanup = r.enumValue(
        WorkloadMapTest.CLEANUP_PROPERTY,
        annotation == null || annotation.cleanup() == Cleanup.DEFAULT
            ? null
            : annotation.cleanup().name(),
        Cleanup.class,
        Cleanup.KEEP_ON_FAILURE);
    String disabled = r.value(
        WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY,
        annotation != null && annotation.disabledWithoutCluster() ? "true" : null,
        "false");
    if (!disabled.equalsIgnoreCase("true") && !disabled.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(
          r.describe(WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY)
              + " must be true or false, found \"" + disabled + "\"");
    }
    String prefix = r.value(
        WorkloadMapTest.NAMESPACE_PREFIX_PROPERTY,
        annotation == null || annotation.namespacePrefix().isBlank()
            ? null
            : annotation.namespacePrefix(),
        WorkloadMapTest.DEFAULT_NAMESPACE_PREFIX);
    if (!prefix.matches("[a-z0-9]([-a-z0-9]{0,30}[a-z0-9])?")) {
      throw new IllegalArgumentException(r.describe(WorkloadMapTest.NAMESPACE_PREFIX_PROPERTY)
          + " must be a lower-case DNS label of at most 32 characters, found \"" + prefix + "\"");
    }
    String kubeconfig = r.value(WorkloadMapTest.KUBECONFIG_PROPERTY, null, null);
    String context = r.value(WorkloadMapTest.KUBECONFIG_CONTEXT_PROPERTY, null, null);
    String dir = r.value(
        WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY,
        null,
        defaultKubeApiTestDir(env).toString());
    String version = r.value(
        WorkloadMapTest.API_SERVER_VERSION_PROPERTY,
        null,
        WorkloadMapTest.DEFAULT_API_SERVER_VERSION);
    String image =
        r.value(WorkloadMapTest.K3S_IMAGE_PROPERTY, null, WorkloadMapTest.DEFAULT_K3S_IMAGE);
    Controllers controllers = r.enumValue(
        WorkloadMapTest.CONTROLLERS_PROPERTY,
        annotation == null || annotation.controllers() == Controllers.DEFAULT
            ? null
            : annotation.controllers().name(),
        Controllers.class,
        Controllers.WORKLOAD);
    return new Settings(
        tier,
        cleanup,
        Boolean.parseBoolean(disabled.toLowerCase(Locale.ROOT)),
        prefix,
        kubeconfig == null || kubeconfig.isBlank() ? null : expandHome(kubeconfig),
        context == null || context.isBlank() ? null : context,
        expandHome(dir),
        version,
        image,
        controllers,
        r.origins);
  }

  /** {@code workloadmap.disabledWithoutCluster} becomes {@code WORKLOADMAP_DISABLED_WITHOUT_CLUSTER}. */
  public static String environmentName(String property) {
    StringBuilder sb = new StringBuilder();
    for (char c : property.toCharArray()) {
      if (c == '.' || c == '-') {
        sb.append('_');
      } else if (Character.isUpperCase(c)) {
        sb.append('_').append(c);
      } else {
        sb.append(Character.toUpperCase(c));
      }
    }
    return sb.toString();
  }

  /** {@code ${XDG_CACHE_HOME:-~/.cache}/workloadmap/kubeapitest}, as in {@code scripts/provide-kube-apiserver.sh}. */
  public static Path defaultKubeApiTestDir(Function<String, String> env) {
    return cacheHome(env).resolve("workloadmap").resolve("kubeapitest");
  }

  /** {@code $XDG_CACHE_HOME}, else {@code ~/.cache}. */
  public static Path cacheHome(Function<String, String> env) {
    String xdg = env.apply("XDG_CACHE_HOME");
    return xdg != null && !xdg.isBlank()
        ? Path.of(xdg)
        : Path.of(System.getProperty("user.home"), ".cache");
  }

  private static Path expandHome(String p) {
    if (p.equals("~") || p.startsWith("~/")) {
      return Path.of(System.getProperty("user.home") + p.substring(1));
    }
    return Path.of(p);
  }

  private static final class Resolver {
    private final Function<String, Optional<String>> parameters;
    private final Function<String, String> env;
    private final List<String> origins = new ArrayList<>();
    private final java.util.Map<String, String> sources = new java.util.HashMap<>();

    Resolver(Function<String, Optional<String>> parameters, Function<String, String> env) {
      this.parameters = parameters;
      this.env = env;
    }

    String value(String property, String fromAnnotation, String fallback) {
      String value;
      String source;
      Optional<String> param = parameters.apply(property).filter(s -> !s.isBlank());
      String envName = environmentName(property);
      String fromEnv = env.apply(envName);
      if (fromAnnotation != null) {
        value = fromAnnotation;
        source = "annotation @WorkloadMapTest";
      } else if (param.isPresent()) {
        value = param.get().trim();
        source = "configuration parameter " + property;
      } else if (fromEnv != null && !fromEnv.isBlank()) {
        value = fromEnv.trim();
        source = "environment variable " + envName;
      } else {
        value = fallback;
        source = "default";
      }
      sources.put(property, source);
      origins.add(property + "=" + value + " (" + source + ")");
      return value;
    }

    <E extends Enum<E>> E enumValue(
        String property, String fromAnnotation, Class<E> type, E fallback) {
      String v = value(property, fromAnnotation, fallback.name());
      List<String> allowed = new ArrayList<>();
      for (E e : type.getEnumConstants()) {
        if (!e.name().equals("DEFAULT")) {
          allowed.add(e.name());
          if (e.name().equalsIgnoreCase(v.replace('-', '_'))) {
            return e;
          }
        }
      }
      throw new IllegalArgumentException(describe(property) + " must be one of "
          + String.join(", ", allowed) + ", found \"" + v + "\"");
    }

    String describe(String property) {
      return property + " (from " + sources.getOrDefault(property, "default") + ")";
    }
  }
}
