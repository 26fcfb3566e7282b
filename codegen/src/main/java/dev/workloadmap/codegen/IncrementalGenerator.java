package dev.workloadmap.codegen;

import dev.workloadmap.sdk.WorkloadMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Generates accessors into folders, skipping the work when nothing changed: a stamp file records a SHA-256 of every
 * input (each definition file's name and bytes, the options, the output folders, the tool version and the
 * generator's own code) and the files written. While the stamp matches and those files exist, nothing is read or
 * written. Otherwise every file is generated, written only when its bytes differ (so timestamps of unchanged files
 * stay), files of the previous run that are no longer generated are deleted, and the stamp is rewritten.
 */
public final class IncrementalGenerator {

  private static final String STAMP_HEADER =
      "# workloadmap-codegen stamp: accessors are regenerated when the inputs change";

  private IncrementalGenerator() {}

  /**
   * One generation.
   *
   * @param baseDirectory generated Javadoc names definition files relative to this folder (usually the project's)
   * @param definitionFiles the definition files, for example from {@link DefinitionSelection#select}
   * @param options package and class-name overrides
   * @param sourceDirectory where {@code .java} files go (a compile source root)
   * @param resourceDirectory where the bundled definitions go (a resource folder)
   * @param stampFile the stamp of the last generation
   * @param toolVersion the calling tool's version (for example the Maven plugin's), part of the stamp
   * @param force generate even when the stamp matches
   */
  public record Request(
      Path baseDirectory,
      List<Path> definitionFiles,
      CodegenOptions options,
      Path sourceDirectory,
      Path resourceDirectory,
      Path stampFile,
      String toolVersion,
      boolean force) {
    public Request {
      Objects.requireNonNull(baseDirectory, "baseDirectory");
      definitionFiles = List.copyOf(definitionFiles);
      Objects.requireNonNull(options, "options");
      Objects.requireNonNull(sourceDirectory, "sourceDirectory");
      Objects.requireNonNull(resourceDirectory, "resourceDirectory");
      Objects.requireNonNull(stampFile, "stampFile");
      toolVersion = toolVersion == null ? "" : toolVersion;
    }
  }

  /**
   * What a generation did.
   *
   * @param upToDate true when the stamp matched and nothing was generated
   * @param classes the number of generated classes (also when up to date)
   * @param written files whose bytes changed or that are new
   * @param deleted files of the previous generation that are no longer generated
   */
  public record Result(boolean upToDate, int classes, List<Path> written, List<Path> deleted) {
    public Result {
      written = List.copyOf(written);
      deleted = List.copyOf(deleted);
    }
  }

  /**
   * Runs {@code request}.
   *
   * @throws CodegenException a definition is invalid or names collide (every problem, with file:line:column)
   * @throws UncheckedIOException a file cannot be read or written
   */
  public static Result run(WorkloadMap workloadMap, Request request) {
    List<byte[]> contents = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Path f : request.definitionFiles()) {
      names.add(displayName(request.baseDirectory(), f));
      try {
        contents.add(Files.readAllBytes(f));
      } catch (IOException e) {
        throw new CodegenException(
            List.of(f + ": cannot read the definition file: " + e.getMessage()));
      }
    }
    String hash = inputHash(request, names, contents);
    List<String> previous = readStamp(request.stampFile(), hash);
    if (!request.force() && previous != null && allExist(request, previous)) {
      int classes = (int) previous.stream().filter(l -> l.startsWith("source ")).count();
      return new Result(true, classes, List.of(), List.of());
    }
    List<DefinitionSource> sources = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      try {
        sources.add(DefinitionSource.parse(
            workloadMap, new String(contents.get(i), StandardCharsets.UTF_8), names.get(i)));
      } catch (CodegenException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new CodegenException(problems);
    }
    List<GeneratedFile> files = new AccessorGenerator(request.options()).generate(sources);
    List<Path> written = new ArrayList<>();
    Set<String> now = new LinkedHashSet<>();
    try {
      for (GeneratedFile f : files) {
        String entry = entry(f);
        now.add(entry);
        Path target = target(request, entry);
        if (!Files.isRegularFile(target)
            || !Arrays.equals(Files.readAllBytes(target), f.content())) {
          Files.createDirectories(target.getParent());
          Files.write(target, f.content());
          written.add(target);
        }
      }
      List<Path> deleted = new ArrayList<>();
      for (String old : readStampEntries(request.stampFile())) {
        if (!now.contains(old) && Files.deleteIfExists(target(request, old))) {
          deleted.add(target(request, old));
        }
      }
      StringBuilder stamp = new StringBuilder(STAMP_HEADER)
          .append('\n')
          .append("inputs ")
          .append(hash)
          .append('\n');
      now.forEach(e -> stamp.append(e).append('\n'));
      Files.createDirectories(request.stampFile().toAbsolutePath().getParent());
      Files.writeString(request.stampFile(), stamp, StandardCharsets.UTF_8);
      int classes = (int)
          files.stream().filter(f -> f.kind() == GeneratedFile.Kind.SOURCE).count();
      return new Result(false, classes, written, deleted);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code file} relative to {@code base} with {@code /} separators, or absolute when it is elsewhere on Windows. */
  public static String displayName(Path base, Path file) {
    Path b = base.toAbsolutePath().normalize();
    Path f = file.toAbsolutePath().normalize();
    try {
      return DefinitionSelection.slashed(b.relativize(f));
    } catch (IllegalArgumentException e) {
      return DefinitionSelection.slashed(f);
    }
  }

  private static String entry(GeneratedFile f) {
    return (f.kind() == GeneratedFile.Kind.SOURCE ? "source " : "resource ") + f.path();
  }

  private static Path target(Request r, String entry) {
    return entry.startsWith("source ")
        ? r.sourceDirectory().resolve(entry.substring("source ".length()))
        : r.resourceDirectory().resolve(entry.substring("resource ".length()));
  }

  private static boolean allExist(Request r, List<String> entries) {
    return entries.stream().allMatch(e -> Files.isRegularFile(target(r, e)));
  }

  /** The file entries of the stamp when its input hash is {@code hash}, else null. */
  private static List<String> readStamp(Path stamp, String hash) {
    if (!Files.isRegularFile(stamp)) {
      return null;
    }
    try {
      List<String> lines = Files.readAllLines(stamp, StandardCharsets.UTF_8);
      if (lines.size() < 2 || !lines.get(1).equals("inputs " + hash)) {
        return null;
      }
      return lines.subList(2, lines.size()).stream().filter(l -> !l.isBlank()).toList();
    } catch (IOException e) {
      return null;
    }
  }

  private static List<String> readStampEntries(Path stamp) {
    if (!Files.isRegularFile(stamp)) {
      return List.of();
    }
    try {
      List<String> lines = Files.readAllLines(stamp, StandardCharsets.UTF_8);
      return lines.stream()
          .filter(l -> l.startsWith("source ") || l.startsWith("resource "))
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static String inputHash(Request r, List<String> names, List<byte[]> contents) {
    MessageDigest md = sha256();
    update(md, "format " + AccessorGenerator.FORMAT_VERSION);
    update(md, "tool " + r.toolVersion());
    update(md, "generator " + GeneratorCode.FINGERPRINT);
    update(md, r.options().canonical());
    update(md, "sources " + r.sourceDirectory().toAbsolutePath().normalize());
    update(md, "resources " + r.resourceDirectory().toAbsolutePath().normalize());
    for (int i = 0; i < names.size(); i++) {
      update(md, "definition " + names.get(i));
      update(md, HexFormat.of().formatHex(sha256().digest(contents.get(i))));
    }
    return HexFormat.of().formatHex(md.digest());
  }

  private static void update(MessageDigest md, String s) {
    md.update(s.getBytes(StandardCharsets.UTF_8));
    md.update((byte) '\n');
  }

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /**
   * A SHA-256 of the generator's own code (its jar, or its class folder in a development build), so that a changed
   * generator of the same version (a snapshot) regenerates too.
   */
  static final class GeneratorCode {
    static final String FINGERPRINT = compute();

    private GeneratorCode() {}

    private static String compute() {
      try {
        CodeSource cs = AccessorGenerator.class.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
          return "unknown";
        }
        Path p = Path.of(cs.getLocation().toURI());
        MessageDigest md = sha256();
        if (Files.isDirectory(p)) {
          try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
              update(md, DefinitionSelection.slashed(p.relativize(f)));
              md.update(Files.readAllBytes(f));
            }
          }
        } else if (Files.isRegularFile(p)) {
          md.update(Files.readAllBytes(p));
        }
        return HexFormat.of().formatHex(md.digest());
      } catch (IOException | URISyntaxException | IllegalArgumentException | SecurityException e) {
        return "unknown";
      }
    }
  }
}
