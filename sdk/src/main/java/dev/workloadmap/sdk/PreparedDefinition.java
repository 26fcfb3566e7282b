package dev.workloadmap.sdk;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.validation.ValidationReport;

/**
 * A definition that passed validation (spec §5.9: a tree is built only from a valid definition), with its warnings.
 * Obtain one from {@link WorkloadMap#prepare(Definition)} and resolve many objects with it; every expression it uses
 * is already compiled and cached by the engine.
 *
 * @param definition the validated definition
 * @param report the validation findings (warnings only; a definition with errors is never prepared)
 */
public record PreparedDefinition(Definition definition, ValidationReport report) {}
