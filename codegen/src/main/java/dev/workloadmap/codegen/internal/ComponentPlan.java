package dev.workloadmap.codegen.internal;

import com.palantir.javapoet.ClassName;
import dev.workloadmap.sdk.definition.ComponentDefinition;

/**
 * How one component appears in its generated class.
 *
 * @param definition the component
 * @param methodName the accessor's name, for example {@code replicatedjob}
 * @param instanceType the nested record of one instance, for example {@code JobSetWorkload.ReplicatedjobInstance}
 */
public record ComponentPlan(
    ComponentDefinition definition, String methodName, ClassName instanceType) {

  public String name() {
    return definition.name();
  }

  /** True when the component has an {@code instanceIdPath}: the accessor returns a list. */
  public boolean multiInstance() {
    return definition.hasInstanceIdPath();
  }
}
