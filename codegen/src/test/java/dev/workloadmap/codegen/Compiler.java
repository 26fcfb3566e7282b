package dev.workloadmap.codegen;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Writes generated files to a folder and compiles the sources in process with javax.tools. */
final class Compiler {
  private Compiler() {}

  /** What javac said: success, and every diagnostic as {@code file:line: kind: message}. */
  record Result(boolean success, List<String> diagnostics, Path classes) {}

  /** Writes {@code files} under {@code dir} (sources in {@code src}, resources in {@code classes}). */
  static void write(List<GeneratedFile> files, Path dir) throws IOException {
    for (GeneratedFile f : files) {
      Path target =
          dir.resolve(f.kind() == GeneratedFile.Kind.SOURCE ? "src" : "classes").resolve(f.path());
      Files.createDirectories(target.getParent());
      Files.write(target, f.content());
    }
  }

  /**
   * Compiles every source written by {@link #write} at {@code --release 17} with every lint and doclint check as an
   * error, against the test class path (the SDK and its dependencies).
   */
  static Result compile(List<GeneratedFile> files, Path dir) throws IOException {
    write(files, dir);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<File> sources = new ArrayList<>();
    for (GeneratedFile f : files) {
      if (f.kind() == GeneratedFile.Kind.SOURCE) {
        sources.add(dir.resolve("src").resolve(f.path()).toFile());
      }
    }
    try (StandardJavaFileManager fm =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = List.of(
          "--release",
          "17",
          "-encoding",
          "UTF-8",
          "-proc:none",
          "-Xlint:all",
          "-Werror",
          "-Xdoclint:all/protected",
          "-classpath",
          classPath(),
          "-d",
          classes.toString());
      StringWriter out = new StringWriter();
      boolean ok = javac
          .getTask(out, fm, diagnostics, options, null, fm.getJavaFileObjectsFromFiles(sources))
          .call();
      List<String> messages = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        messages.add(
            (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ": ")
                + d.getKind() + ": " + d.getMessage(Locale.ROOT));
      }
      return new Result(ok, messages, classes);
    }
  }

  /** Surefire's full test class path (java.class.path may be only its manifest jar). */
  static String classPath() {
    String cp = System.getProperty("surefire.test.class.path");
    return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
  }

  /** A class loader over the compiled classes and resources, child of the test's. */
  static URLClassLoader loader(Path classes) {
    try {
      return new URLClassLoader(
          new URL[] {classes.toUri().toURL()}, Compiler.class.getClassLoader());
    } catch (MalformedURLException e) {
      throw new UncheckedIOException(e);
    }
  }
}
