package dev.workloadmap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.util.List;

/** Test helpers: definitions and objects from YAML text. */
public final class TestDefinitions {
  private TestDefinitions() {}

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Loads one definition in STRICT mode and fails the test on any load error (validation is not run). */
  public static Definition load(String yaml) {
    List<DefinitionLoader.Result> r =
        new DefinitionLoader(DefinitionLoader.Mode.STRICT).load(yaml, "test.yaml");
    assertThat(r).hasSize(1);
    assertThat(r.get(0).report().errors()).as("load errors").isEmpty();
    return r.get(0).definition();
  }

  /** The single result of loading {@code yaml} (errors allowed). */
  public static DefinitionLoader.Result result(String yaml, DefinitionLoader.Mode mode) {
    List<DefinitionLoader.Result> r = new DefinitionLoader(mode).load(yaml, "test.yaml");
    assertThat(r).hasSize(1);
    return r.get(0);
  }

  /** The first document of {@code yaml} as JSON. */
  public static JsonNode object(String yaml) {
    return new YamlReader().readAll(yaml, "object.yaml").get(0).root();
  }

  public static JqInput input(String yaml) {
    return JqInput.of(object(yaml));
  }

  public static JsonNode json(String json) {
    try {
      return JSON.readTree(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** A current-form definition around the given structureDefinition body (indented by 4 spaces). */
  public static String karta(String structure) {
    return "apiVersion: run.ai/v1alpha1\nkind: Karta\nmetadata:\n  name: test\nspec:\n  structureDefinition:\n"
        + structure.indent(4);
  }

  /** FX-1 PyFlow (conformance §0): conditions-only status, master and worker children. */
  public static final String PYFLOW_DEFINITION = karta("""
      rootComponent:
        name: pyflow
        kind: {group: jobs.example.com, version: v1, kind: PyFlow}
        statusDefinition:
          conditionsDefinition: {path: .status.conditions, typeFieldName: type, statusFieldName: status}
          statusMappings:
            initializing: [{byConditions: [{type: Initializing, reason: Init}]}]
            running: [{byConditions: [{type: Running, status: "True"}]}]
      childComponents:
        - name: master
          ownerRef: pyflow
          specDefinition: {podTemplateSpecPath: .spec.master.template}
          scaleDefinition: {replicasPath: .spec.master.replicas}
          podSelector: {componentTypeSelector: {keyPath: .metadata.labels.role, value: master}}
        - name: worker
          ownerRef: pyflow
          specDefinition: {podTemplateSpecPath: .spec.worker.template}
          scaleDefinition: {minReplicasPath: .spec.worker.minReplicas, maxReplicasPath: .spec.worker.maxReplicas}
          podSelector: {componentTypeSelector: {keyPath: .metadata.labels.role, value: worker}}
      """);

  public static final String PYFLOW_OBJECT = """
      apiVersion: jobs.example.com/v1
      kind: PyFlow
      metadata: {name: pyflow-example, namespace: default}
      spec:
        master:
          replicas: 1
          template:
            metadata: {labels: {app: pyflow, role: master, index: "0"}}
            spec:
              restartPolicy: Never
              containers:
                - name: trainer
                  resources:
                    requests: {cpu: "1", memory: 2Gi}
                    limits: {cpu: "2", memory: 4Gi, nvidia.com/gpu: "1"}
        worker:
          minReplicas: 1
          maxReplicas: 5
          template:
            metadata: {labels: {role: worker}}
            spec:
              containers:
                - name: trainer
                  resources:
                    requests: {cpu: "2", memory: 4Gi}
                    limits: {cpu: "4", memory: 8Gi, nvidia.com/gpu: "1"}
      status:
        conditions: [{type: Running, status: "True"}]
      """;

  /** FX-2 JobGroup with the keyPath fixed and an instance selector added (see conformance FX-2 "Here"). */
  public static final String JOBGROUP_DEFINITION = karta("""
      rootComponent:
        name: jobgroup
        kind: {group: jobs.example.com, version: v1, kind: JobGroup}
        statusDefinition:
          conditionsDefinition: {path: .status.conditions}
          statusMappings:
            running: [{byConditions: [{type: Running, status: "True"}]}]
      childComponents:
        - name: job
          ownerRef: jobgroup
          instanceIdPath: .spec.replicatedJobs[].name
          specDefinition:
            podSpecPath: .spec.replicatedJobs[].spec
            metadataPath: .spec.replicatedJobs[].metadata
          scaleDefinition:
            replicasPath: .spec.replicatedJobs[].replicas
          podSelector:
            componentTypeSelector: {keyPath: '.metadata.labels["job-name"]'}
            componentInstanceSelector: {idPath: '.metadata.labels["job-name"]'}
      """);

  public static final String JOBGROUP_OBJECT = """
      apiVersion: jobs.example.com/v1
      kind: JobGroup
      metadata: {name: jobgroup-example}
      spec:
        replicatedJobs:
          - name: indexer
            replicas: 2
            spec: {containers: [{name: indexer, image: indexer:1}]}
            metadata: {labels: {app: jobgroup, job-name: indexer, role: indexer}}
          - name: processor
            replicas: 3
            spec: {containers: [{name: processor, image: processor:1}]}
            metadata: {labels: {role: processor}}
      status:
        conditions: [{type: Running, status: "True"}]
      """;

  /** FX-3 Reactor, map-keyed fragmented services (keyPath fixed, instance selector added). */
  public static final String REACTOR_DEFINITION = karta("""
      rootComponent:
        name: reactor
        kind: {group: jobs.example.com, version: v1, kind: Reactor}
        statusDefinition:
          phaseDefinition: {path: .status.phase}
          conditionsDefinition: {path: .status.conditions, reasonFieldName: reason, messageFieldName: message}
          statusMappings:
            initializing: [{byPhase: pending}]
            running: [{byPhase: running}]
            failed: [{byPhase: failed}]
      childComponents:
        - name: service
          ownerRef: reactor
          instanceIdPath: .spec.services | to_entries[] | .key
          specDefinition:
            fragmentedPodSpecDefinition:
              labelsPath: .spec.services | .[] | .labels
              annotationsPath: .spec.services | .[] | .annotations
              containersPath: .spec.services | .[] | .containers
              containerPath: .spec.services | .[] | .mainContainer
              resourcesPath: .spec.services | .[] | .resources
          scaleDefinition:
            replicasPath: .spec.services | .[] | .replicas
            minReplicasPath: .spec.services | .[] | .minReplicas
            maxReplicasPath: .spec.services | .[] | .maxReplicas
          podSelector:
            componentTypeSelector: {keyPath: '.metadata.labels["service-name"]'}
            componentInstanceSelector: {idPath: '.metadata.labels["service-name"]'}
      """);

  public static final String REACTOR_OBJECT = """
      apiVersion: jobs.example.com/v1
      kind: Reactor
      metadata: {name: reactor-example}
      spec:
        services:
          api:
            labels: {app: reactor, service-name: api, tier: frontend}
            annotations: {service.beta.kubernetes.io/aws-load-balancer-type: nlb}
            containers: [{name: api-server, image: "api:latest", ports: [{containerPort: 8080}], env: [{name: PORT, value: "8080"}]}]
            mainContainer: {name: api-server-main, image: "api:latest"}
            resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {cpu: "1", memory: 2Gi}}
            replicas: 3
            minReplicas: 2
            maxReplicas: 10
          worker:
            labels: {tier: backend}
            annotations: {prometheus.io/scrape: "true", prometheus.io/port: "9090"}
            containers: [{name: worker, env: [{name: WORKER_TYPE, value: processor}]}]
            resources: {requests: {cpu: "1", memory: 2Gi}, limits: {cpu: "2", memory: 4Gi, nvidia.com/gpu: "1"}}
            replicas: 5
            minReplicas: 3
            maxReplicas: 20
          cache:
            labels: {tier: middleware}
            containers: [{name: cache, image: "redis:7-alpine", ports: [{containerPort: 6379}]}]
            resources: {requests: {cpu: 250m, memory: 512Mi}, limits: {cpu: 500m, memory: 1Gi}}
            replicas: 1
            minReplicas: 1
            maxReplicas: 3
      status:
        phase: running
        conditions: [{type: Ready, status: "True"}]
      """;
}
