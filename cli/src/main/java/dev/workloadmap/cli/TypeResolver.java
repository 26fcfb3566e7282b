package dev.workloadmap.cli;

import dev.workloadmap.sdk.definition.Gvk;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns a TYPE token into a definition and, with a cluster, its served resource (docs/format.md#cli-resolution step 2).
 *
 * <p>Through discovery (the RESTMapper's role), the token may be a kind, a plural, a singular or a short name, or one
 * of the forms {@code resource.group}, {@code resource.version.group} and {@code kind.version.group}, all
 * case-insensitive. When several groups serve the name, the core group wins, as in kubectl; otherwise the token is a
 * usage error listing {@code kind.version.group} tokens. When discovery finds nothing, the token falls back to an exact,
 * case-insensitive kind match against the definitions' root kinds (then to the plural Kubernetes would guess for the
 * kind, so {@code rayclusters} works like {@code raycluster}), narrowed by the group and version it carries; a kind
 * covered at several versions is a usage error suggesting {@code kind.version.group} tokens. A type no definition
 * covers exits with {@link ExitCodes#NO_DEFINITION} and {@code no Karta definition covers "<token>"}; a covered type
 * the cluster does not serve exits with {@link ExitCodes#WORKLOAD_NOT_FOUND} and {@code <Kind> is not installed in
 * this cluster} (callers that list may treat it as an empty result).
 */
final class TypeResolver {

  private static final Pattern VERSION = Pattern.compile("v\\d+((alpha|beta)\\d+)?");

  /**
   * A resolved type.
   *
   * @param token the token as given
   * @param definition the definition that covers it
   * @param resource the served resource, or null when resolved without a cluster or not installed
   */
  record Resolved(String token, DefinitionSet.Entry definition, Cluster.ApiResource resource) {
    Gvk gvk() {
      return definition.gvk();
    }
  }

  /** The parts a token may name. */
  record Parsed(String name, String version, String group) {}

  private TypeResolver() {}

  /** The readings of {@code token}: {@code name}, {@code name.version.group} and {@code name.group}. */
  static List<Parsed> parse(String token) {
    String t = token.trim();
    int dot = t.indexOf('.');
    if (dot < 0) {
      return List.of(new Parsed(t, null, null));
    }
    String name = t.substring(0, dot);
    String rest = t.substring(dot + 1);
    List<Parsed> out = new ArrayList<>();
    int dot2 = rest.indexOf('.');
    String first = dot2 < 0 ? rest : rest.substring(0, dot2);
    if (VERSION.matcher(first).matches()) {
      out.add(new Parsed(name, first, dot2 < 0 ? "" : rest.substring(dot2 + 1)));
    }
    out.add(new Parsed(name, null, rest));
    return out;
  }

  /**
   * Resolves {@code token}.
   *
   * @param cluster the cluster for discovery, or null (offline: definitions only)
   * @throws CliException usage (ambiguous token, kind at several versions), no definition, not installed
   */
  static Resolved resolve(String token, DefinitionSet defs, Cluster cluster) {
    if (token == null || token.isBlank()) {
      throw CliException.usage(
          "TYPE must not be empty", "for example: jobset, jobsets.jobset.x-k8s.io");
    }
    List<Parsed> readings = parse(token);
    if (cluster != null) {
      Resolved r = viaDiscovery(token, readings, defs, cluster);
      if (r != null) {
        return r;
      }
    }
    // fallback: the definitions' root kinds
    for (Parsed p : readings) {
      List<Gvk> gvks = defs.gvksOfKind(p.name(), p.group(), p.version());
      if (gvks.isEmpty()) {
        gvks = defs.gvksOfPlural(p.name(), p.group(), p.version());
      }
      if (gvks.isEmpty()) {
        continue;
      }
      Set<String> groupKinds = new LinkedHashSet<>();
      gvks.forEach(g -> groupKinds.add(g.group() + "/" + g.kind()));
      if (gvks.size() > 1) {
        throw CliException.usage(
            "\"" + token + "\" is covered at several versions or groups: " + tokens(gvks),
            "name one of them as kind.version.group, for example " + tokenOf(gvks.get(0)));
      }
      Gvk gvk = gvks.get(0);
      DefinitionSet.Entry e = defs.forGvk(gvk);
      if (cluster == null) {
        return new Resolved(token, e, null);
      }
      throw notInstalled(gvk);
    }
    throw noDefinition(token, null);
  }

  private static Resolved viaDiscovery(
      String token, List<Parsed> readings, DefinitionSet defs, Cluster cluster) {
    for (Parsed p : readings) {
      List<Cluster.ApiResource> matches = new ArrayList<>();
      String n = p.name().toLowerCase(Locale.ROOT);
      for (Cluster.ApiResource r : cluster.discovery(defs.listing().stream()
          .map(DefinitionSet.Entry::gvk)
          .filter(java.util.Objects::nonNull)
          .toList())) {
        if ((p.group() != null && !r.group().equalsIgnoreCase(p.group()))
            || (p.version() != null && !r.version().equalsIgnoreCase(p.version()))) {
          continue;
        }
        if (n.equals(r.plural())
            || n.equals(r.singular())
            || n.equals(r.kind().toLowerCase(Locale.ROOT))
            || r.shortNames().contains(n)) {
          matches.add(r);
        }
      }
      if (matches.isEmpty()) {
        continue;
      }
      Set<String> groups = new LinkedHashSet<>();
      matches.forEach(m -> groups.add(m.group()));
      if (groups.size() > 1) {
        if (groups.contains("")) {
          matches.removeIf(m -> !m.group().isEmpty());
        } else {
          List<Gvk> gvks = matches.stream()
              .filter(Cluster.ApiResource::preferredVersion)
              .map(m -> new Gvk(m.group(), m.version(), m.kind()))
              .toList();
          throw CliException.usage(
              "\"" + token + "\" names resources of several groups: " + tokens(gvks),
              "name one of them as kind.version.group, for example " + tokenOf(gvks.get(0)));
        }
      }
      // one group and kind: the preferred version when a definition covers it, else the only
      // covered version
      List<Cluster.ApiResource> covered = new ArrayList<>();
      for (Cluster.ApiResource m : matches) {
        if (defs.isAmbiguous(gvkOf(m)) || defs.forGvk(gvkOf(m)) != null) {
          covered.add(m);
        }
      }
      List<Cluster.ApiResource> preferred =
          covered.stream().filter(Cluster.ApiResource::preferredVersion).toList();
      Cluster.ApiResource chosen = null;
      if (covered.size() == 1) {
        chosen = covered.get(0);
      } else if (preferred.size() == 1) {
        chosen = preferred.get(0);
      } else if (covered.size() > 1) {
        List<Gvk> gvks = covered.stream().map(TypeResolver::gvkOf).toList();
        throw CliException.usage(
            "\"" + token + "\" is covered at several served versions: " + tokens(gvks),
            "name one of them as kind.version.group, for example " + tokenOf(gvks.get(0)));
      }
      DefinitionSet.Entry entry = chosen == null ? null : defs.forGvk(gvkOf(chosen));
      if (chosen == null) {
        Cluster.ApiResource m = matches.get(0);
        throw noDefinition(token, new Gvk(m.group(), m.version(), m.kind()));
      }
      return new Resolved(token, entry, chosen);
    }
    return null;
  }

  private static Gvk gvkOf(Cluster.ApiResource r) {
    return new Gvk(r.group(), r.version(), r.kind());
  }

  static CliException noDefinition(String token, Gvk gvk) {
    return new CliException(
        ExitCodes.NO_DEFINITION,
        "no_definition_for_type",
        "no Karta definition covers \"" + token + "\"" + (gvk == null ? "" : " (" + gvk + ")"),
        "list the available definitions with: workloadmap definitions; or apply a Karta object for it",
        gvk == null ? token : gvk.toString());
  }

  static CliException notInstalled(Gvk gvk) {
    return new CliException(
        ExitCodes.WORKLOAD_NOT_FOUND,
        "not_installed",
        gvk.kind() + " is not installed in this cluster",
        "install the CRD of " + gvk.group() + " (check with: kubectl api-resources --api-group="
            + gvk.group() + ")",
        gvk.toString());
  }

  static String tokenOf(Gvk g) {
    return g.kind().toLowerCase(Locale.ROOT) + "." + g.version()
        + (g.group().isEmpty() ? "" : "." + g.group());
  }

  private static String tokens(List<Gvk> gvks) {
    return String.join(", ", gvks.stream().map(TypeResolver::tokenOf).toList());
  }
}
