import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Build step of the CLI's runnable jar (run by its POM with the JDK's source launcher and ASM on the class path):
 * rewrites the class files under a prefix ({@code picocli/}) whose class-file version is below 50 (Java 6) to version
 * 52 (Java 8) with stack map frames computed by ASM, and nothing else: the same instructions, constants, attributes and
 * entry order. picocli ships Java 5 class files; the JVM cannot verify those when it dumps the class-data archive, so
 * it verified picocli's some 150 classes at every start with the old type-inferencing verifier (about 10 ms of a CLI
 * call). Version 52 classes are verified once, at dump time, and archived verified.
 *
 * <p>Every rewritten class is then loaded, linked (which verifies it with the JVM's type-checking verifier) and
 * initialised from the new jar in a class loader of its own; a class that does not verify fails the build. Arguments:
 * the jar (rewritten in place) and the prefix.
 */
public final class UpgradeClassFiles {

  private UpgradeClassFiles() {}

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args[0]);
    String prefix = args[1];
    Path tmp = jar.resolveSibling(jar.getFileName() + ".upgrading");
    List<String> rewritten = new ArrayList<>();
    try (URLClassLoader original = new URLClassLoader(
            new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        ZipFile zip = new ZipFile(jar.toFile());
        OutputStream o = Files.newOutputStream(tmp);
        ZipOutputStream out = new ZipOutputStream(o)) {
      for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements(); ) {
        ZipEntry e = en.nextElement();
        byte[] b;
        try (InputStream in = zip.getInputStream(e)) {
          b = in.readAllBytes();
        }
        if (!e.isDirectory()
            && e.getName().startsWith(prefix)
            && e.getName().endsWith(".class")
            && major(b) < 50) {
          b = upgrade(b, original);
          rewritten.add(e.getName());
        }
        ZipEntry copy = new ZipEntry(e.getName());
        copy.setTime(e.getTime());
        out.putNextEntry(copy);
        out.write(b);
        out.closeEntry();
      }
    }
    verify(tmp, rewritten);
    Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
    System.out.println(
        "upgraded " + rewritten.size() + " class files under " + prefix + " to version 52");
  }

  private static int major(byte[] classFile) {
    return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
  }

  private static byte[] upgrade(byte[] classFile, ClassLoader types) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
      @Override
      protected ClassLoader getClassLoader() {
        return types; // the common super class of two types in a frame: looked up in the jar itself
      }
    };
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public void visit(
              int version,
              int access,
              String name,
              String signature,
              String superName,
              String[] interfaces) {
            super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
          }
        },
        0);
    return writer.toByteArray();
  }

  /** Loads, links (verifies) and initialises every rewritten class from {@code jar}. */
  private static void verify(Path jar, List<String> classFiles) throws IOException {
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      for (String f : classFiles) {
        String name = f.substring(0, f.length() - ".class".length()).replace('/', '.');
        try {
          Class.forName(name, true, loader);
        } catch (ClassNotFoundException | VerifyError | ClassFormatError e) {
          throw new IllegalStateException(f + " does not verify after the upgrade: " + e, e);
        } catch (ExceptionInInitializerError e) {
          // verified and linked; its initialiser needs a context it does not have here
        }
      }
    }
  }
}
