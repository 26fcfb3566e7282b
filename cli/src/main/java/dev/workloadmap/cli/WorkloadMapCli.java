package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.catalog.Catalog;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The {@code workloadmap} command line (docs/format.md#cli): the subcommands of {@link #SUBCOMMANDS} (messages that
 * name them read picocli's model, never a hand list), thin front-ends over the SDK and the built-in catalog. Exit
 * codes are those of {@link ExitCodes}; every failure is one message on stderr with a hint (with {@code -o json}, a
 * JSON error object on stdout), never a stack trace.
 */
@Command(
    name = "workloadmap",
    mixinStandardHelpOptions = true,
    versionProvider = WorkloadMapCli.Version.class,
    description =
        "See the structure, pods, status and resources of AI workloads through Workload Map (Karta)"
            + " definitions: the built-in catalog plus the cluster's Karta objects.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success (validate: valid)",
      "1:error (validate: invalid; unreachable, forbidden)",
      "2:usage or read error",
      "3:no definition covers the type",
      "4:the workload or its type is not in the cluster"
    })
public final class WorkloadMapCli implements Runnable {

  /**
   * The subcommands, in the order of {@code --help}. They are added to picocli's model by {@link #commandLine}, not
   * through {@link Command#subcommands}, so that a run of one command can build the model of that command alone
   * ({@link #commandFor}): picocli reads every annotated subcommand eagerly, which was a sixth of a {@code describe
   * -f}'s start-up.
   */
  static final List<Class<?>> SUBCOMMANDS = List.of(
      GetCommand.class,
      DescribeCommand.class,
      DefinitionsCommand.class,
      ValidateCommand.class,
      GangsCommand.class,
      VerifyCommand.class,
      RegisterCommand.class,
      UnregisterCommand.class,
      CompletionCommand.class,
      CommandLine.HelpCommand.class);

  final Env env;
  /** Where the catalog comes from; asked on the first {@link #catalog()} (a {@code --version} never asks). */
  private final Supplier<Catalog> catalogSource;

  private Catalog catalog;
  private WorkloadMap workloadMap;

  @Option(
      names = "--gpu-resource",
      paramLabel = "NAME",
      defaultValue = "nvidia.com/gpu",
      scope = CommandLine.ScopeType.INHERIT,
      description = "The resource counted as GPUs (default: ${DEFAULT-VALUE}).")
  String gpuResource;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  WorkloadMapCli(Env env, Supplier<Catalog> catalogSource) {
    this.env = env;
    this.catalogSource = catalogSource;
  }

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(),
        "a command is required: " + commandNames(spec) + " (see workloadmap --help)");
  }

  /** The subcommands' names, from picocli's model (never a hand list), {@code help} last. */
  static String commandNames(CommandLine.Model.CommandSpec spec) {
    java.util.List<String> names = new java.util.ArrayList<>();
    spec.subcommands().forEach((name, sub) -> {
      if (sub.getCommandSpec().name().equals(name)
          && !sub.getCommandSpec().usageMessage().hidden()) {
        names.add(name); // aliases are not repeated
      }
    });
    return String.join(", ", names);
  }

  WorkloadMap workloadMap() {
    if (workloadMap == null) {
      List<String> wrong = dev.workloadmap.sdk.internal.model.LabelSyntax.validateKey(gpuResource);
      if (!wrong.isEmpty()) {
        // an empty or misspelt name would count no GPU at all, silently
        throw CliException.usage(
            "--gpu-resource \"" + gpuResource + "\" is not a resource name: "
                + String.join("; ", wrong),
            "give the extended resource the pods request, for example --gpu-resource nvidia.com/gpu");
      }
      workloadMap = WorkloadMap.builder().gpuResourceName(gpuResource).build();
    }
    return workloadMap;
  }

  Catalog catalog() {
    if (catalog == null) {
      catalog = catalogSource.get();
    }
    return catalog;
  }

  /** Runs the CLI with the process's streams, clock and environment. */
  public static int run(String... args) {
    Env env = new Env(
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true),
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true),
        System.in,
        Clock.systemUTC(),
        System.getenv());
    // on demand: a command reads the catalog entries it needs (describe -f one), and only a command
    // that needs the catalog reads even its index (--version does not)
    return run(env, Catalog::builtInOnDemand, args);
  }

  /**
   * Runs the CLI in-process (tests, embedding): output goes to {@code env}'s writers, which are flushed.
   *
   * @return the exit code ({@link ExitCodes})
   */
  public static int run(Env env, Catalog catalog, String... args) {
    return run(env, () -> catalog, args);
  }

  private static int run(Env env, Supplier<Catalog> catalog, String... args) {
    CommandLine cmd = commandLine(env, catalog, commandFor(args));
    try {
      return cmd.execute(args);
    } finally {
      env.out().flush();
      env.err().flush();
    }
  }

  /**
   * The subcommands a run with {@code args} needs in picocli's model: {@link #SUBCOMMANDS} (the whole tree) unless the
   * run provably reads no other command's model, that is:
   *
   * <ul>
   *   <li>{@code args[0]} is exactly the name or an alias of a subcommand other than {@code help}: picocli then hands
   *       every later argument to that subcommand (none of ours has subcommands of its own, and the root's subcommands
   *       are not repeatable), so its parse, its errors and its {@code --help} are those of the whole tree. That
   *       subcommand alone.
   *   <li>{@code args} is just {@code --version} or {@code -V}: the root's version, no subcommand. None.
   * </ul>
   *
   * Anything else (no arguments, root help, an unknown or misspelt command, a root option before the command, {@code
   * help}) gets the whole tree, so that usage help, suggestions and the messages that list the commands read all of
   * them. {@code completion} builds the whole tree itself.
   */
  static List<Class<?>> commandFor(String... args) {
    if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
      return List.of();
    }
    if (args.length > 0) {
      for (Class<?> c : SUBCOMMANDS) {
        Command a = c.getAnnotation(Command.class);
        if (a.name().equals(args[0]) || java.util.Arrays.asList(a.aliases()).contains(args[0])) {
          return c == CommandLine.HelpCommand.class ? SUBCOMMANDS : List.of(c);
        }
      }
    }
    return SUBCOMMANDS;
  }

  /** The configured picocli command line with every subcommand (also used to generate the completion script). */
  static CommandLine commandLine(Env env, Catalog catalog) {
    return commandLine(env, catalog, SUBCOMMANDS);
  }

  /** The configured picocli command line with {@code subcommands} only (see {@link #commandFor}). */
  static CommandLine commandLine(Env env, Catalog catalog, List<Class<?>> subcommands) {
    return commandLine(env, () -> catalog, subcommands);
  }

  private static CommandLine commandLine(
      Env env, Supplier<Catalog> catalog, List<Class<?>> subcommands) {
    CommandLine cmd = new CommandLine(new WorkloadMapCli(env, catalog));
    // first, as picocli added them from the annotation: the settings below apply to the subcommands
    // present
    for (Class<?> c : subcommands) {
      cmd.addSubcommand(c);
    }
    cmd.setOut(env.out());
    cmd.setErr(env.err());
    cmd.setCaseInsensitiveEnumValuesAllowed(true);
    cmd.setExecutionExceptionHandler(WorkloadMapCli::handle);
    OutputOptions.install(cmd);
    // an unknown command or argument is a usage error even when --help is given with it: picocli
    // would print the
    // help of the command it did match (`workloadmap register --help` printed the top-level help
    // and exit 0)
    cmd.setExecutionStrategy(parse -> {
      for (ParseResult p = parse; p != null; p = p.subcommand()) {
        if (!p.unmatched().isEmpty()) {
          CommandLine at = p.commandSpec().commandLine();
          throw new CommandLine.UnmatchedArgumentException(at, p.unmatched());
        }
      }
      return new CommandLine.RunLast().execute(parse);
    });
    cmd.setParameterExceptionHandler((ex, args) -> {
      PrintWriter err = ex.getCommandLine().getErr();
      CommandLine.Model.CommandSpec at = ex.getCommandLine().getCommandSpec();
      String unknown = unknownCommand(ex);
      if (unknown != null && at.subcommands().containsKey(unknown)) {
        // a command's name where picocli reads arguments only: after "--"
        err.println(
            "error: \"" + unknown + "\" after \"--\" is read as an argument, not a command");
        err.println("hint: leave out the --: " + at.qualifiedName() + " " + unknown + " ...");
        return ExitCodes.USAGE;
      }
      if (unknown == null
          && ex.getMessage() != null
          && ex.getMessage().startsWith("Unknown subcommand '")
          && ex.getValue() != null) {
        // `help NAME` of a command that does not exist (picocli's help command): as an unknown
        // command
        // of the command whose subcommands help lists
        unknown = ex.getValue();
        while (at.subcommands().isEmpty() && at.parent() != null) {
          at = at.parent();
        }
      }
      if (unknown != null) {
        // a command that does not exist: name it, suggest the closest with the SDK's one suggester,
        // exit 2
        String suggestion = dev.workloadmap.schema.internal.NameSuggester.suggest(
            unknown, at.subcommands().keySet());
        err.println("error: unknown command \"" + unknown + "\""
            + (at.parent() == null ? "" : " for " + at.qualifiedName()));
        err.println("hint: " + (suggestion == null ? "" : "did you mean " + suggestion + "? ")
            + "the commands are " + commandNames(at) + " (see " + at.qualifiedName() + " --help)");
        return ExitCodes.USAGE;
      }
      if (at.findOption("--output") != null && asksForJson(args)) {
        // the command's -o json asks for errors as JSON on stdout; a usage error is one too
        CliException e =
            CliException.usage(ex.getMessage(), "see " + at.qualifiedName() + " --help");
        ex.getCommandLine().getOut().print(Output.JSON.write(jsonError(e, ex.getCommandLine())));
        ex.getCommandLine().getOut().flush();
        return ExitCodes.USAGE;
      }
      err.println("error: " + ex.getMessage());
      err.println("hint: see " + at.qualifiedName() + " --help");
      return ExitCodes.USAGE;
    });
    return cmd;
  }

  /**
   * True when {@code args} hold {@code -o json} in one of the forms picocli accepts ({@code -o json}, {@code -ojson},
   * {@code -o=json}, {@code --output json}, {@code --output=json}), before any {@code --}.
   */
  static boolean asksForJson(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        return false;
      }
      String value = null;
      if ((a.equals("-o") || a.equals("--output")) && i + 1 < args.length) {
        value = args[i + 1];
      } else if (a.startsWith("--output=")) {
        value = a.substring("--output=".length());
      } else if (a.startsWith("-o=")) {
        value = a.substring(3);
      } else if (a.startsWith("-o") && !a.startsWith("--")) {
        value = a.substring(2);
      }
      if (value != null && value.trim().equalsIgnoreCase("json")) {
        return true;
      }
    }
    return false;
  }

  /** The word given where a command was expected, when that is what {@code ex} is about; else null. */
  private static String unknownCommand(ParameterException ex) {
    if (!(ex instanceof CommandLine.UnmatchedArgumentException u)) {
      return null;
    }
    CommandLine.Model.CommandSpec at = ex.getCommandLine().getCommandSpec();
    if (at.subcommands().isEmpty() || u.getUnmatched().isEmpty()) {
      return null;
    }
    String first = u.getUnmatched().get(0);
    return first.startsWith("-") ? null : first;
  }

  private static int handle(Exception ex, CommandLine cmd, ParseResult parse) {
    Object user = cmd.getCommand();
    boolean json = user instanceof BaseCommand b && b.jsonErrors();
    CliException e;
    if (ex instanceof CliException c) {
      e = c;
    } else if (ex instanceof WorkloadMapException w) {
      e = new CliException(
              ExitCodes.ERROR,
              "error",
              w.describe(),
              "fix what the message names, then run " + cmd.getCommandSpec().qualifiedName()
                  + " again (--help lists the options)",
              null)
          .at(w.location().orElse(null));
    } else if (ex instanceof UncheckedIOException u) {
      e = new CliException(
          ExitCodes.USAGE,
          "read_error",
          u.getCause().getMessage(),
          "check the file's path and" + " permissions",
          null);
    } else {
      throw new IllegalStateException(ex);
    }
    if (json) {
      cmd.getOut().print(Output.JSON.write(jsonError(e, cmd)));
    } else {
      cmd.getErr().println("error: " + e.getMessage());
      // every error carries its hint; a CliException without one falls back to the command's help
      cmd.getErr()
          .println("hint: "
              + (e.hint() != null
                  ? e.hint()
                  : "see " + cmd.getCommandSpec().qualifiedName() + " --help"));
    }
    if (user instanceof BaseCommand b) {
      b.printWarningsAfter(e.getMessage());
    }
    return e.exitCode();
  }

  /**
   * The {@code -o json} form of an error: {@code error} (the stable id), {@code type} (the TYPE token or GVK the error
   * is about, null when it is about none), {@code message}, then {@code file}, {@code line}, {@code column} and {@code
   * pointer} where the place is known, and {@code hint}. Every key but the location is always present.
   */
  static ObjectNode jsonError(CliException e, CommandLine cmd) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("error", e.errorId());
    o.put("type", e.type());
    o.put("message", e.getMessage());
    dev.workloadmap.sdk.yaml.SourceLocation at = e.location();
    if (at != null) {
      o.put("file", at.file());
      if (at.line() > 0) {
        o.put("line", at.line());
        o.put("column", at.column());
      }
      if (!at.pointer().isEmpty()) {
        o.put("pointer", at.pointer());
      }
    }
    o.put(
        "hint",
        e.hint() != null ? e.hint() : "see " + cmd.getCommandSpec().qualifiedName() + " --help");
    return o;
  }

  /** The version from the jar's {@code workloadmap-cli.properties}. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      Properties p = new Properties();
      try (InputStream in = WorkloadMapCli.class.getResourceAsStream(
          "/META-INF/workloadmap/workloadmap-cli.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new String[] {"workloadmap " + p.getProperty("version", "unknown")};
    }
  }
}
