package dev.workloadmap.codegen.internal;

import com.palantir.javapoet.TypeSpec;
import java.util.Set;

/**
 * Adds one group of members to a generated class. The generator runs every emitter in a fixed order; a new group
 * (for example update methods) is one more emitter.
 *
 * <p>Emitters use the fields {@link SdkTypes#FIELD_WORKLOAD_MAP workloadMap}, {@link SdkTypes#FIELD_DEFINITION
 * definition}, {@link SdkTypes#FIELD_OBJECT object} and {@link SdkTypes#FIELD_TREE tree} that {@link CoreEmitter}
 * declares.
 */
public interface MemberEmitter {

  /**
   * The member names this emitter may add (whatever the definition): a component whose Java name is one of them gets
   * the suffix {@code Component} instead.
   */
  Set<String> reservedNames();

  /** Adds the members for {@code plan} to {@code type}. */
  void emit(WorkloadPlan plan, TypeSpec.Builder type);
}
