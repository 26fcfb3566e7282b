package dev.workloadmap.sdk.internal.jq;

import java.util.Map;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.Versions;

/**
 * The one root scope of the binding (libraries.md §3.1): jackson-jq's builtins for jq 1.6, each wrapped in a {@link
 * CheckedFunction}, with the binding's replacements put into the <em>same</em> scope. jackson-jq's jq-defined
 * builtins resolve the functions they call through the scope they were loaded into, so they pick up the
 * replacements too: {@code any/1} reaches the short-circuiting {@code any/2}, {@code recurse/0} the explicit-stack
 * {@code recurse/1}, {@code combinations/1} the budgeted {@code range/1}.
 *
 * <p>Built once (about 8 ms) and never modified afterwards, so it is shared by every thread; each evaluation gets its
 * own child scope from jackson-jq ({@code JsonQuery.apply} isolates the query's definitions and variables).
 */
final class RootScope {
  private RootScope() {}

  static final Version VERSION = Versions.JQ_1_6;

  private static final class Holder {
    static final Scope ROOT = build();
  }

  static Scope get() {
    return Holder.ROOT;
  }

  private static Scope build() {
    Scope root = Scope.newEmptyScope();
    BuiltinFunctionLoader loader = BuiltinFunctionLoader.getInstance();
    ClassLoader cl = BuiltinFunctionLoader.class.getClassLoader();
    Map<String, Function> natives = loader.loadFunctionsFromServiceLoader(cl, VERSION);
    // jq-defined builtins get `root` as their closure; natives win over a jq definition of the same
    // name
    Map<String, Function> all = loader.listFunctions(cl, VERSION, root);
    all.forEach(
        (key, fn) -> root.addFunction(key, new CheckedFunction(fn, natives.containsKey(key))));

    BudgetedRange range = new BudgetedRange();
    root.addFunction("range", 1, range);
    root.addFunction("range", 2, range);
    root.addFunction("range", 3, range);
    root.addFunction("recurse", 1, new Loops(Loops.Kind.RECURSE));
    root.addFunction("recurse", 2, new Loops(Loops.Kind.RECURSE_COND));
    root.addFunction("while", 2, new Loops(Loops.Kind.WHILE));
    root.addFunction("until", 2, new Loops(Loops.Kind.UNTIL));
    root.addFunction("limit", 2, new Generators.Limit());
    root.addFunction("last", 1, new Generators.Last());
    root.addFunction("nth", 2, new Generators.Nth());
    root.addFunction("any", 2, new Generators.AnyAll(true));
    root.addFunction("all", 2, new Generators.AnyAll(false));
    Generators.AnyAllOfElements anyOf = new Generators.AnyAllOfElements(true);
    Generators.AnyAllOfElements allOf = new Generators.AnyAllOfElements(false);
    root.addFunction("any", 0, anyOf);
    root.addFunction("any", 1, anyOf);
    root.addFunction("all", 0, allOf);
    root.addFunction("all", 1, allOf);
    root.addFunction("tostring", 0, new CheckedFunction(new SortedBuiltins.ToString(), false));
    root.addFunction("tojson", 0, new CheckedFunction(new SortedBuiltins.ToJson(), false));
    root.addFunction("keys", 0, new CheckedFunction(new SortedBuiltins.Keys(), false));
    root.addFunction("to_entries", 0, new CheckedFunction(new SortedBuiltins.ToEntries(), false));
    Paths paths = new Paths();
    root.addFunction("paths", 0, new CheckedFunction(paths, false));
    root.addFunction("paths", 1, new CheckedFunction(paths, false));
    root.addFunction("implode", 0, new CheckedFunction(new TextBuiltins.Implode(), false));
    root.addFunction(
        "indices", 1, indices(TextBuiltins.Indices.Which.ALL, root.getFunction("indices", 1)));
    root.addFunction(
        "index", 1, indices(TextBuiltins.Indices.Which.FIRST, root.getFunction("index", 1)));
    root.addFunction(
        "rindex", 1, indices(TextBuiltins.Indices.Which.LAST, root.getFunction("rindex", 1)));
    Re2Builtins.install(root, VERSION); // regular expressions on RE2/J instead of joni
    root.addFunction("ltrimstr", 1, new CheckedFunction(new TrimBuiltins(true), false));
    root.addFunction("rtrimstr", 1, new CheckedFunction(new TrimBuiltins(false), false));
    ErrorBuiltins error = new ErrorBuiltins();
    root.addFunction("error", 0, new CheckedFunction(error, false));
    root.addFunction("error", 1, new CheckedFunction(error, false));
    root.addFunction(IndexBuiltins.INDEX, 2, new CheckedFunction(new IndexBuiltins.Index(), false));
    root.addFunction("reverse", 0, new CheckedFunction(new IndexBuiltins.Reverse(), false));
    root.addFunction(
        "transpose",
        0,
        new CheckedFunction(
            new IndexBuiltins.ArraysOnly("transpose", root.getFunction("transpose", 0)), false));
    root.addFunction("isnan", 0, new CheckedFunction(new IndexBuiltins.IsNan(), false));
    root.addFunction(TryBuiltin.NAME, 2, new CheckedFunction(new TryBuiltin(), false));
    return root;
  }

  private static Function indices(TextBuiltins.Indices.Which which, Function jacksonJq) {
    return new CheckedFunction(new TextBuiltins.Indices(which, jacksonJq), false);
  }
}
