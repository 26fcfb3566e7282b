package dev.workloadmap.sdk.update;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.crd.CrdException;
import dev.workloadmap.sdk.crd.CrdSchema;
import dev.workloadmap.sdk.definition.Gvk;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The lossless-update property of {@link CatalogUpdatePropertyTest} over objects generated from the target CRDs'
 * schemas ({@code ../shared/data/crds/<kind lower>.<group>.yaml}, the definition's version), not only the samples:
 * each catalog fixture object is the seed of {@value #VARIANTS} variants in which, following the schema, absent
 * optional fields are generated (objects, arrays, strings, enums, integers, numbers written as {@code 1.0}, booleans,
 * int-or-string), arrays get generated extra items, and objects that preserve unknown fields get unknown ones; and
 * {@value #FRESH} more whose whole {@code spec} is generated from the schema alone. The generator walks the
 * openAPIV3Schema (nested pod templates included) and keeps to its enums, types and formats, required fields,
 * minimum/maximum, minLength/maxLength/pattern, minItems/maxItems and min/maxProperties: an enriched variant must not
 * add a violation ({@link CrdSchema#validate}) its seed did not have. Each
 * variant takes the scheduler-name-and-label update (and suspend where the root has a suspendDefinition); the patch
 * applied to the original must give the updated object, the values must read back, and nothing but the targets may
 * change. An {@link UpdateException} (a generated object the definition cannot write, said in its message) is
 * allowed; any other exception or a lossy result fails.
 */
class SchemaGeneratedUpdatePropertyTest {

  static final int VARIANTS = 4;
  /** Variants per fixture whose whole spec is generated from the schema. */
  static final int FRESH = 2;

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  @Test
  void objectsGeneratedFromTheCrdSchemasTakeUpdatesLosslessly() throws Exception {
    Path shared = CatalogUpdatePropertyTest.sharedDir();
    Assumptions.assumeTrue(shared != null, "../shared (the real CRDs) is absent");
    Path crds = shared.resolve("data/crds");
    CatalogUpdatePropertyTest property = new CatalogUpdatePropertyTest();
    List<String> failures = new ArrayList<>();
    int generated = 0;
    int updated = 0;
    int refused = 0;
    int fresh = 0;
    List<String> offSchema = new ArrayList<>();
    Random random = new Random(0x5c4e3aL);
    for (CatalogUpdatePropertyTest.Sample s : CatalogUpdatePropertyTest.samples()) {
      if (!CatalogUpdatePropertyTest.isKubernetesObject(s.object())) {
        continue;
      }
      Gvk gvk = s.definition().rootGvk();
      Path crd = crds.resolve(gvk.kind().toLowerCase(Locale.ROOT) + "." + gvk.group() + ".yaml");
      if (!Files.isRegularFile(crd)) {
        continue;
      }
      CrdSchema schema;
      try {
        schema = CrdSchema.load(crd, gvk);
      } catch (CrdException e) {
        continue; // the CRD does not serve the definition's version
      }
      java.util.Set<String> seedViolations = new java.util.HashSet<>();
      schema.validate(s.object()).forEach(x -> seedViolations.add(x.toString()));
      for (int v = 0; v < VARIANTS + FRESH; v++) {
        long seed = random.nextLong();
        JsonNode object = s.object().deepCopy();
        if (v < VARIANTS) {
          enrich(object, schema.openApiV3Schema(), new Random(seed), 0);
        } else {
          // a spec generated from the schema alone (required fields always, optional ones
          // sometimes)
          JsonNode spec = generate(
              schema.openApiV3Schema().path("properties").path("spec"), new Random(seed), 1);
          if (!(spec instanceof ObjectNode)) {
            continue;
          }
          ((ObjectNode) object).set("spec", spec);
          ((ObjectNode) object).remove("status");
          fresh++;
        }
        generated++;
        {
          // the generator follows the schema: a variant adds no violation its seed did not have (a
          // generated spec:
          // none in the spec)
          for (var violation : schema.validate(object)) {
            if (v < VARIANTS
                ? !seedViolations.contains(violation.toString())
                : violation.pointer().startsWith("/spec")) {
              offSchema.add(s.name() + " variant " + v + " (seed " + seed + "): " + violation);
            }
          }
        }
        CatalogUpdatePropertyTest.Sample variant = new CatalogUpdatePropertyTest.Sample(
            s.definition(), s.name() + " variant " + v + " (seed " + seed + ")", object);
        try {
          if (property.checkSchedulerAndLabel(variant)) {
            updated++;
          }
          if (s.definition().rootComponent().suspendDefinition() != null) {
            property.checkSuspend(variant);
          }
        } catch (UpdateException e) {
          refused++;
        } catch (AssertionError | RuntimeException e) {
          failures.add(variant.name() + ": " + e);
        }
      }
    }
    System.out.printf(
        "[schema-generated] %d objects (%d with a spec generated from the schema alone): %d updated,"
            + " %d refused with an UpdateException, %d failures, %d off-schema%n",
        generated, fresh, updated, refused, failures.size(), offSchema.size());
    assertThat(failures).as("lossy or failing updates of generated objects").isEmpty();
    assertThat(offSchema)
        .as("generated values the CRD schema rejects (a generator bug)")
        .isEmpty();
    assertThat(fresh).as("objects with a spec generated from the schema alone").isGreaterThan(50);
    assertThat(generated).as("generated objects").isGreaterThan(400);
    assertThat(updated).as("generated objects updated").isGreaterThan(generated / 3);
    assertThat(refused)
        .as("generated objects refused with an UpdateException")
        .isLessThan(generated / 2);
    assertThat(generated - refused - failures.size())
        .as("generated objects taking updates")
        .isPositive();
  }

  /** Adds generated fields to {@code node} following {@code schema}, in place. */
  static void enrich(JsonNode node, JsonNode schema, Random r, int depth) {
    if (schema == null || depth > 24) {
      return;
    }
    if (node instanceof ObjectNode o) {
      JsonNode props = schema.path("properties");
      for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> p = it.next();
        if (o.has(p.getKey())) {
          enrich(o.get(p.getKey()), p.getValue(), r, depth + 1);
        } else if (depth < 10 && r.nextInt(4) == 0) {
          JsonNode value = generate(p.getValue(), r, depth + 1);
          if (value != null) {
            o.set(p.getKey(), value);
          }
        }
      }
      JsonNode additional = schema.path("additionalProperties");
      if (additional.isObject()) {
        o.fields().forEachRemaining(e -> enrich(e.getValue(), additional, r, depth + 1));
        JsonNode value =
            r.nextInt(4) == 0 && schema.path("maxProperties").asInt(Integer.MAX_VALUE) > o.size()
                ? generate(additional, r, depth + 1)
                : null;
        if (value != null) {
          o.set("generated-" + r.nextInt(100), value);
        }
      }
      if (schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)
          && r.nextInt(3) == 0) {
        o.set("wmUnknown" + r.nextInt(100), scalar(r));
      }
    } else if (node instanceof ArrayNode a && schema.has("items")) {
      for (JsonNode item : a) {
        enrich(item, schema.get("items"), r, depth + 1);
      }
      JsonNode item = depth < 10
              && r.nextInt(4) == 0
              && a.size() < schema.path("maxItems").asInt(Integer.MAX_VALUE)
          ? generate(schema.get("items"), r, depth + 1)
          : null;
      if (item != null) {
        a.add(item);
      }
    }
  }

  /**
   * A value for {@code schema}: required properties always, optional ones sometimes, shallow past depth 8; within
   * the schema's constraints (enum, type and format, minimum/maximum, minLength/maxLength and pattern,
   * minItems/maxItems, minProperties of maps, int-or-string). {@code null} when no candidate string satisfies a
   * pattern (the caller then leaves an optional field out).
   */
  static JsonNode generate(JsonNode schema, Random r, int depth) {
    if (schema.has("enum") && schema.get("enum").size() > 0) {
      return schema.get("enum").get(r.nextInt(schema.get("enum").size())).deepCopy();
    }
    if (schema.has("default") && r.nextInt(4) == 0) {
      return schema.get("default").deepCopy();
    }
    if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      if (!schema.has("pattern") && r.nextBoolean()) {
        return F.numberNode(r.nextInt(8));
      }
      JsonNode text = string(schema, r);
      return text != null ? text : F.numberNode(r.nextInt(8));
    }
    switch (schema.path("type").asText("")) {
      case "object" -> {
        ObjectNode o = F.objectNode();
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(x -> required.add(x.asText()));
        for (Iterator<Map.Entry<String, JsonNode>> it =
                schema.path("properties").properties().iterator();
            it.hasNext(); ) {
          Map.Entry<String, JsonNode> p = it.next();
          if (required.contains(p.getKey()) ? depth < 16 : depth < 8 && r.nextInt(3) == 0) {
            JsonNode value = generate(p.getValue(), r, depth + 1);
            if (value != null) {
              o.set(p.getKey(), value);
            } else if (required.contains(p.getKey())) {
              return null; // a required value no candidate satisfies: no object rather than an
              // invalid one
            }
          }
        }
        // minProperties: optional properties in schema order until there are enough
        for (Iterator<Map.Entry<String, JsonNode>> it =
                schema.path("properties").properties().iterator();
            it.hasNext() && o.size() < schema.path("minProperties").asInt(0); ) {
          Map.Entry<String, JsonNode> p = it.next();
          JsonNode value = o.has(p.getKey()) ? null : generate(p.getValue(), r, depth + 1);
          if (value != null) {
            o.set(p.getKey(), value);
          }
        }
        JsonNode additional = schema.path("additionalProperties");
        if (additional.isObject()) {
          int n = Math.max(schema.path("minProperties").asInt(0), depth < 8 ? r.nextInt(2) : 0);
          for (int i = 0; o.size() < n && i < 2 * n + 2; i++) {
            JsonNode value = generate(additional, r, depth + 1);
            if (value != null) {
              o.set("gen" + i, value);
            }
          }
        }
        if (schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)
            && r.nextBoolean()) {
          o.set("wmUnknown", scalar(r));
        }
        return o.size() < schema.path("minProperties").asInt(0) ? null : o;
      }
      case "array" -> {
        ArrayNode a = F.arrayNode();
        int min = schema.path("minItems").asInt(0);
        int max = schema.path("maxItems").asInt(Integer.MAX_VALUE);
        int n = Math.min(max, Math.max(min, depth < 8 ? r.nextInt(3) : 0));
        for (int i = 0; a.size() < n && i < 2 * n + 2 && schema.has("items"); i++) {
          JsonNode item = generate(schema.get("items"), r, depth + 1);
          if (item != null) {
            a.add(item);
          }
        }
        return a.size() < min ? null : a;
      }
      case "integer" -> {
        long min = schema.has("minimum") ? schema.get("minimum").asLong() : 0;
        long max = schema.has("maximum") ? schema.get("maximum").asLong() : min + 4;
        if (schema.path("exclusiveMinimum").asBoolean(false)) {
          min++;
        }
        if (schema.path("exclusiveMaximum").asBoolean(false)) {
          max--;
        }
        return min > max
            ? null
            : F.numberNode(min + (long) r.nextInt((int) Math.min(max - min, 4) + 1));
      }
      case "number" -> {
        BigDecimal value = r.nextBoolean() ? new BigDecimal("1.0") : new BigDecimal("0.25");
        if (schema.has("minimum") && value.compareTo(schema.get("minimum").decimalValue()) < 0
            || schema.has("maximum") && value.compareTo(schema.get("maximum").decimalValue()) > 0) {
          value = schema.has("minimum")
              ? schema.get("minimum").decimalValue()
              : schema.get("maximum").decimalValue();
        }
        return F.numberNode(value);
      }
      case "boolean" -> {
        return F.booleanNode(r.nextBoolean());
      }
      case "string" -> {
        return string(schema, r);
      }
      default -> {
        return scalar(r);
      }
    }
  }

  /** Strings tried in turn against a string schema's format, pattern and length bounds. */
  private static final List<String> STRINGS = List.of(
      "gen-%s",
      "gen%s",
      "a%s",
      "1",
      "500m",
      "2Gi",
      "10s",
      "/gen/%s",
      "Gen_%s",
      "1.5",
      "x",
      "https://gen.example.com/v1/hf",
      "");

  /** A string within {@code schema}'s format, pattern and length bounds; {@code null} when no candidate fits. */
  static JsonNode string(JsonNode schema, Random r) {
    String format = schema.path("format").asText("");
    if (format.equals("date-time")) {
      return F.textNode("2026-01-0" + (1 + r.nextInt(9)) + "T03:04:05Z");
    }
    if (format.equals("byte")) {
      return F.textNode("Z2Vu");
    }
    java.util.regex.Pattern pattern = schema.has("pattern")
        ? java.util.regex.Pattern.compile(schema.get("pattern").asText())
        : null;
    int min = schema.path("minLength").asInt(0);
    int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
    String suffix = Integer.toString(r.nextInt(1 << 20), 36);
    List<String> candidates = new ArrayList<>();
    for (String c : STRINGS) {
      candidates.add(String.format(Locale.ROOT, c, suffix));
    }
    candidates.add("g".repeat(Math.max(1, Math.min(min, 64))));
    for (String c : candidates) {
      if (c.length() >= min
          && c.length() <= max
          && (pattern == null || pattern.matcher(c).find())) {
        return F.textNode(c);
      }
    }
    return null;
  }

  private static JsonNode scalar(Random r) {
    return switch (r.nextInt(5)) {
      case 0 -> F.textNode("x" + r.nextInt(1000));
      case 1 -> F.numberNode(new BigDecimal("1.0"));
      case 2 -> F.numberNode(r.nextInt(100));
      case 3 -> F.booleanNode(r.nextBoolean());
      default -> F.objectNode().put("k", "v");
    };
  }
}
