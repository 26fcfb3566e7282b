package dev.workloadmap.cli;

import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code -o/--output FORMAT}, the one declaration shared by every command that prints a view ({@code get},
 * {@code describe}, {@code definitions}, {@code gangs}) or a report ({@code validate}). Each command names its formats
 * once ({@link Formatted}), the default first; that list is what the option's help shows, what shell completion offers
 * and what {@link #format()} accepts, and a value outside it is the same usage error everywhere: {@code --output "X"
 * must be one of a, b, c}.
 */
final class OutputOptions {

  /** A command with {@code -o}: the formats it accepts, the default first. */
  interface Formatted {
    List<String> outputFormats();

    /** What the formats beyond table, json and yaml mean, for the help (or empty). */
    default String outputFormatsNote() {
      return "";
    }
  }

  static final List<String> VIEW = List.of("table", "json", "yaml");

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "table",
      description = "The output format (default: ${DEFAULT-VALUE}).")
  String output;

  private List<String> allowed = VIEW;

  /** True when failures should be a JSON object on stdout ({@code -o json}). */
  boolean json() {
    return "json".equalsIgnoreCase(output == null ? "" : output.trim());
  }

  /**
   * The format given, lower case, checked against the command's formats.
   *
   * @throws CliException a usage error naming the accepted values
   */
  String format() {
    String v = output == null ? allowed.get(0) : output.trim().toLowerCase(Locale.ROOT);
    if (!allowed.contains(v)) {
      throw CliException.usage(
          "--output \"" + output + "\" must be one of " + String.join(", ", allowed),
          "for example -o " + (allowed.contains("json") ? "json" : allowed.get(0)));
    }
    return v;
  }

  /** {@link #format()} as a view format ({@code table}, {@code wide}, {@code json}, {@code yaml}), or null. */
  Output view() {
    String v = format();
    for (Output o : Output.values()) {
      if (o.name().toLowerCase(Locale.ROOT).equals(v)) {
        return o;
      }
    }
    return null;
  }

  /**
   * Gives every command of {@code root} that is {@link Formatted} its formats: the accepted list, the help text and the
   * completion candidates of its {@code -o} come from that one list.
   */
  static void install(CommandLine root) {
    for (CommandLine sub : root.getSubcommands().values()) {
      if (!(sub.getCommand() instanceof Formatted f)) {
        continue;
      }
      CommandSpec spec = sub.getCommandSpec();
      OutputOptions mixin = (OutputOptions) spec.mixins().values().stream()
          .map(CommandSpec::userObject)
          .filter(OutputOptions.class::isInstance)
          .findFirst()
          .orElseThrow(() -> new IllegalStateException(
              spec.name() + " is Formatted but has no OutputOptions mixin"));
      mixin.allowed = List.copyOf(f.outputFormats());
      OptionSpec old = spec.findOption("--output");
      String list = String.join(", ", mixin.allowed);
      String note = f.outputFormatsNote().isEmpty() ? "" : "; " + f.outputFormatsNote();
      OptionSpec rebuilt = OptionSpec.builder(old)
          .defaultValue(mixin.allowed.get(0))
          .description("One of " + list + note + " (default: ${DEFAULT-VALUE}).")
          .completionCandidates(mixin.allowed)
          .build();
      spec.remove(old);
      spec.addOption(rebuilt);
    }
  }
}
