package dev.workloadmap.sdk.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.workloadmap.sdk.internal.resources.Quantities;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodResourcesTest {

  private static final YAMLMapper YAML = new YAMLMapper();

  private static JsonNode yaml(String text) {
    try {
      return YAML.readTree(text);
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ResourceList list(String... nameAndQuantity) {
    Map<String, BigDecimal> map = new LinkedHashMap<>();
    for (int i = 0; i < nameAndQuantity.length; i += 2) {
      map.put(nameAndQuantity[i], Quantities.parse(nameAndQuantity[i + 1]));
    }
    return ResourceList.of(map);
  }

  // --- the formula
  // -----------------------------------------------------------------------------------------------

  @Test
  void regularContainersAreSummed() {
    ResourceList r = PodResources.perPod(yaml("""
                containers:
                - name: a
                  resources: {requests: {cpu: 500m, memory: 1Gi}}
                - name: b
                  resources: {requests: {cpu: "1", memory: 512Mi}}
                - name: c
                """));
    assertThat(r).isEqualTo(list("cpu", "1500m", "memory", "1536Mi"));
    assertThat(r.cpuMillis()).isEqualTo(1500);
    assertThat(Quantities.formatMemory(r.memoryBytes())).isEqualTo("1536Mi");
  }

  @Test
  void aLargerInitContainerWinsPerResource() {
    ResourceList r = PodResources.perPod(yaml("""
                initContainers:
                - name: download
                  resources: {requests: {cpu: "3", memory: 1Gi}}
                - name: migrate
                  resources: {requests: {cpu: "1", memory: 6Gi}}
                containers:
                - name: a
                  resources: {requests: {cpu: "1", memory: 2Gi}}
                - name: b
                  resources: {requests: {cpu: "1", memory: 2Gi}}
                """));
    // cpu: max(largest init 3, sum 2) = 3; memory: max(largest init 6Gi, sum 4Gi) = 6Gi (not 7Gi:
    // inits run
    // one after another).
    assertThat(r).isEqualTo(list("cpu", "3", "memory", "6Gi"));
  }

  @Test
  void aSmallerInitContainerDoesNotAdd() {
    ResourceList r = PodResources.perPod(yaml("""
                initContainers:
                - resources: {requests: {cpu: 100m}}
                containers:
                - resources: {requests: {cpu: "2"}}
                """));
    assertThat(r.cpuMillis()).isEqualTo(2000);
  }

  @Test
  void sidecarInitContainersAreAddedToTheSum() {
    ResourceList r = PodResources.perPod(yaml("""
                initContainers:
                - name: proxy
                  restartPolicy: Always
                  resources: {requests: {cpu: 500m, memory: 128Mi}}
                - name: setup
                  resources: {requests: {cpu: 1200m, memory: 64Mi}}
                - name: not-a-sidecar
                  restartPolicy: OnFailure
                  resources: {requests: {cpu: 100m}}
                containers:
                - resources: {requests: {cpu: "1", memory: 1Gi}}
                """));
    // running = 1 + 0.5 sidecar = 1.5 cpu, 1Gi + 128Mi; largest plain init = 1.2 cpu, 64Mi.
    assertThat(r).isEqualTo(list("cpu", "1500m", "memory", "1152Mi"));
  }

  @Test
  void aLimitCountsWhenNoRequestIsGivenForThatResource() {
    ResourceList r = PodResources.perPod(yaml("""
                containers:
                - name: gpu-only-limit
                  resources:
                    limits: {nvidia.com/gpu: 2, cpu: "4", memory: 8Gi}
                    requests: {cpu: "1"}
                - name: limit-only
                  resources:
                    limits: {cpu: 500m, memory: 1Gi}
                """));
    // First container: cpu request 1 wins over its limit 4; memory and GPUs come from the limits.
    assertThat(r).isEqualTo(list("cpu", "1500m", "memory", "9Gi", "nvidia.com/gpu", "2"));
    assertThat(r.gpus()).isEqualTo(2);
  }

  @Test
  void cr05_deploymentGpusFromALimitTimesReplicas() {
    JsonNode deployment = yaml("""
            spec:
              replicas: 3
              template:
                spec:
                  containers:
                  - name: app
                    resources: {limits: {nvidia.com/gpu: "2"}}
            """);
    ResourceList perPod =
        PodResources.perPodFromTemplate(deployment.path("spec").path("template"));
    assertThat(perPod.times(deployment.path("spec").path("replicas").asLong()).gpus())
        .isEqualTo(6);
  }

  @Test
  void cr17_deploymentTotalsAreReplicasTimesPerPod() {
    ResourceList perPod = PodResources.perPodFromTemplate(yaml("""
                spec:
                  containers:
                  - resources: {requests: {cpu: 500m, memory: 1Gi}}
                """));
    ResourceList total = perPod.times(2);
    assertThat(total.cpuMillis()).isEqualTo(1000);
    assertThat(total.memoryBytes()).isEqualByComparingTo("2147483648");
    assertThat(Quantities.formatMemory(total.memoryBytes())).isEqualTo("2Gi");
  }

  @Test
  void cr18_podLevelResourcesOverrideCpuAndMemoryAndOverheadIsAdded() {
    ResourceList perPod = PodResources.perPod(yaml("""
                overhead: {cpu: 100m, memory: 128Mi}
                resources:
                  requests: {cpu: "2", memory: 4Gi}
                containers:
                - resources: {requests: {cpu: 500m, memory: 1Gi, nvidia.com/gpu: "1"}}
                """));
    assertThat(perPod).isEqualTo(list("cpu", "2100m", "memory", "4224Mi", "nvidia.com/gpu", "1"));
    ResourceList total = perPod.times(2);
    assertThat(total.cpuMillis()).isEqualTo(2 * 2100);
    assertThat(total.memoryBytes())
        .isEqualByComparingTo(BigDecimal.valueOf(2L * ((4L << 30) + (128L << 20))));
    assertThat(total.gpus()).isEqualTo(2);
  }

  @Test
  void podLevelLimitsCountWhenPodLevelRequestsAreAbsentAndOnlyCpuAndMemoryAreOverridden() {
    ResourceList r = PodResources.perPod(yaml("""
                resources:
                  requests: {memory: 3Gi}
                  limits: {cpu: "4", memory: 8Gi, nvidia.com/gpu: "7"}
                containers:
                - resources: {requests: {cpu: "1", memory: 1Gi, nvidia.com/gpu: "1"}}
                """));
    assertThat(r).isEqualTo(list("cpu", "4", "memory", "3Gi", "nvidia.com/gpu", "1"));
  }

  @Test
  void podLevelResourcesSetCpuEvenWhenNoContainerAsksForIt() {
    ResourceList r = PodResources.perPod(yaml("""
                resources: {requests: {cpu: 250m}}
                containers:
                - name: a
                """));
    assertThat(r).isEqualTo(list("cpu", "250m"));
  }

  @Test
  void overheadAddsEveryResourceItNames() {
    ResourceList r = PodResources.perPod(yaml("""
                overhead: {cpu: 250m, memory: 120Mi, example.com/foo: "1"}
                containers:
                - resources: {requests: {cpu: "1"}}
                """));
    assertThat(r).isEqualTo(list("cpu", "1250m", "memory", "120Mi", "example.com/foo", "1"));
  }

  @Test
  void gpusAreCountedFromNvidiaGpuByDefaultAndFromAConfiguredName() {
    ResourceList r = PodResources.perPod(yaml("""
                containers:
                - resources: {limits: {nvidia.com/gpu: 8}}
                - resources: {requests: {nvidia.com/gpu: "8", amd.com/gpu: "2"}}
                """));
    assertThat(r.gpus()).isEqualTo(16);
    assertThat(r.gpus("amd.com/gpu")).isEqualTo(2);
    assertThat(r.gpus("intel.com/gpu")).isZero();
  }

  @Test
  void extendedResourcesAreKeptUnderTheirOwnNames() {
    ResourceList r = PodResources.perPod(yaml("""
                containers:
                - resources:
                    requests: {cpu: "8", memory: 64Gi, nvidia.com/gpu: "8", rdma/hca: "1", ephemeral-storage: 100Gi}
                    limits: {hugepages-2Mi: 1Gi, rdma/hca: "1"}
                    claims: [{name: gpu-claim}]
                """));
    assertThat(r.extended())
        .isEqualTo(list(
            "nvidia.com/gpu",
            "8",
            "rdma/hca",
            "1",
            "ephemeral-storage",
            "100Gi",
            "hugepages-2Mi",
            "1Gi"));
  }

  @Test
  void fc43_memoryMilliBytesAreKeptExactThroughThePodFormula() {
    ResourceList r = PodResources.perPod(yaml("""
                containers:
                - resources:
                    requests: {memory: 400m}
                    limits: {memory: 512m}
                - resources:
                    limits: {memory: 512m}
                """));
    assertThat(r.memoryBytes()).isEqualTo(new BigDecimal("0.912"));
  }

  @Test
  void cpuIsSummedInWholeMillicores() {
    ResourceList r = PodResources.perPod(yaml("""
                containers:
                - resources: {requests: {cpu: "0.0001"}}
                - resources: {requests: {cpu: 1500u}}
                """));
    // Each container rounds up to a millicore first (1m + 2m), as Kubernetes' MilliValue does per
    // container.
    assertThat(r.cpuMillis()).isEqualTo(3);
    assertThat(r.getOrZero("cpu")).isEqualTo(new BigDecimal("0.003"));
  }

  @Test
  void explicitZeroIsKept() {
    ResourceList r = PodResources.perPod(
        yaml(
            "containers:\n- resources: {requests: {nvidia.com/gpu: 0}, limits: {nvidia.com/gpu: 4}}\n"));
    assertThat(r).isEqualTo(list("nvidia.com/gpu", "0"));
    assertThat(r.contains("nvidia.com/gpu")).isTrue();
  }

  // --- fragmented specs
  // ------------------------------------------------------------------------------------------

  @Test
  void cr15_fragmentedContainersAndContainerAreSummedAndObjectLevelResourcesIgnored() {
    ResourceList r = PodResources.fragmented(
        yaml("- resources: {limits: {nvidia.com/gpu: 2}}"),
        yaml("resources: {requests: {nvidia.com/gpu: 3}}"),
        yaml("requests: {nvidia.com/gpu: 99}"));
    assertThat(r.gpus()).isEqualTo(5);
  }

  @Test
  void cr14_fragmentedObjectLevelResourcesCountWhenNoContainerDeclaresAny() {
    ResourceList r = PodResources.fragmented(
        null,
        yaml("name: main\nimage: x\nresources: {claims: [{name: c}]}"),
        yaml("requests: {nvidia.com/gpu: \"4\", cpu: \"2\"}"));
    assertThat(r).isEqualTo(list("nvidia.com/gpu", "4", "cpu", "2"));
  }

  @Test
  void fragmentedWithNothingIsEmpty() {
    assertThat(PodResources.fragmented(null, MissingNode.getInstance(), NullNode.getInstance()))
        .isEqualTo(ResourceList.empty());
    assertThat(PodResources.fragmented(yaml("[]"), null, null)).isEqualTo(ResourceList.empty());
  }

  @Test
  void fragmentedUnusedObjectLevelResourcesAreNotRead() {
    ResourceList r = PodResources.fragmented(
        yaml("- resources: {requests: {cpu: 1}}"), null, yaml("requests: {cpu: bogus}"));
    assertThat(r.cpuMillis()).isEqualTo(1000);
  }

  @Test
  void fragmentedErrorsNameTheFragment() {
    assertThatThrownBy(() -> PodResources.fragmented(yaml("name: main"), null, null))
        .isInstanceOf(InvalidResourcesException.class)
        .hasMessage("containers: expected a list of containers (an array), got an object");
    assertThatThrownBy(
            () -> PodResources.fragmented(null, yaml("resources: {requests: {cpu: 12Gb}}"), null))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessageStartingWith(
            "container.resources.requests.cpu: invalid quantity \"12Gb\": unknown suffix \"Gb\"");
    assertThatThrownBy(() -> PodResources.fragmented(null, null, yaml("requests: [1]")))
        .hasMessage(
            "resources.requests: expected a resource list (an object of resource name to quantity), got an array");
  }

  // --- shapes and errors
  // -----------------------------------------------------------------------------------------

  @Test
  void absentSpecsAndFieldsAreEmpty() {
    assertThat(PodResources.perPod(null)).isEqualTo(ResourceList.empty());
    assertThat(PodResources.perPod(NullNode.getInstance())).isEqualTo(ResourceList.empty());
    assertThat(PodResources.perPod(MissingNode.getInstance())).isEqualTo(ResourceList.empty());
    assertThat(PodResources.perPod(yaml("{}"))).isEqualTo(ResourceList.empty());
    assertThat(PodResources.perPod(
            yaml("containers: null\ninitContainers: null\noverhead: null\nresources: null")))
        .isEqualTo(ResourceList.empty());
    assertThat(PodResources.perPod(
            yaml("containers:\n- null\n- resources: null\n- resources: {requests: null}")))
        .isEqualTo(ResourceList.empty());
    assertThat(PodResources.perPodFromTemplate(yaml("metadata: {name: x}")))
        .isEqualTo(ResourceList.empty());
    assertThat(PodResources.perPodFromTemplate(null)).isEqualTo(ResourceList.empty());
    assertThat(PodResources.requirements(null)).isEqualTo(ResourceList.empty());
  }

  @Test
  void anInvalidQuantityNamesItsJsonPath() {
    JsonNode spec = yaml("""
            containers:
            - resources: {requests: {cpu: 1}}
            - resources: {requests: {cpu: abc}}
            """);
    assertThatThrownBy(() -> PodResources.perPod(spec))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessage(
            "spec.containers[1].resources.requests.cpu: invalid quantity \"abc\": missing the number: a quantity is"
                + " a decimal number with an optional suffix, such as 500m, 1.5 or 2Gi")
        .satisfies(e -> {
          InvalidQuantityException q = (InvalidQuantityException) e;
          assertThat(q.path()).contains("spec.containers[1].resources.requests.cpu");
          assertThat(q.value()).isEqualTo("abc");
        });
  }

  @Test
  void resourceNamesThatAreNotIdentifiersAreQuotedInPaths() {
    assertThatThrownBy(() -> PodResources.perPod(
            yaml("initContainers:\n- resources: {limits: {nvidia.com/gpu: \"1e2147483648\"}}")))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessageStartingWith(
            "spec.initContainers[0].resources.limits[\"nvidia.com/gpu\"]: invalid quantity \"1e2147483648\": out of"
                + " range");
  }

  @Test
  void wrongShapesNameTheirJsonPath() {
    assertThatThrownBy(() -> PodResources.perPod(yaml("[1]")))
        .isInstanceOf(InvalidResourcesException.class)
        .hasMessage("spec: expected a pod spec (an object), got an array");
    assertThatThrownBy(() -> PodResources.perPod(yaml("containers: {name: a}")))
        .hasMessage("spec.containers: expected a list of containers (an array), got an object");
    assertThatThrownBy(() -> PodResources.perPod(yaml("containers:\n- name: a\n- just-a-string")))
        .isInstanceOf(InvalidResourcesException.class)
        .hasMessage("spec.containers[1]: expected a container (an object), got a string")
        .satisfies(e ->
            assertThat(((InvalidResourcesException) e).path()).isEqualTo("spec.containers[1]"));
    assertThatThrownBy(() -> PodResources.perPod(yaml("containers:\n- resources: [cpu]")))
        .hasMessage(
            "spec.containers[0].resources: expected resource requirements (an object with requests and limits), got"
                + " an array");
    assertThatThrownBy(() -> PodResources.perPod(yaml("containers:\n- resources: {limits: 4}")))
        .hasMessage(
            "spec.containers[0].resources.limits: expected a resource list (an object of resource name to"
                + " quantity), got a number");
    assertThatThrownBy(
            () -> PodResources.perPod(yaml("containers:\n- resources: {requests: {cpu: [1]}}")))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessage(
            "spec.containers[0].resources.requests.cpu: invalid quantity \"[1]\": expected a string such as \"500m\" or"
                + " a number, got an array");
    assertThatThrownBy(() -> PodResources.perPod(yaml("overhead: 1")))
        .hasMessage(
            "spec.overhead: expected a resource list (an object of resource name to quantity), got a number");
    assertThatThrownBy(() -> PodResources.perPod(yaml("resources: {requests: {memory: true}}")))
        .hasMessageStartingWith("spec.resources.requests.memory: invalid quantity \"true\"");
    assertThatThrownBy(() -> PodResources.perPodFromTemplate(
            yaml("spec:\n  containers:\n  - resources: {requests: {cpu: 1x}}")))
        .hasMessageStartingWith(
            "template.spec.containers[0].resources.requests.cpu: invalid quantity \"1x\"");
    assertThatThrownBy(() -> PodResources.perPodFromTemplate(yaml("\"text\"")))
        .hasMessage("template: expected a pod template (an object), got a string");
    assertThatThrownBy(() -> PodResources.perPod(yaml("{}"), null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void negativeAmountsAreRejectedAsKubernetesValidationWould() {
    assertThatThrownBy(
            () -> PodResources.perPod(yaml("containers:\n- resources: {requests: {memory: -1Gi}}")))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessage(
            "spec.containers[0].resources.requests.memory: invalid quantity \"-1Gi\": must not be negative");
  }

  @Test
  void callersCanNameThePodSpecForMessages() {
    assertThatThrownBy(() -> PodResources.perPod(
            yaml("containers:\n- resources: {requests: {cpu: x}}"),
            ".spec.replicatedJobs[0].template.spec.template.spec"))
        .hasMessageStartingWith(
            ".spec.replicatedJobs[0].template.spec.template.spec.containers[0].resources.requests.cpu: invalid"
                + " quantity");
  }
}
