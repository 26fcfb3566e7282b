package dev.workloadmap.sdk.internal.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.crd.CrdSchema;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.crd.PathInterpreter.Val;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.jqast.JqSyntaxException;
import dev.workloadmap.sdk.internal.model.JqFields;
import dev.workloadmap.sdk.internal.model.JqFields.JqField;
import dev.workloadmap.sdk.internal.validation.ValidationRule;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The static check of a definition against its target CRD (issue 3, item 4): every workload-side path
 * (docs/format.md#path-sides: {@code instanceIdPath}, every {@code specDefinition} path, the three scale paths,
 * {@code phaseDefinition.path}, {@code conditionsDefinition.path}, {@code byExpression.expression} and the suspend and
 * resume action paths) is run by a small abstract interpreter over the CRD's {@code openAPIV3Schema} of the root kind's
 * version, status paths against the schema's {@code status} as any other field.
 *
 * <pre>{@code
 * CrdSchema schema = CrdSchema.load(Path.of("jobset.jobset.x-k8s.io.yaml"), definition.rootGvk());
 * List<Finding> findings = new CrdPathCheck(schema).check(definition);
 * // or as a validator rule:
 * new DefinitionValidator(Jq.defaultEngine()).withRule(new CrdPathCheck(schema)).validate(definition);
 * }</pre>
 *
 * <p>The interpreter models field access ({@code .a}, {@code ."a"}, {@code .["a"]}), optional access ({@code ?}),
 * iteration {@code []} (arrays: {@code items}; maps: {@code additionalProperties}), numeric index, slices, pipe,
 * {@code ,} and {@code //} (the union of both sides), parentheses, {@code select(f)} and the type filters ({@code
 * values}, {@code objects}, ...: the value passes through), {@code if}, {@code try}, {@code as $x} bindings, array and
 * object construction, {@code to_entries} over maps ({@code .key}, {@code .value}), {@code first}, {@code last},
 * {@code min}, {@code max}, {@code map}, {@code sort_by}, {@code min_by}, {@code any}/{@code all}; comparisons,
 * arithmetic, {@code and}, {@code or}, {@code not}, {@code length}, {@code test} and string functions give
 * scalars, whose arguments are still checked. A field is reported missing only when no alternative of a {@code //}
 * or {@code ,} has it. Schemas with {@code x-kubernetes-preserve-unknown-fields}, without a field list or without a
 * schema, and constructs the interpreter does not model ({@code reduce}, {@code ..}, local {@code def}s, other
 * functions) stop the check of that branch: they give at most one {@value #NOT_CHECKED} info per field, never an
 * error.
 *
 * <table>
 *   <caption>Rules</caption>
 *   <tr><th>Rule id</th><th>Finding</th><th>Severity</th></tr>
 *   <tr><td>{@value #UNKNOWN_FIELD}</td><td>{@code no field replicatedJob in JobSet v1alpha2 spec; did you mean
 *       replicatedJobs?}, at the first char of the field name inside the expression</td><td>error</td></tr>
 *   <tr><td>{@value #NOT_ITERABLE}</td><td>{@code cannot iterate over spec.suspend in JobSet v1alpha2, which is a
 *       boolean}, at the {@code [}; not reported under {@code ?} or {@code try}</td><td>error</td></tr>
 *   <tr><td>{@value #TYPE_MISMATCH}</td><td>a field read from a scalar or array; or the path ends at the wrong type:
 *       {@code podTemplateSpecPath} at an object with {@code spec.containers}, {@code podSpecPath} at an object
 *       with {@code containers}, {@code metadataPath} at an object, the replica paths at an integer, number,
 *       int-or-string or string (numeric strings are scale values, docs/format.md#scale), {@code instanceIdPath} and
 *       the phase path at a string (or int-or-string), the conditions path at an array; at the last field of the
 *       path</td><td>error</td></tr>
 *   <tr><td>{@value #NOT_CHECKED}</td><td>{@code not checked past ...}: what stopped the check</td>
 *       <td>info</td></tr>
 * </table>
 *
 * <p>Components whose paths are run against the root object are checked whatever their own kind; an expression that
 * does not parse is skipped (the validator reports it). Checking a catalog definition takes well under a millisecond;
 * instances are immutable and thread-safe.
 */
public final class CrdPathCheck implements ValidationRule {

  /** Rule id of a field the schema does not have. */
  public static final String UNKNOWN_FIELD = "crd.unknown-field";

  /** Rule id of {@code []} applied to a scalar. */
  public static final String NOT_ITERABLE = "crd.not-iterable";

  /** Rule id of a path ending at the wrong type, or reading a field of a non-object. */
  public static final String TYPE_MISMATCH = "crd.type-mismatch";

  /** Rule id of the info that part of an expression was not checked. */
  public static final String NOT_CHECKED = "crd.not-checked";

  /** What a path must end at, by field. */
  enum Role {
    POD_TEMPLATE_SPEC,
    POD_SPEC,
    METADATA,
    REPLICAS,
    INSTANCE_ID,
    PHASE,
    CONDITIONS,
    ANY
  }

  private final CrdSchema schema;

  /** A check against {@code schema}, the CRD version of the definitions' root kind. */
  public CrdPathCheck(CrdSchema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  /** The schema checked against. */
  public CrdSchema schema() {
    return schema;
  }

  /**
   * Checks {@code definition}'s workload-side paths. A definition whose root kind is not the schema's group, kind
   * and version gives one {@value #TYPE_MISMATCH} error at the root component's {@code kind} and nothing else.
   */
  @Override
  public List<Finding> check(Definition definition) {
    List<Finding> out = new ArrayList<>();
    if (definition == null) {
      return out;
    }
    Gvk root = definition.rootGvk();
    if (root == null || !root.equals(schema.gvk())) {
      out.add(new Finding(
          TYPE_MISMATCH,
          Severity.ERROR,
          "the definition's root kind is " + (root == null ? "missing" : root.toString())
              + ", but the CRD schema is for " + schema.gvk(),
          definition.locate("/spec/structureDefinition/rootComponent/kind"),
          "check against the CRD of the root kind's group and version",
          null));
      return out;
    }
    for (JqField field : JqFields.of(definition)) {
      Role role = role(field.pointer());
      if (role != null) {
        checkField(definition, field, role, out);
      }
    }
    return out;
  }

  /** The role of a workload-side field, or null for pod-side fields. */
  static Role role(String pointer) {
    if (pointer.contains("/podSelector/")
        || pointer.startsWith("/spec/optimizationInstructions/")) {
      return null;
    }
    if (pointer.endsWith("/podTemplateSpecPath")) {
      return Role.POD_TEMPLATE_SPEC;
    }
    if (pointer.endsWith("/podSpecPath")) {
      return Role.POD_SPEC;
    }
    if (pointer.endsWith("/metadataPath")) {
      return Role.METADATA;
    }
    if (pointer.endsWith("/replicasPath")
        || pointer.endsWith("/minReplicasPath")
        || pointer.endsWith("/maxReplicasPath")) {
      return Role.REPLICAS;
    }
    if (pointer.endsWith("/instanceIdPath")) {
      return Role.INSTANCE_ID;
    }
    if (pointer.endsWith("/phaseDefinition/path")) {
      return Role.PHASE;
    }
    if (pointer.endsWith("/conditionsDefinition/path")) {
      return Role.CONDITIONS;
    }
    return Role.ANY;
  }

  private void checkField(Definition d, JqField field, Role role, List<Finding> out) {
    JqNode tree;
    try {
      tree = JqParser.parse(field.expression());
    } catch (JqSyntaxException | StackOverflowError e) {
      return; // reported by the validator as jq.parse
    }
    PathInterpreter interpreter = new PathInterpreter(schema.describe(), field.expression());
    List<Val> results;
    try {
      results = interpreter.run(tree, schema.pathSchema());
    } catch (StackOverflowError e) {
      out.add(finding(
          d,
          field,
          NOT_CHECKED,
          Severity.INFO,
          "not checked against " + schema.describe() + ": the expression is nested too deeply",
          "",
          0));
      return;
    }
    boolean errors = false;
    for (PathInterpreter.Problem p : interpreter.problems()) {
      out.add(finding(d, field, p.ruleId(), Severity.ERROR, p.message(), p.hint(), p.offset()));
      errors = true;
    }
    if (!errors) {
      for (Val v : results) {
        String wrong = wrongType(v, role);
        if (wrong != null) {
          out.add(
              finding(d, field, TYPE_MISMATCH, Severity.ERROR, wrong, expectation(role), at(v)));
          errors = true;
          break;
        }
      }
    }
    if (interpreter.notChecked() != null) {
      out.add(finding(
          d,
          field,
          NOT_CHECKED,
          Severity.INFO,
          "not checked against " + schema.describe() + " past " + interpreter.notChecked(),
          "",
          interpreter.notCheckedAt()));
    }
  }

  private Finding finding(
      Definition d,
      JqField field,
      String ruleId,
      Severity severity,
      String message,
      String hint,
      int offset) {
    return new Finding(
        ruleId,
        severity,
        field.documentPath() + ": " + message,
        field.locate(d, offset),
        hint,
        field.expression());
  }

  private static int at(Val v) {
    if (v instanceof Val.Sch s) {
      return s.at();
    }
    if (v instanceof Val.Scalar s) {
      return s.at();
    }
    if (v instanceof Val.Arr a) {
      return a.at();
    }
    if (v instanceof Val.Obj o) {
      return o.at();
    }
    return 0;
  }

  private static String expectation(Role role) {
    return switch (role) {
      case POD_TEMPLATE_SPEC ->
        "podTemplateSpecPath must yield PodTemplateSpec objects ({metadata, spec}), such as"
            + " .spec.template";
      case POD_SPEC -> "podSpecPath must yield PodSpec objects (with containers)";
      case METADATA -> "metadataPath must yield ObjectMeta objects";
      case REPLICAS -> "replica paths must yield integers (or numeric strings)";
      case INSTANCE_ID -> "instanceIdPath must yield strings, such as .spec.replicatedJobs[].name";
      case PHASE -> "the phase path must yield a string";
      case CONDITIONS -> "the conditions path must yield an array of conditions";
      case ANY -> "";
    };
  }

  /** Why {@code v} cannot be what {@code role} needs, or null when it can (or is not known). */
  private String wrongType(Val v, Role role) {
    if (role == Role.ANY || v instanceof Val.Unknown) {
      return null;
    }
    String type;
    String what;
    JsonNode node = null;
    if (v instanceof Val.Sch s) {
      type = PathInterpreter.type(s.schema());
      node = s.schema();
      what = (s.path().isEmpty() ? "the object" : s.path()) + " in " + schema.describe() + " is "
          + (type.isEmpty() ? "untyped" : type);
      if (type.isEmpty()) {
        return null;
      }
    } else if (v instanceof Val.Scalar s) {
      if (s.type() == null || s.type().equals("null")) {
        return null;
      }
      type = s.type();
      what = "the expression yields a " + type;
    } else if (v instanceof Val.Arr) {
      type = "array";
      what = "the expression yields an array";
    } else {
      type = "object";
      what = "the expression yields an object";
    }
    String fieldName = switch (role) {
      case POD_TEMPLATE_SPEC -> "podTemplateSpecPath";
      case POD_SPEC -> "podSpecPath";
      case METADATA -> "metadataPath";
      case REPLICAS -> "a replica path";
      case INSTANCE_ID -> "instanceIdPath";
      case PHASE -> "the phase path";
      case CONDITIONS -> "the conditions path";
      case ANY -> "";
    };
    switch (role) {
      case POD_TEMPLATE_SPEC, POD_SPEC, METADATA -> {
        if (!type.equals("object")) {
          return what + ", but " + fieldName + " must end at an object";
        }
        if (node == null || role == Role.METADATA) {
          return null;
        }
        JsonNode podSpec = node;
        String where = ((Val.Sch) v).path();
        if (role == Role.POD_TEMPLATE_SPEC) {
          String missing = missingField(podSpec, "spec");
          if (missing != null) {
            return where + " in " + schema.describe() + " has no field spec (" + missing
                + "), so it is not a PodTemplateSpec";
          }
          podSpec = podSpec.path("properties").path("spec");
          where = where + ".spec";
        }
        String missing = missingField(podSpec, "containers");
        return missing == null
            ? null
            : where + " in " + schema.describe() + " has no field containers (" + missing
                + "), so it is not "
                + (role == Role.POD_TEMPLATE_SPEC ? "a PodTemplateSpec" : "a PodSpec");
      }
      case REPLICAS -> {
        // numeric strings are scale values too (docs/format.md#scale: "3" from a Knative
        // annotation)
        return type.equals("integer")
                || type.equals("number")
                || type.equals("int-or-string")
                || type.equals("string")
            ? null
            : what + ", but " + fieldName + " must end at an integer";
      }
      case INSTANCE_ID, PHASE -> {
        return type.equals("string") || type.equals("int-or-string")
            ? null
            : what + ", but " + fieldName + " must end at a string";
      }
      case CONDITIONS -> {
        return type.equals("array") ? null : what + ", but " + fieldName + " must end at an array";
      }
      default -> {
        return null;
      }
    }
  }

  /** Null when {@code schema} may have {@code field}; otherwise the fields it has. */
  private static String missingField(JsonNode schema, String field) {
    JsonNode props = schema.path("properties");
    if (props.has(field)
        || schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)
        || !props.isObject()
        || props.isEmpty()
        || schema.path("additionalProperties").isObject()
        || schema.path("additionalProperties").asBoolean(false)) {
      return null;
    }
    List<String> names = new ArrayList<>();
    props.fieldNames().forEachRemaining(names::add);
    return "it has " + String.join(", ", names.size() > 12 ? names.subList(0, 12) : names)
        + (names.size() > 12 ? ", ..." : "");
  }
}
