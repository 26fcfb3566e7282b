/**
 * Checks a definition against its target CRD (issue 3, items 4 and 5), which no other tool offers.
 *
 * <ul>
 *   <li>{@link dev.workloadmap.sdk.crd.Crd} and {@link dev.workloadmap.sdk.crd.CrdSchema}: load an {@code
 *       apiextensions.k8s.io/v1} CRD from a file, a classpath resource or a URL and pick {@code
 *       spec.versions[name == version].schema.openAPIV3Schema} for the definition's root kind.</li>
 *   <li>{@code dev.workloadmap.sdk.internal.crd.CrdPathCheck}: a {@code dev.workloadmap.sdk.internal.validation.ValidationRule} that
 *       runs every workload-side jq path of a definition through a small abstract interpreter over that schema:
 *       missing fields (with "did you mean"), iteration over scalars, and paths ending at the wrong type, each at
 *       the exact char inside the YAML file.</li>
 *   <li>{@code dev.workloadmap.sdk.internal.crd.CrdObjectValidator}: validates objects (fixtures) against the schema of the
 *       version they name, with networknt's OpenAPI 3.0 dialect.</li>
 * </ul>
 *
 * <pre>{@code
 * Definition d = ...;
 * CrdSchema schema = CrdSchema.load(Path.of("crds/jobset.jobset.x-k8s.io.yaml"), d.rootGvk());
 * List<Finding> findings = new CrdPathCheck(schema).check(d);
 * List<CrdViolation> violations = new CrdObjectValidator(schema.crd()).validate(fixtureObject);
 * }</pre>
 */
package dev.workloadmap.sdk.crd;
