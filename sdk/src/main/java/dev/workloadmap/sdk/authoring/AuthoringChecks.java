package dev.workloadmap.sdk.authoring;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.crd.CrdException;
import dev.workloadmap.sdk.crd.CrdSchema;
import dev.workloadmap.sdk.verify.CrdLookup;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.FixtureResult;
import dev.workloadmap.sdk.verify.Verifier;
import dev.workloadmap.sdk.yaml.YamlException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The authoring checks of one verified definition, for front-ends: coverage over its fixtures, the write round trip
 * on each fixture object, and the status-overlap analysis (its CRD's schema, the first fixture object as base).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AuthoringChecks {

  /**
   * The checks of one definition; {@code overlap} is null when not asked for.
   *
   * @param fixtures the fixtures whose object was read, in folder order
   */
  public record Result(
      String definition,
      PreparedDefinition prepared,
      List<DefinitionCoverage.Fixture> fixtures,
      DefinitionCoverage.Result coverage,
      List<RoundTrip.Result> roundTrips,
      OverlapAnalyzer.Result overlap) {

    public long roundTrip(RoundTrip.Outcome o) {
      return roundTrips.stream().mapToLong(r -> r.count(o)).sum();
    }
  }

  private final WorkloadMap wm;
  private final Verifier verifier;
  private final Path crdDirectory;

  public AuthoringChecks(WorkloadMap wm, Verifier verifier, Path crdDirectory) {
    this.wm = wm;
    this.verifier = verifier;
    this.crdDirectory = crdDirectory;
  }

  /**
   * The checks of {@code d}, or null when the definition is invalid (its findings say why).
   *
   * @param overlap analysis options, or null to skip the analysis
   */
  public Result run(DefinitionResult d, OverlapAnalyzer.Options overlap) {
    if (d.report().hasErrors()) {
      return null;
    }
    List<WorkloadMap.Loaded> loaded = wm.read(d.file());
    if (loaded.size() != 1 || !loaded.get(0).valid()) {
      return null;
    }
    PreparedDefinition prepared = wm.prepare(loaded.get(0));
    List<DefinitionCoverage.Fixture> fixtures = new ArrayList<>();
    for (FixtureResult f : d.fixtures()) {
      if (f.outcome() == FixtureResult.Outcome.SKIPPED) {
        continue;
      }
      try {
        Verifier.FixtureObject o = verifier.readFixtureObject(prepared.definition(), f.directory());
        if (o.object() != null
            && o.skipReason() == null
            && o.object().root().isObject()
            && WorkloadMap.kindMismatch(prepared.definition(), o.object().root()) == null) {
          fixtures.add(
              new DefinitionCoverage.Fixture(f.name(), f.directory(), o.object().root()));
        }
      } catch (YamlException e) {
        // the fixture result already reports it
      }
    }
    List<RoundTrip.Result> trips = new ArrayList<>();
    RoundTrip rt = new RoundTrip(wm);
    Map<String, Set<String>> suspended = new LinkedHashMap<>();
    for (DefinitionCoverage.Fixture f : fixtures) {
      RoundTrip.Result r = rt.run(prepared, f.object(), f.name());
      trips.add(r);
      for (RoundTrip.Check c : r.checks()) {
        if (c.check().equals("suspend-resume") && c.outcome() == RoundTrip.Outcome.CLEAN) {
          Set<String> s = suspended.computeIfAbsent(f.name(), k -> new LinkedHashSet<>());
          s.add("suspend." + c.component() + ".suspendActions");
          s.add("suspend." + c.component() + ".resumeActions");
        }
      }
    }
    DefinitionCoverage.Result coverage =
        new DefinitionCoverage(wm).compute(prepared, fixtures, suspended);
    OverlapAnalyzer.Result ov = null;
    if (overlap != null) {
      ov = new OverlapAnalyzer(wm, overlap)
          .analyze(
              prepared,
              schema(prepared, d.file()),
              fixtures.isEmpty() ? null : fixtures.get(0).object());
    }
    return new Result(d.name(), prepared, fixtures, coverage, trips, ov);
  }

  /** The definition's target CRD schema at its version, or null when there is none. */
  public CrdSchema schema(PreparedDefinition prepared, Path definitionFile) {
    try {
      CrdLookup l = CrdLookup.check(prepared.definition(), definitionFile, crdDirectory);
      return l.crd() == null ? null : l.crd().schema(prepared.definition().rootGvk());
    } catch (CrdException | IllegalArgumentException e) {
      return null;
    }
  }

  /** The round trip's per-entry table: ENTRY, CLEAN, FINDINGS, SKIPPED, with every finding below its entry. */
  public static String roundTripTable(List<Result> results) {
    return roundTripTable(results, true);
  }

  /**
   * The round trip's table, one line per entry: OBJECTS, CLEAN, FINDINGS (checks with findings), of which REFUSED
   * (every finding a write the SDK refused: computed paths, read-only by design), and SKIPPED.
   *
   * @param details also every finding below its entry
   */
  public static String roundTripTable(List<Result> results, boolean details) {
    StringBuilder sb = new StringBuilder();
    int w = Math.max(
        5, results.stream().mapToInt(r -> r.definition().length()).max().orElse(5));
    sb.append(String.format(
        Locale.ROOT,
        "%-" + w + "s  %7s  %5s  %8s  %7s  %7s%n",
        "ENTRY",
        "OBJECTS",
        "CLEAN",
        "FINDINGS",
        "REFUSED",
        "SKIPPED"));
    for (Result r : results) {
      long refused = r.roundTrips().stream()
          .flatMap(t -> t.checks().stream())
          .filter(c -> c.outcome() == RoundTrip.Outcome.FINDINGS
              && c.findings().stream().allMatch(RoundTrip::isRefusedWrite))
          .count();
      sb.append(String.format(
          Locale.ROOT,
          "%-" + w + "s  %7d  %5d  %8d  %7d  %7d%n",
          r.definition(),
          r.roundTrips().size(),
          r.roundTrip(RoundTrip.Outcome.CLEAN),
          r.roundTrip(RoundTrip.Outcome.FINDINGS),
          refused,
          r.roundTrip(RoundTrip.Outcome.SKIPPED)));
      if (!details) {
        continue;
      }
      for (RoundTrip.Result t : r.roundTrips()) {
        for (RoundTrip.Check c : t.checks()) {
          for (String f : c.findings()) {
            sb.append("    ")
                .append(t.object())
                .append(" ")
                .append(c.component())
                .append(" ")
                .append(c.check())
                .append(": ")
                .append(f)
                .append('\n');
          }
        }
      }
    }
    return sb.toString();
  }

  /** {@code {definitions: [coverage...]}} */
  public static ObjectNode coverageJson(List<Result> results) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    ArrayNode a = o.putArray("definitions");
    results.forEach(r -> a.add(r.coverage().toJson()));
    return o;
  }

  /** {@code {definitions: [{definition, objects: [round trip...]}]}} */
  public static ObjectNode roundTripJson(List<Result> results) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    ArrayNode a = o.putArray("definitions");
    for (Result r : results) {
      ObjectNode n = a.addObject()
          .put("definition", r.definition())
          .put("clean", r.roundTrip(RoundTrip.Outcome.CLEAN))
          .put("findings", r.roundTrip(RoundTrip.Outcome.FINDINGS))
          .put("skipped", r.roundTrip(RoundTrip.Outcome.SKIPPED));
      ArrayNode objs = n.putArray("objects");
      r.roundTrips().forEach(t -> objs.add(t.toJson()));
    }
    return o;
  }

  /** {@code {definitions: [overlap...]}} for the results that have one. */
  public static ObjectNode overlapJson(List<Result> results) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    ArrayNode a = o.putArray("definitions");
    results.stream()
        .filter(r -> r.overlap() != null)
        .forEach(r -> a.add(r.overlap().toJson()));
    return o;
  }
}
