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
 * int-or-string), arrays get generated extra items, and objects that preserve unknown fields get unknown ones. Each
 * variant takes the scheduler-name-and-label update (and suspend where the root has a suspendDefinition); the patch
 * applied to the original must give the updated object, the values must read back, and nothing but the targets may
 * change. An {@link UpdateException} (a generated object the definition cannot write, said in its message) is
 * allowed; any other exception or a lossy result fails.
 */
class SchemaGeneratedUpdatePropertyTest {

  static final int VARIANTS = 4;
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
      for (int v = 0; v < VARIANTS; v++) {
        long seed = random.nextLong();
        JsonNode object = s.object().deepCopy();
        enrich(object, schema.openApiV3Schema(), new Random(seed), 0);
        generated++;
        CatalogUpdatePropertyTest.Sample variant = new CatalogUpdatePropertyTest.Sample(s.definition(),
            s.name() + " variant " + v + " (seed " + seed + ")", object);
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
    assertThat(failures).as("lossy or failing updates of generated objects").isEmpty();
    assertThat(generated).as("generated objects").isGreaterThan(400);
    assertThat(updated).as("generated objects updated").isGreaterThan(generated / 3);
    assertThat(refused).as("generated objects refused with an UpdateException").isLessThan(generated / 2);
  }

  /** Adds generated fields to {@code node} following {@code schema}, in place. */
  static void enrich(JsonNode node, JsonNode schema, Random r, int depth) {
    if (schema == null || depth > 24) {
      return;
    }
    if (node instanceof ObjectNode o) {
      JsonNode props = schema.path("properties");
      for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> p = it.next();
        if (o.has(p.getKey())) {
          enrich(o.get(p.getKey()), p.getValue(), r, depth + 1);
        } else if (depth < 10 && r.nextInt(4) == 0) {
          o.set(p.getKey(), generate(p.getValue(), r, depth + 1));
        }
      }
      JsonNode additional = schema.path("additionalProperties");
      if (additional.isObject()) {
        o.fields().forEachRemaining(e -> enrich(e.getValue(), additional, r, depth + 1));
        if (r.nextInt(4) == 0) {
          o.set("generated-" + r.nextInt(100), generate(additional, r, depth + 1));
        }
      }
      if (schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false) && r.nextInt(3) == 0) {
        o.set("wmUnknown" + r.nextInt(100), scalar(r));
      }
    } else if (node instanceof ArrayNode a && schema.has("items")) {
      for (JsonNode item : a) {
        enrich(item, schema.get("items"), r, depth + 1);
      }
      if (depth < 10 && r.nextInt(4) == 0) {
        a.add(generate(schema.get("items"), r, depth + 1));
      }
    }
  }

  /** A value for {@code schema}: required properties always, optional ones sometimes, shallow past depth 8. */
  static JsonNode generate(JsonNode schema, Random r, int depth) {
    if (schema.has("enum") && schema.get("enum").size() > 0) {
      return schema.get("enum").get(r.nextInt(schema.get("enum").size())).deepCopy();
    }
    if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      return r.nextBoolean() ? F.numberNode(r.nextInt(8)) : F.textNode(r.nextInt(100) + "%");
    }
    switch (schema.path("type").asText("")) {
      case "object" -> {
        ObjectNode o = F.objectNode();
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(x -> required.add(x.asText()));
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext();) {
          Map.Entry<String, JsonNode> p = it.next();
          if (required.contains(p.getKey()) ? depth < 16 : depth < 8 && r.nextInt(3) == 0) {
            o.set(p.getKey(), generate(p.getValue(), r, depth + 1));
          }
        }
        if (schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false) && r.nextBoolean()) {
          o.set("wmUnknown", scalar(r));
        }
        return o;
      }
      case "array" -> {
        ArrayNode a = F.arrayNode();
        int n = depth < 8 ? r.nextInt(3) : 0;
        for (int i = 0; i < n && schema.has("items"); i++) {
          a.add(generate(schema.get("items"), r, depth + 1));
        }
        return a;
      }
      case "integer" -> {
        return F.numberNode(r.nextInt(5));
      }
      case "number" -> {
        return r.nextBoolean() ? F.numberNode(new BigDecimal("1.0")) : F.numberNode(new BigDecimal("0.25"));
      }
      case "boolean" -> {
        return F.booleanNode(r.nextBoolean());
      }
      case "string" -> {
        return F.textNode("gen-" + Integer.toString(r.nextInt(1 << 20), 36));
      }
      default -> {
        return scalar(r);
      }
    }
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
