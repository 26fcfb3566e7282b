package dev.workloadmap.sdk.internal.validation;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.validation.Finding;
import java.util.List;

/**
 * One group of checks over a loaded definition. {@link DefinitionValidator} runs the reference's rules
 * (docs/format.md#validation-structure, docs/format.md#validation-jq) and the SDK's structural checks; further rules
 * (the linter) plug in through this interface.
 */
@FunctionalInterface
public interface ValidationRule {

  /** Every finding of this rule for {@code definition}; never throws for bad input. */
  List<Finding> check(Definition definition);
}
