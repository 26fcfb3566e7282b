package dev.workloadmap.cli;

import picocli.CommandLine.Option;

/**
 * {@code --object KIND/NAME}: the one document of a multi-document file given to {@code -f} (a LeaderWorkerSet shipped
 * with its Service), picked by {@link DescribeCommand#pick}. A picocli mixin: {@code describe} and {@code gangs} carry
 * it.
 */
final class DocumentOption {

  @Option(
      names = "--object",
      paramLabel = "KIND/NAME",
      description =
          "With -f: the one document of a file of several to read, by kind and name"
              + " (LeaderWorkerSet/lws; the kind in any case), or by name alone when no other document has it.")
  String object;

  /**
   * The value given, after checking it goes with {@code -f}.
   *
   * @param file the value of {@code -f}, or null
   * @return the value of {@code --object}, or null when it was not given
   * @throws CliException a usage error when {@code --object} is given without {@code -f}
   */
  String forFile(String file) {
    if (object != null && file == null) {
      throw CliException.usage(
          "--object picks one document of the file given to -f, and no -f was given",
          "give the file too: -f FILE --object " + object);
    }
    return object;
  }
}
