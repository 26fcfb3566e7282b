package dev.workloadmap.codegen.internal;

import com.palantir.javapoet.ClassName;

/** The SDK and library types generated code refers to, and the names of the generated class's fields. */
public final class SdkTypes {
  private SdkTypes() {}

  public static final ClassName WORKLOAD_MAP = ClassName.get("dev.workloadmap.sdk", "WorkloadMap");
  public static final ClassName WORKLOAD_MAP_EXCEPTION =
      ClassName.get("dev.workloadmap.sdk", "WorkloadMapException");
  public static final ClassName PREPARED_DEFINITION =
      ClassName.get("dev.workloadmap.sdk", "PreparedDefinition");
  public static final ClassName EVALUATION_PROBLEM =
      ClassName.get("dev.workloadmap.sdk", "EvaluationProblem");
  public static final ClassName WORKLOAD_STATUS =
      ClassName.get("dev.workloadmap.sdk.definition", "WorkloadStatus");
  public static final ClassName WORKLOAD_TREE =
      ClassName.get("dev.workloadmap.sdk.tree", "WorkloadTree");
  public static final ClassName COMPONENT_NODE =
      ClassName.get("dev.workloadmap.sdk.tree", "ComponentNode");
  public static final ClassName INSTANCE_NODE =
      ClassName.get("dev.workloadmap.sdk.tree", "InstanceNode");
  public static final ClassName STATUS_RESULT =
      ClassName.get("dev.workloadmap.sdk.status", "StatusResult");
  public static final ClassName CONDITION =
      ClassName.get("dev.workloadmap.sdk.status", "Condition");
  public static final ClassName RESOURCE_LIST =
      ClassName.get("dev.workloadmap.sdk.resources", "ResourceList");
  public static final ClassName FRAGMENTED_POD_SPEC =
      ClassName.get("dev.workloadmap.sdk.extract", "FragmentedPodSpec");
  public static final ClassName WORKLOAD_UPDATE =
      ClassName.get("dev.workloadmap.sdk.update", "WorkloadUpdate");
  public static final ClassName UPDATE_RESULT =
      ClassName.get("dev.workloadmap.sdk.update", "UpdateResult");
  public static final ClassName UPDATE_EXCEPTION =
      ClassName.get("dev.workloadmap.sdk.update", "UpdateException");
  public static final ClassName JSON_NODE =
      ClassName.get("com.fasterxml.jackson.databind", "JsonNode");
  public static final ClassName OBJECT_MAPPER =
      ClassName.get("com.fasterxml.jackson.databind", "ObjectMapper");
  public static final ClassName GENERIC_RESOURCE =
      ClassName.get("io.fabric8.kubernetes.api.model", "GenericKubernetesResource");
  public static final ClassName GENERATED =
      ClassName.get("javax.annotation.processing", "Generated");

  public static final String FIELD_WORKLOAD_MAP = "workloadMap";
  public static final String FIELD_DEFINITION = "definition";
  public static final String FIELD_OBJECT = "object";
  public static final String FIELD_TREE = "tree";
}
