package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code describe TYPE/NAME | TYPE NAME | -f FILE|-} (docs/format.md#cli-commands, docs/format.md#cli-describe): the
 * workload tree with components, instances, {@code ready/desired}, GPUs, nodes and pods, the status line and the
 * resources table (see {@link DescribeView}).
 *
 * <p>Live, the pods of the namespace are listed once ({@code resourceVersion: "0"}) and attributed through their owner
 * chains by the SDK ({@code WorkloadMap.attributePods}, docs/format.md#owner-chain). With {@code -f} (file mode) no
 * cluster is needed: the catalog, plus the cluster's Karta objects when a cluster is configured and reachable, resolves
 * the definition of the file's single object (another served version of a covered kind resolves; the group must match
 * exactly), and the output shows the desired structure and requested resources.
 */
@Command(
    name = "describe",
    mixinStandardHelpOptions = true,
    description = "Show a workload's tree: components, pods, status and resources.",
    sortOptions = false)
final class DescribeCommand extends BaseCommand implements OutputOptions.Formatted {

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "TYPE[/NAME]",
      description = "The type, optionally with /NAME.")
  String typeToken;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "NAME",
      description = "The workload's name.")
  String nameArg;

  @Option(
      names = {"-f", "--filename"},
      paramLabel = "FILE",
      description =
          "File mode: describe the object in FILE" + " (- for standard input) without a cluster.")
  String file;

  @picocli.CommandLine.Mixin
  DocumentOption documentOption;

  @picocli.CommandLine.Mixin
  DefinitionFileOption definitionFile;

  @Override
  DefinitionSet.Entry extraDefinition() {
    return definitionFile.entry(wm());
  }

  @Option(
      names = "--pod-limit",
      paramLabel = "N",
      defaultValue = "0",
      description = "Pods shown per component, unhealthy first when truncating; 0 means all.")
  int podLimit;

  @Option(
      names = "--component-limit",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "Components shown, unhealthy and missing-pod ones first when truncating; 0 means all.")
  int componentLimit;

  @picocli.CommandLine.Mixin
  OutputOptions outputOptions;

  @Override
  public List<String> outputFormats() {
    return OutputOptions.VIEW;
  }

  @Override
  boolean jsonErrors() {
    return outputOptions.json();
  }

  @Option(
      names = "--allow-incomplete",
      description = "Exit 0 even when a problem left the totals incomplete"
          + " (a replica count or GPU quantity that cannot be counted); the view still says so.")
  boolean allowIncomplete;

  @Override
  int execute() {
    Output out = outputOptions.view();
    if (podLimit < 0) {
      throw CliException.usage("--pod-limit must not be negative", "0 means all pods");
    }
    if (componentLimit < 0) {
      throw CliException.usage("--component-limit must not be negative", "0 means all components");
    }
    DescribeView view;
    String pick = documentOption.forFile(file);
    if (file != null) {
      if (typeToken != null || nameArg != null) {
        throw CliException.usage(
            "-f cannot be combined with TYPE or NAME arguments",
            "use either describe -f FILE or describe TYPE/NAME");
      }
      view = fileMode(pick);
    } else {
      view = live();
    }
    if (out.structured()) {
      env().out().print(out.write(view.json()));
    } else {
      env().out().print(view.text(podLimit, componentLimit));
    }
    if (!view.tree().totalsComplete() && !allowIncomplete) {
      long n = view.tree().problems().stream().filter(p -> p.affectsTotals()).count();
      env()
          .err()
          .println("error: the totals are incomplete: " + n + " problem" + (n == 1 ? "" : "s")
              + " left replicas or resources uncounted (listed under Problems)");
      env()
          .err()
          .println(
              "hint: fix the object at the place each problem names, or pass --allow-incomplete to"
                  + " accept the partial totals");
      return ExitCodes.ERROR;
    }
    return ExitCodes.OK;
  }

  private DescribeView fileMode(String pick) {
    YamlDocument doc = readDocument(this, file, pick);
    DefinitionSet.Entry entry = entryFor(this, doc.root(), file.equals("-") ? "<stdin>" : file);
    PreparedDefinition p = new Workloads(wm()).prepare(entry.definition());
    WorkloadTree tree = wm().resolve(p, doc); // problems located at the object's own lines
    return new DescribeView(tree, null, entry.origin(), null, wm().gpuResourceName());
  }

  /**
   * The one object of {@code file} ({@code -} for standard input), with positions; usage errors for anything else. With
   * {@code object} ({@code --object KIND/NAME}, or {@code NAME}), the one document of the file that it names.
   */
  static YamlDocument readDocument(BaseCommand cmd, String file, String object) {
    if (file.isEmpty()) {
      throw CliException.usage(
          "-f needs a file name", "give the object's file, or - for standard input");
    }
    String name = file.equals("-") ? "<stdin>" : file;
    List<YamlDocument> docs;
    try {
      List<YamlDocument> all;
      if (file.equals("-")) {
        all = new YamlReader()
            .readAll(new String(cmd.env().in().readAllBytes(), StandardCharsets.UTF_8), name);
      } else {
        Path path = Path.of(file);
        if (!Files.exists(path)) {
          throw new NoSuchFileException(file);
        }
        if (Files.isDirectory(path)) {
          throw CliException.usage(
              file + " is a directory",
              "-f takes the file of one object (or - for standard input)");
        }
        // one object is one document: at most codePointLimit code points, at most 4 bytes each in
        // UTF-8; a larger
        // file is refused before a byte of it is read
        long max = 4L * YamlReader.DEFAULT_CODE_POINT_LIMIT + 4;
        if (Files.isRegularFile(path) && Files.size(path) > max) {
          throw new CliException(
              ExitCodes.USAGE,
              "read_error",
              name + " is " + Files.size(path) + " bytes, more than"
                  + " one object can be (" + YamlReader.DEFAULT_CODE_POINT_LIMIT
                  + " code points, at most " + max
                  + " bytes)",
              "describe -f reads one object; give the object alone",
              null);
        }
        // the file is read as the Maven goals read it: streamed, with the size limit enforced while
        // reading
        // (a 200 MB object stops at the limit instead of being loaded first) and a binary file
        // reported as such
        all = new YamlReader().readAll(path);
      }
      docs = all.stream().filter(d -> !d.root().isNull()).toList();
    } catch (NoSuchFileException e) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          "cannot read " + name + ": no such file",
          "check the path given to -f",
          null);
    } catch (IOException e) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          "cannot read " + name + ": " + e.getMessage(),
          "check the file's path, permissions and encoding (UTF-8)",
          null);
    } catch (dev.workloadmap.sdk.yaml.NotTextException e) {
      throw new CliException(
              ExitCodes.USAGE,
              "read_error",
              "cannot read " + name + ": " + e.getMessage(),
              dev.workloadmap.sdk.yaml.NotTextException.HINT + "; -f reads one Kubernetes object",
              null)
          .at(e.location().orElse(null));
    } catch (YamlException e) {
      throw new CliException(
              ExitCodes.USAGE, "read_error", e.describe(), "fix the YAML of " + name, null)
          .at(e.location().orElse(null));
    }
    if (docs.isEmpty()) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          name + " holds no object",
          "give a file with one object",
          null);
    }
    if (object != null) {
      docs = List.of(pick(docs, object, name));
    }
    if (docs.size() > 1) {
      String example = docs.stream()
          .map(DescribeCommand::kindAndName)
          .filter(k -> k != null)
          .findFirst()
          .orElse("KIND/NAME");
      throw new CliException(
              ExitCodes.USAGE,
              "read_error",
              name + " holds more than one document (" + docs.size() + "): " + inventory(docs),
              "-f takes one object; pick it with --object KIND/NAME (for example --object "
                  + example + "), or split the file, one object per file",
              null)
          .at(docs.get(1).locate(""));
    }
    JsonNode root = docs.get(0).root();
    String apiVersion = root.path("apiVersion").asText("");
    String kind = root.path("kind").asText("");
    if (apiVersion.isEmpty() || kind.isEmpty()) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          name + ": the object needs apiVersion and kind",
          "describe -f reads a whole Kubernetes object",
          null);
    }
    return docs.get(0);
  }

  /** {@code Kind/name} of a document, or null when it has no textual kind or name. */
  private static String kindAndName(YamlDocument d) {
    JsonNode o = d.root();
    JsonNode kind = o.path("kind");
    JsonNode objectName = o.path("metadata").path("name");
    return kind.isTextual() && objectName.isTextual() && !kind.asText().isEmpty()
        ? kind.asText() + "/" + objectName.asText()
        : null;
  }

  /**
   * The one document of {@code docs} that {@code object} names: {@code KIND/NAME} (the kind compared without case, as
   * kubectl does) or {@code NAME} alone.
   *
   * @throws CliException a usage error when it names none of them or more than one
   */
  static YamlDocument pick(List<YamlDocument> docs, String object, String file) {
    int slash = object.indexOf('/');
    String kind = slash < 0 ? null : object.substring(0, slash);
    String objectName = slash < 0 ? object : object.substring(slash + 1);
    if (objectName.isEmpty() || (kind != null && (kind.isEmpty() || objectName.contains("/")))) {
      throw CliException.usage(
          "--object \"" + object + "\" is not KIND/NAME or NAME",
          "for example --object LeaderWorkerSet/lws");
    }
    List<YamlDocument> matches = new java.util.ArrayList<>();
    for (YamlDocument d : docs) {
      JsonNode o = d.root();
      boolean nameMatches = o.path("metadata").path("name").isTextual()
          && o.path("metadata").path("name").asText().equals(objectName);
      boolean kindMatches = kind == null
          || (o.path("kind").isTextual() && o.path("kind").asText().equalsIgnoreCase(kind));
      if (nameMatches && kindMatches) {
        matches.add(d);
      }
    }
    if (matches.size() == 1) {
      return matches.get(0);
    }
    String holds = file + " holds " + docs.size() + " document" + (docs.size() == 1 ? "" : "s")
        + ": " + inventory(docs);
    if (matches.isEmpty()) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          "--object " + object + " names none of the documents: " + holds,
          "give the kind and name of one of them, as KIND/NAME",
          null);
    }
    throw new CliException(
            ExitCodes.USAGE,
            "read_error",
            "--object " + object + " names " + matches.size() + " documents: " + inventory(matches),
            kind == null
                ? "give the kind too, as KIND/NAME"
                : "the file holds the same object more than once; keep one of them",
            null)
        .at(matches.get(1).locate(""));
  }

  /**
   * What a file of several documents holds, so that the user can tell which one to keep: {@code "v1 ConfigMap cm
   * (line 1), ray.io/v1 RayCluster rc (line 12)"}, the first five and the number of the others.
   */
  static String inventory(List<YamlDocument> docs) {
    StringBuilder sb = new StringBuilder();
    int shown = Math.min(docs.size(), 5);
    for (int i = 0; i < shown; i++) {
      YamlDocument d = docs.get(i);
      JsonNode o = d.root();
      if (i > 0) {
        sb.append(", ");
      }
      String apiVersion =
          o.path("apiVersion").isTextual() ? o.path("apiVersion").asText() : "";
      String kind = o.path("kind").isTextual() ? o.path("kind").asText() : "";
      String objectName = o.path("metadata").path("name").isTextual()
          ? o.path("metadata").path("name").asText()
          : "";
      String what = (apiVersion + " " + kind + " " + objectName).trim().replaceAll(" +", " ");
      sb.append(what.isEmpty() ? "a document without apiVersion and kind" : what);
      int line = d.locate("").line();
      if (line > 0) {
        sb.append(" (line ").append(line).append(')');
      }
    }
    if (docs.size() > shown) {
      sb.append(" and ").append(docs.size() - shown).append(" more");
    }
    return sb.toString();
  }

  /**
   * The definition covering {@code object}'s GVK: the catalog entry alone when no cluster and no {@code --definition}
   * is involved (read on demand), else the definition set (or another served version of its kind).
   */
  static DefinitionSet.Entry entryFor(BaseCommand cmd, JsonNode object, String name) {
    String apiVersion = object.path("apiVersion").asText("");
    String kind = object.path("kind").asText("");
    Gvk gvk = Gvk.of(apiVersion, kind);
    DefinitionSet.Entry given = cmd.extraDefinition();
    if (given != null
        && given.definition().rootGvk() != null
        && !(given.definition().rootGvk().group().equals(gvk.group())
            && given.definition().rootGvk().kind().equals(gvk.kind()))) {
      // never fall back silently to another definition than the one asked for
      throw CliException.usage(
          name + " is " + apiVersion + " " + kind + ", but the --definition given covers "
              + given.definition().rootGvk(),
          "give the definition of the object's kind, or leave --definition out");
    }
    DefinitionSet.Entry entry = cmd.catalogOnlyEntry(gvk);
    return entry != null ? entry : fromDefinitionSet(cmd, name, gvk, apiVersion, kind);
  }

  /** The definition of the whole definition set (docs/format.md#cli-resolution step 1) for an object of {@code gvk}. */
  private static DefinitionSet.Entry fromDefinitionSet(
      BaseCommand cmd, String name, Gvk gvk, String apiVersion, String kind) {
    DefinitionSet defs = cmd.definitions(false);
    DefinitionSet.Entry entry = defs.forGvk(gvk);
    if (entry == null) {
      // another served version of a covered kind; the group must match exactly
      List<Gvk> others = defs.gvksOfKind(kind, gvk.group(), null).stream()
          .filter(g -> g.kind().equals(kind))
          .toList();
      if (others.size() == 1) {
        entry = defs.forGvk(others.get(0));
      } else if (others.size() > 1) {
        throw CliException.usage(
            name + ": " + kind + " " + apiVersion + " is covered at several other versions: "
                + others,
            "give the object at one of those versions");
      }
    }
    if (entry == null) {
      throw TypeResolver.noDefinition(apiVersion + " " + kind, gvk);
    }
    return entry;
  }

  private DescribeView live() {
    Target t = target(typeToken, nameArg, "describe");
    LiveTree liveTree = liveTree(this, t.resolved(), t.object());
    String age = Ages.age(
        t.object().path("metadata").path("creationTimestamp").asText(""),
        Instant.now(env().clock()));
    PreparedDefinition p = new Workloads(wm()).prepare(t.resolved().definition().definition());
    return new DescribeView(
            liveTree.tree(),
            liveTree,
            t.resolved().definition().origin(),
            age,
            wm().gpuResourceName())
        .withReadiness(
            dev.workloadmap.sdk.scheduler.LiveReadiness.of(wm(), p, t.object(), liveTree));
  }

  /** The one object of {@code file} ({@code -} for standard input), for {@code describe -f} and {@code gangs -f}. */
  static LiveTree liveTree(BaseCommand cmd, TypeResolver.Resolved resolved, JsonNode object) {
    Cluster cluster = cmd.cluster();
    PreparedDefinition p = new Workloads(cmd.wm()).prepare(resolved.definition().definition());
    return cmd.wm()
        .attributePods(
            p,
            object,
            listPods(cluster, resolved.resource().namespaced() ? cluster.namespace() : null),
            ownerLookup(cluster));
  }

  /** Every pod of the namespace (every namespace for a cluster-scoped root), listed once from the watch cache. */
  private static List<JsonNode> listPods(Cluster cluster, String ns) {
    try {
      var opts = new ListOptionsBuilder().withResourceVersion("0").build();
      List<Pod> pods = ns == null
          ? cluster.client().pods().inAnyNamespace().list(opts).getItems()
          : cluster.client().pods().inNamespace(ns).list(opts).getItems();
      return pods.stream().map(Workloads::json).toList();
    } catch (KubernetesClientException e) {
      throw cluster.translate(e, "list pods" + (ns == null ? "" : " in namespace " + ns), "Pod");
    }
  }

  /**
   * Reads intermediate owners through discovery; an owner that cannot be read is empty (docs/format.md#owner-chain item
   * 2).
   */
  static OwnerLookup ownerLookup(Cluster cluster) {
    return (ns, ref) -> {
      try {
        Cluster.ApiResource r = cluster.ownerResource(ref.apiVersion(), ref.kind(), !ns.isEmpty());
        GenericKubernetesResource owner = cluster.get(r, ns, ref.name());
        return Optional.ofNullable(owner).map(Workloads::json);
      } catch (CliException | KubernetesClientException e) {
        return Optional.empty();
      }
    };
  }
}
