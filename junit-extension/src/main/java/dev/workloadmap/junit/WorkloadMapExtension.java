package dev.workloadmap.junit;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.workloadmap.junit.internal.Retries;
import dev.workloadmap.junit.internal.ServiceAccounts;
import dev.workloadmap.junit.internal.Settings;
import dev.workloadmap.junit.internal.SharedCluster;
import dev.workloadmap.junit.internal.Sources;
import dev.workloadmap.junit.internal.tier.ClusterBackend;
import dev.workloadmap.junit.internal.tier.Tiers;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.catalog.Catalog;
import dev.workloadmap.sdk.catalog.CatalogEntry;
import dev.workloadmap.sdk.validation.Finding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestWatcher;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link WorkloadMapTest}: resolves the configuration, chooses the tier, starts one cluster per
 * configuration per JVM run (kept in the root store and closed when the run ends), creates the class's namespace,
 * installs the annotation's CRDs, loads its definitions, injects {@link WorkloadMapCluster} and cleans up.
 *
 * <p>Public only because {@link WorkloadMapTest} registers it with {@code @ExtendWith}; use the annotation.
 */
@API(status = INTERNAL, since = "0.1")
public final class WorkloadMapExtension
    implements ExecutionCondition,
        BeforeAllCallback,
        AfterAllCallback,
        ParameterResolver,
        TestWatcher {

  private static final ExtensionContext.Namespace NS =
      ExtensionContext.Namespace.create(WorkloadMapExtension.class);
  private static final String HANDLE = "handle";
  private static final String OWNER = "owner";

  /** The annotation on the class, an enclosing class (for {@code @Nested}), or a meta-annotation. */
  static Optional<WorkloadMapTest> annotation(ExtensionContext context) {
    for (Optional<Class<?>> c = context.getTestClass();
        c.isPresent();
        c = Optional.ofNullable(c.get().getEnclosingClass())) {
      Optional<WorkloadMapTest> a =
          AnnotationSupport.findAnnotation(c.get(), WorkloadMapTest.class);
      if (a.isPresent()) {
        return a;
      }
    }
    return Optional.empty();
  }

  static Settings settings(ExtensionContext context) {
    try {
      return Settings.resolve(
          annotation(context).orElse(null), context::getConfigurationParameter, System::getenv);
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException("@WorkloadMapTest: " + e.getMessage());
    }
  }

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (context.getTestMethod().isPresent()) {
      return ConditionEvaluationResult.enabled("decided for the class");
    }
    Settings s = settings(context);
    if (!s.disabledWithoutCluster()) {
      return ConditionEvaluationResult.enabled(
          "a missing cluster fails the class (disabledWithoutCluster=false)");
    }
    Tiers.Choice choice = Tiers.choose(s);
    return choice.backend() != null
        ? ConditionEvaluationResult.enabled("tier " + choice.backend().tier())
        : ConditionEvaluationResult.disabled(choice
            .reason()
            .lines()
            .filter(l -> !l.contains("To skip instead"))
            .reduce((a, b) -> a + "\n" + b)
            .orElse(choice.reason()));
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    ExtensionContext.Store store = context.getStore(NS);
    Optional<WorkloadMapCluster> outer = context
        .getParent()
        .flatMap(p -> Optional.ofNullable(p.getStore(NS).get(HANDLE, WorkloadMapCluster.class)));
    if (outer.isPresent()) {
      store.put(HANDLE, outer.get()); // a @Nested class shares its enclosing class's namespace
      return;
    }
    Settings s = settings(context);
    Tiers.Choice choice = Tiers.choose(s);
    if (choice.backend() == null) {
      throw new ExtensionConfigurationException(
          "@WorkloadMapTest on " + context.getRequiredTestClass().getName() + ": " + choice.reason()
              + "\n  configuration: " + String.join("; ", s.origins()));
    }
    ClusterBackend backend = choice.backend();
    SharedCluster cluster = context
        .getRoot()
        .getStore(NS)
        .getOrComputeIfAbsent("cluster " + backend.key(), k -> start(backend), SharedCluster.class);
    WorkloadMap wm = WorkloadMap.create();
    WorkloadMapTest a = annotation(context).orElse(null);
    List<String> definitionSources = a == null ? List.of() : List.of(a.definitions());
    List<PreparedDefinition> definitions = loadDefinitions(wm, definitionSources);
    String namespace = namespaceName(s.namespacePrefix(), context.getRequiredTestClass());
    createNamespace(cluster, namespace);
    WorkloadMapCluster handle =
        new WorkloadMapCluster(cluster, namespace, wm, definitions, definitionSources);
    store.put(HANDLE, handle);
    store.put(OWNER, new Owner(context.getUniqueId(), s.cleanup()));
    if (a != null && a.crds().length > 0) {
      handle.installCrds(a.crds());
    }
    context.publishReportEntry(
        "workloadmap.cluster",
        cluster.tier() + ": " + cluster.description() + " (started in "
            + cluster.startTime().toMillis() + " ms), namespace " + namespace);
  }

  private static SharedCluster start(ClusterBackend backend) {
    long t0 = System.nanoTime();
    ClusterBackend.Running running;
    try {
      running = backend.start();
    } catch (Exception e) {
      throw new ExtensionConfigurationException(
          "@WorkloadMapTest: cluster tier " + backend.tier() + " failed to start ("
              + e.getClass().getSimpleName() + "): " + e.getMessage(),
          e);
    }
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    // one line per cluster and JVM run: starting a cluster is the slow part of a cluster test
    System.out.printf(
        Locale.ROOT,
        "[workloadmap] %s: %s started in %.1f s%n",
        backend.tier(),
        running.description(),
        took.toMillis() / 1000.0);
    return new SharedCluster(backend, running, took);
  }

  /** Creates the class's namespace and its default ServiceAccount, retried as the handle's writes are. */
  private static void createNamespace(SharedCluster cluster, String name) {
    var client = cluster.running().client();
    Retries.call("create namespace " + name, cluster::recentLogs, retry -> {
      try {
        return client
            .namespaces()
            .resource(new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .build())
            .create();
      } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
        if (retry && e.getCode() == 409) {
          return null; // the attempt that timed out had landed
        }
        throw e;
      }
    });
    // with Controllers.NONE no service-account controller creates it; pods name it (a 409 when the
    // controller won)
    Retries.call("create ServiceAccount default in namespace " + name, cluster::recentLogs, () -> {
      ServiceAccounts.ensure(client, name, "default");
      return null;
    });
  }

  static String namespaceName(String prefix, Class<?> testClass) {
    String cls = testClass.getSimpleName().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    String suffix = Integer.toString(ThreadLocalRandom.current().nextInt(36 * 36 * 36 * 36), 36);
    int room = 63 - prefix.length() - suffix.length() - 2;
    if (cls.length() > room) {
      cls = cls.substring(0, room);
    }
    return cls.isEmpty() ? prefix + "-" + suffix : prefix + "-" + cls + "-" + suffix;
  }

  static List<PreparedDefinition> loadDefinitions(WorkloadMap wm, List<String> sources) {
    List<PreparedDefinition> out = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    Catalog catalog = null;
    for (String source : sources) {
      List<WorkloadMap.Loaded> loaded;
      try {
        if (source.startsWith("catalog:")) {
          String slug = source.substring("catalog:".length());
          if (catalog == null) {
            catalog = Catalog.builtInOnDemand();
          }
          Optional<CatalogEntry> entry = catalog.bySlug(slug);
          if (entry.isEmpty()) {
            problems.add(source
                + ": no such catalog entry (is workloadmap-catalog on the test class path?)");
            continue;
          }
          loaded = wm.read(entry.get().yaml(), entry.get().resource());
        } else if (source.startsWith(Sources.CLASSPATH)) {
          loaded = wm.read(
              Sources.read(source, Path.of("")), source.substring(Sources.CLASSPATH.length()));
        } else {
          Path p = Path.of(source);
          if (!Files.isRegularFile(p)) {
            problems.add(
                source + ": file not found (relative to " + Path.of("").toAbsolutePath() + ")");
            continue;
          }
          loaded = wm.read(p);
        }
      } catch (RuntimeException e) {
        problems.add(source + ": " + e.getMessage());
        continue;
      }
      for (WorkloadMap.Loaded l : loaded) {
        if (!l.valid()) {
          l.report().errors().stream()
              .map(Finding::format)
              .forEach(f -> problems.add(source + ": " + f));
        } else {
          out.add(wm.prepare(l));
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new ExtensionConfigurationException("@WorkloadMapTest(definitions = ...): "
          + problems.size() + " problem(s):\n  " + String.join("\n  ", problems));
    }
    return out;
  }

  @Override
  public void afterAll(ExtensionContext context) {
    ExtensionContext.Store store = context.getStore(NS);
    Owner owner = store.get(OWNER, Owner.class);
    WorkloadMapCluster handle = store.get(HANDLE, WorkloadMapCluster.class);
    if (owner == null || handle == null || !owner.uniqueId().equals(context.getUniqueId())) {
      return; // a nested class (its enclosing class cleans up), or the class never started
    }
    Cleanup cleanup = owner.cleanup();
    boolean keep =
        cleanup == Cleanup.NEVER || (cleanup == Cleanup.KEEP_ON_FAILURE && handle.failed());
    if (keep) {
      String msg = "namespace " + handle.namespace() + " kept (cleanup " + cleanup + ") on "
          + handle.tier() + ": " + handle.clusterDescription();
      context.publishReportEntry("workloadmap.namespaceKept", msg);
      System.err.println("[workloadmap] " + msg);
      return;
    }
    handle.deleteCreatedObjects();
    // the namespace controller finalises it; without one (Controllers.NONE) it stays Terminating,
    // its objects gone
    handle.client().namespaces().withName(handle.namespace()).delete();
  }

  /** The class that created a namespace, and its cleanup mode. */
  private record Owner(String uniqueId, Cleanup cleanup) {}

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    Optional<WorkloadMapCluster> handle =
        Optional.ofNullable(context.getStore(NS).get(HANDLE, WorkloadMapCluster.class));
    handle.ifPresent(h -> {
      h.markFailed();
      if (!(cause instanceof org.opentest4j.AssertionFailedError afe
          && afe.getMessage() != null
          && afe.getMessage().contains("@WorkloadMapTest diagnostics"))) {
        System.err.println("[workloadmap] " + context.getDisplayName() + " failed: " + cause + "\n"
            + h.diagnostics());
      }
    });
  }

  @Override
  public boolean supportsParameter(
      ParameterContext parameterContext, ExtensionContext extensionContext) {
    return parameterContext.getParameter().getType() == WorkloadMapCluster.class;
  }

  @Override
  public Object resolveParameter(
      ParameterContext parameterContext, ExtensionContext extensionContext) {
    WorkloadMapCluster h = extensionContext.getStore(NS).get(HANDLE, WorkloadMapCluster.class);
    for (Optional<ExtensionContext> c = Optional.of(extensionContext);
        h == null && c.isPresent();
        c = c.get().getParent()) {
      h = c.get().getStore(NS).get(HANDLE, WorkloadMapCluster.class);
    }
    if (h == null) {
      throw new ParameterResolutionException(
          "no WorkloadMapCluster yet: it is available from @BeforeAll on (not in"
              + " a static initializer), on a class annotated with @WorkloadMapTest");
    }
    return h;
  }
}
