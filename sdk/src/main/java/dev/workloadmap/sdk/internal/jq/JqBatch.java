package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqParseException;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.spi.JqEngine;
import java.util.List;

/**
 * Expressions that are evaluated one after another on one input, such as the matchers of a status definition: each
 * gives what {@link JqProgram#apply} of the engine's program gives (the same results, the same errors), and the
 * sub-expressions they share ({@code .spec.suspend == true}, {@code .status.conditions}) are evaluated once per input
 * by {@link FastEval#ofAll}. An expression the evaluator gives up on, and every expression on an interrupted thread,
 * is the program's. Immutable and thread-safe; a {@link Session} is for one thread.
 */
public final class JqBatch {
  private final JqEngine engine;
  private final int maxResults;
  private final List<String> expressions;
  /** The engine's program per expression; null for one that does not parse (it fails when evaluated). */
  private final JqProgram[] programs;

  private final FastEval[] fast;

  JqBatch(JqEngine engine, int maxResults, List<String> expressions) {
    this.engine = engine;
    this.maxResults = maxResults;
    this.expressions = List.copyOf(expressions);
    this.programs = new JqProgram[this.expressions.size()];
    for (int i = 0; i < programs.length; i++) {
      try {
        programs[i] = engine.compile(this.expressions.get(i));
      } catch (JqParseException e) {
        programs[i] = null; // reported where it is evaluated, as before
      }
    }
    this.fast = FastEval.ofAll(this.expressions);
    for (int i = 0; i < programs.length; i++) {
      if (programs[i] == null) {
        fast[i] = null;
      }
    }
  }

  /**
   * The batch of {@code expressions} on {@code engine}, or null when the engine is not the SDK's own (then evaluate
   * each program as usual).
   */
  public static JqBatch of(JqEngine engine, List<String> expressions) {
    return engine instanceof JacksonJqEngine j ? j.batch(expressions) : null;
  }

  /** The expressions, in order. */
  public List<String> expressions() {
    return expressions;
  }

  /** The index of {@code expression} (the same string object first, else an equal one), or -1. */
  public int indexOf(String expression) {
    for (int i = 0; i < expressions.size(); i++) {
      if (expressions.get(i) == expression) {
        return i;
      }
    }
    return expressions.indexOf(expression);
  }

  /** Evaluations of this batch's expressions on {@code input}, in one thread. */
  public Session session(JqInput input) {
    return new Session(input);
  }

  /** This batch's evaluations on one input: not thread-safe. */
  public final class Session {
    private final JqInput input;
    private FastEval.Memo memo;

    private Session(JqInput input) {
      this.input = java.util.Objects.requireNonNull(input, "input");
    }

    /**
     * What {@code engine.compile(expression).apply(input)} gives, for any expression: a batch's by its index, another
     * on its own.
     *
     * @throws dev.workloadmap.sdk.jq.JqException as that does
     */
    public List<JsonNode> apply(String expression) {
      int i = indexOf(expression);
      return i < 0 ? engine.compile(expression).apply(input) : apply(i, false);
    }

    /**
     * What {@code engine.compile(expressions().get(i)).apply(input)} gives.
     *
     * @throws dev.workloadmap.sdk.jq.JqException as that does
     */
    public List<JsonNode> apply(int i) {
      return apply(i, false);
    }

    /**
     * As {@link #apply}, with results that the evaluator took from the caller's tree as that tree holds them (its key
     * order, its numbers as read) instead of in the canonical form ({@link JqInput}): for a caller that reads only
     * what neither can change (the text of a field).
     */
    public List<JsonNode> applyAsGiven(int i) {
      return apply(i, true);
    }

    /**
     * The first result of {@link #apply}, or null when there is none: without a result list where the expression
     * always gives one value.
     *
     * @throws dev.workloadmap.sdk.jq.JqException as {@link #apply} does
     */
    public JsonNode first(int i) {
      FastEval f = fast[i];
      if (f != null && programs[i] != null && !Thread.currentThread().isInterrupted()) {
        if (memo == null) {
          memo = f.memo();
        }
        JsonNode one = f.applyOne(input, maxResults, memo);
        if (one != null) {
          return one;
        }
      }
      List<JsonNode> all = apply(i, false);
      return all.isEmpty() ? null : all.get(0);
    }

    private List<JsonNode> apply(int i, boolean asGiven) {
      JqProgram program = programs[i];
      if (program == null) {
        return engine.compile(expressions.get(i)).apply(input); // throws the parse error
      }
      FastEval f = fast[i];
      if (f != null && !Thread.currentThread().isInterrupted()) {
        if (memo == null) {
          memo = f.memo();
        }
        List<JsonNode> results = f.apply(input, maxResults, memo, asGiven);
        if (results != null) {
          return results;
        }
      }
      return program.apply(input);
    }
  }
}
