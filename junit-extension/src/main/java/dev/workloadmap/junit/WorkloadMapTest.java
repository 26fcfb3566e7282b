package dev.workloadmap.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against a Kubernetes API and injects a {@link WorkloadMapCluster} (a constructor, {@code
 * @BeforeAll}, {@code @BeforeEach} or test method parameter). Usable directly, as a meta-annotation on an annotation
 * of your own, and on {@code @Nested} classes (a nested class shares its enclosing class's namespace).
 *
 * <p>One cluster per tier is started per JVM run, shared by every test class, and stopped when the run ends. Each
 * top-level test class works in its own namespace ({@link #namespacePrefix()} plus the class name and a random
 * suffix).
 *
 * <p><b>Configuration</b>, strongest first: the annotation attribute, the JUnit configuration parameter (the {@code
 * *_PROPERTY} constants; a {@code -D} system property is one too), the environment variable ({@code WORKLOADMAP_} and
 * the property name in upper snake case, for example {@code WORKLOADMAP_DISABLED_WITHOUT_CLUSTER}), the default.
 *
 * <pre>{@code
 * @WorkloadMapTest(definitions = "src/main/workloadmap/jobset/definition.yaml",
 *                  crds = "classpath:crds/jobset.yaml")
 * class JobSetApiServerTest {
 *   @Test
 *   void leaderAndWorkers(WorkloadMapCluster cluster) {
 *     GenericKubernetesResource js = cluster.createWithStatus(cluster.readYaml(Path.of("jobset.yaml")));
 *     cluster.assertTree(js, Path.of("expected.yaml"));
 *   }
 * }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(WorkloadMapExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface WorkloadMapTest {

  /** Configuration parameter of {@link #tier()}: one of {@code AUTO, API_SERVER, K3S, KUBECONFIG, MOCK}. */
  String TIER_PROPERTY = "workloadmap.tier";
  /** Configuration parameter of {@link #cleanup()}: one of {@code ALWAYS, KEEP_ON_FAILURE, NEVER}. */
  String CLEANUP_PROPERTY = "workloadmap.cleanup";
  /** Configuration parameter of {@link #disabledWithoutCluster()}: {@code true} or {@code false}. */
  String DISABLED_WITHOUT_CLUSTER_PROPERTY = "workloadmap.disabledWithoutCluster";
  /** Configuration parameter of {@link #namespacePrefix()}. */
  String NAMESPACE_PREFIX_PROPERTY = "workloadmap.namespacePrefix";
  /**
   * The kubeconfig file of the {@link Tier#KUBECONFIG} tier (a path; {@code ~} is the home directory). Configuring it
   * makes {@link Tier#AUTO} choose that cluster.
   */
  String KUBECONFIG_PROPERTY = "workloadmap.kubeconfig";
  /** The kubeconfig context of the {@link Tier#KUBECONFIG} tier (default: the file's current context). */
  String KUBECONFIG_CONTEXT_PROPERTY = "workloadmap.kubeconfigContext";
  /**
   * The kube-api-test directory of the {@link Tier#API_SERVER} tier (environment {@code WORKLOADMAP_KUBEAPITEST_DIR},
   * the same variable {@code scripts/provide-kube-apiserver.sh} reads); default {@code
   * ${XDG_CACHE_HOME:-~/.cache}/workloadmap/kubeapitest}.
   */
  String KUBEAPITEST_DIR_PROPERTY = "workloadmap.kubeapitest.dir";
  /** The kube-apiserver version of the {@link Tier#API_SERVER} tier (default {@value #DEFAULT_API_SERVER_VERSION}). */
  String API_SERVER_VERSION_PROPERTY = "workloadmap.apiServerVersion";
  /**
   * Configuration parameter of {@link #controllers()}: one of {@code WORKLOAD, LIFECYCLE, NONE} (the controllers of
   * kube-controller-manager beside the {@link Tier#API_SERVER} tier's kube-apiserver).
   */
  String CONTROLLERS_PROPERTY = "workloadmap.controllers";
  /** The k3s image of the {@link Tier#K3S} tier (default {@value #DEFAULT_K3S_IMAGE}). */
  String K3S_IMAGE_PROPERTY = "workloadmap.k3sImage";

  /**
   * The Kubernetes version {@code scripts/provide-kube-apiserver.sh} builds (kube-apiserver and
   * kube-controller-manager, from {@code tools/controlplane/go.mod}).
   */
  String DEFAULT_API_SERVER_VERSION = "1.36.3";
  /** The pinned k3s image. */
  String DEFAULT_K3S_IMAGE = "rancher/k3s:v1.31.4-k3s1";
  /** The default namespace prefix. */
  String DEFAULT_NAMESPACE_PREFIX = "wmt";

  /**
   * Definitions under test, each a file path (relative to the working directory), {@code classpath:<resource>}, or
   * {@code catalog:<slug>} (an entry of the built-in catalog on the class path). Read and validated before the first
   * test; an invalid definition fails the class with its findings.
   */
  String[] definitions() default {};

  /**
   * CRDs to install before the first test and wait for until {@code Established}: a file path, {@code
   * classpath:<resource>}, or an {@code http(s)://} URL (downloaded once into {@code
   * ${XDG_CACHE_HOME:-~/.cache}/workloadmap/crds/}). Created with a plain create (never a client-side apply, whose
   * last-applied annotation large CRDs exceed); a CRD that already exists in the shared cluster is kept.
   */
  String[] crds() default {};

  /** The cluster tier; {@link Tier#DEFAULT} takes {@value #TIER_PROPERTY}, then {@code WORKLOADMAP_TIER}, then AUTO. */
  Tier tier() default Tier.DEFAULT;

  /** Cleanup of the namespace; {@link Cleanup#DEFAULT} takes {@value #CLEANUP_PROPERTY}, then KEEP_ON_FAILURE. */
  Cleanup cleanup() default Cleanup.DEFAULT;

  /**
   * When the chosen tier is unavailable, skip the class with the reason instead of failing. {@code false} here means
   * "not set": {@value #DISABLED_WITHOUT_CLUSTER_PROPERTY}, then {@code WORKLOADMAP_DISABLED_WITHOUT_CLUSTER}, then
   * {@code false} decide.
   */
  boolean disabledWithoutCluster() default false;

  /**
   * The controllers beside the {@link Tier#API_SERVER} tier's kube-apiserver; {@link Controllers#DEFAULT} takes
   * {@value #CONTROLLERS_PROPERTY}, then {@code WORKLOADMAP_CONTROLLERS}, then {@link Controllers#WORKLOAD}.
   */
  Controllers controllers() default Controllers.DEFAULT;

  /** The namespace prefix (a DNS label); empty takes {@value #NAMESPACE_PREFIX_PROPERTY}, then {@value #DEFAULT_NAMESPACE_PREFIX}. */
  String namespacePrefix() default "";
}
