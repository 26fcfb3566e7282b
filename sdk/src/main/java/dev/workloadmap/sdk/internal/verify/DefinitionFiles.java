package dev.workloadmap.sdk.internal.verify;

import dev.workloadmap.sdk.verify.CrdLookup;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The definition files of a path, as {@code workloadmap:validate} and {@code workloadmap validate} read it: the path
 * itself when it is a file; else every {@code .yaml}, {@code .yml} or {@code .json} file below it, sorted, outside
 * {@code fixtures} folders and except a definition's {@code crd.yaml}. Not API.
 */
public final class DefinitionFiles {

  private DefinitionFiles() {}

  /** The files; empty when {@code root} is neither a file nor a folder. */
  public static List<Path> of(Path root) throws IOException {
    if (Files.isRegularFile(root)) {
      return List.of(root);
    }
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    List<Path> out = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        return dir.getFileName() != null
                && dir.getFileName().toString().equals("fixtures")
                && !dir.equals(root)
            ? FileVisitResult.SKIP_SUBTREE
            : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (attrs.isRegularFile() && !file.equals(root) && name.equals(CrdLookup.CRD_FILE)) {
          return FileVisitResult.CONTINUE; // a definition's CRD, not a definition
        }
        if (attrs.isRegularFile()
            && (name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json"))) {
          out.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    out.sort(null);
    return out;
  }
}
