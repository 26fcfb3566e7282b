package dev.workloadmap.sdk.internal.status;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.ConditionsDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.ExpectedCondition;
import dev.workloadmap.sdk.definition.StatusDefinition.StatusMatcher;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.internal.jq.JqBatch;
import dev.workloadmap.sdk.internal.jq.LazyBatch;
import dev.workloadmap.sdk.internal.jq.RecentByIdentity;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.status.Condition;
import dev.workloadmap.sdk.status.StatusException;
import dev.workloadmap.sdk.status.StatusResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a component's status (docs/format.md#status): phase, conditions, and every status whose matchers hold, in the
 * order of docs/format.md#legacy-mapping, or {@code [Undefined]}.
 *
 * <p>By default each failing path or matcher becomes a problem and counts as not matching (error containment,
 * FC-35); in strict mode the first failure throws {@link StatusException} like the reference.
 */
public final class StatusEvaluator {

  private final JqEngine engine;
  private final boolean strict;
  /**
   * The plans of the status definitions evaluated last, looked up by identity (a few: an application resolves a few
   * kinds); a miss makes the plan again, from the engine's cached programs and batch.
   */
  private final RecentByIdentity<StatusDefinition, Plan> plans = new RecentByIdentity<>(8);

  /** Makes a plan on this evaluator's engine (one function, not one per evaluation). */
  private final java.util.function.Function<StatusDefinition, Plan> newPlan;

  public StatusEvaluator(JqEngine engine) {
    this(engine, false);
  }

  public StatusEvaluator(JqEngine engine, boolean strict) {
    this.engine = engine;
    this.strict = strict;
    this.newPlan = s -> new Plan(s, engine);
  }

  /**
   * The status of {@code component} on {@code object}, or null when it has no status definition (docs/format.md#status
   * item 1).
   *
   * @throws StatusException in strict mode, on the first evaluation error
   */
  public StatusResult evaluate(Definition d, ComponentDefinition component, JqInput object) {
    return evaluate(d, component, object, null);
  }

  /**
   * Sees each part of each matcher as the evaluation reaches it (matchers are ORed and stop at the first that holds;
   * the parts of a matcher are ANDed and stop at the first that fails), for coverage. {@code part} is {@code
   * byPhase}, {@code byConditions/<i>}, {@code byExpression}, or {@code ""} for the matcher as a whole.
   */
  @FunctionalInterface
  public interface MatcherObserver {
    void evaluated(WorkloadStatus status, int matcher, String part, boolean result);
  }

  /**
   * Like {@link #evaluate(Definition, ComponentDefinition, JqInput)}, telling {@code observer} (may be null) every
   * matcher part it evaluates and its outcome.
   */
  public StatusResult evaluate(
      Definition d, ComponentDefinition component, JqInput object, MatcherObserver observer) {
    StatusDefinition s = component.statusDefinition();
    if (s == null) {
      return null;
    }
    Plan plan = plans.get(s, newPlan);
    JqBatch batch = plan.batch.get();
    JqBatch.Session session = batch == null ? null : batch.session(object);
    List<EvaluationProblem> problems = new ArrayList<>();
    String phase = null;
    if (s.phasePath() != null) {
      try {
        List<JsonNode> r = apply(session, plan.phase, s.phasePath(), object);
        if (!r.isEmpty()) {
          JsonNode first = r.get(0);
          phase = first.isNull() ? "" : JqValues.render(first);
        }
      } catch (JqException e) {
        fail(
            problems,
            d,
            component,
            base(component) + "/phaseDefinition/path",
            "phaseDefinition.path",
            s.phasePath(),
            "failed to extract phase: " + e.getMessage(),
            e);
      }
    }
    List<Condition> conditions = new ArrayList<>(4);
    ConditionsDefinition cd = s.conditions();
    if (cd != null) {
      try {
        // read as the object holds them: only the text of fields is read below
        List<JsonNode> found = session != null
            ? session.applyAsGiven(plan.conditions)
            : engine.compile(cd.path()).apply(object);
        for (JsonNode r : found) {
          if (r.isArray()) {
            for (int i = 0; i < r.size(); i++) {
              addCondition(conditions, cd, r.get(i));
            }
          } else {
            addCondition(conditions, cd, r);
          }
        }
      } catch (JqException e) {
        fail(
            problems,
            d,
            component,
            base(component) + "/conditionsDefinition/path",
            "conditionsDefinition.path",
            cd.path(),
            "failed to extract conditions: " + e.getMessage(),
            e);
      }
    }
    // usually one status: that one alone is held as it is, and a list made at the second
    WorkloadStatus only = null;
    List<WorkloadStatus> matched = null;
    for (int k = 0; k < plan.statuses.length; k++) {
      WorkloadStatus status = plan.statuses[k];
      StatusMatcher[] matchers = plan.matchers[k];
      for (int i = 0; i < matchers.length; i++) {
        boolean hit = matches(
            matchers[i],
            plan.expressions[k][i],
            session,
            phase,
            conditions,
            object,
            problems,
            d,
            component,
            status,
            i,
            observer);
        if (observer != null) {
          observer.evaluated(status, i, "", hit);
        }
        if (hit) {
          if (only == null) {
            only = status;
          } else {
            if (matched == null) {
              matched = new ArrayList<>(4);
              matched.add(only);
            }
            matched.add(status);
          }
          break;
        }
      }
    }
    // an immutable list of one is what StatusResult's copy would make of it: no copy
    return new StatusResult(
        phase,
        conditions.isEmpty() ? List.of() : conditions,
        matched != null ? matched : List.of(only != null ? only : WorkloadStatus.UNDEFINED),
        problems.isEmpty() ? List.of() : problems);
  }

  /** Expression {@code index} of the plan's batch, or {@code expression} on its own without a batch. */
  private List<JsonNode> apply(
      JqBatch.Session session, int index, String expression, JqInput object) {
    return session != null ? session.apply(index) : engine.compile(expression).apply(object);
  }

  /**
   * A status definition as evaluated: the statuses that have matchers, in {@link WorkloadStatus#MATCH_ORDER}, and
   * every path and expression in one {@link JqBatch} (phase, conditions, then the matchers' expressions in that
   * order), so that what the matchers share is read once per object.
   */
  private static final class Plan {
    final LazyBatch batch;
    final int phase;
    final int conditions;
    final WorkloadStatus[] statuses;
    final StatusMatcher[][] matchers;
    /** The batch index of each matcher's expression, -1 where it has none. */
    final int[][] expressions;

    Plan(StatusDefinition s, JqEngine engine) {
      List<String> batch = new ArrayList<>();
      phase = s.phasePath() == null ? -1 : add(batch, s.phasePath());
      conditions = s.conditions() == null ? -1 : add(batch, s.conditions().path());
      List<WorkloadStatus> present = new ArrayList<>();
      for (WorkloadStatus status : WorkloadStatus.MATCH_ORDER) {
        if (s.statusMappings().get(status) != null) {
          present.add(status);
        }
      }
      statuses = present.toArray(new WorkloadStatus[0]);
      matchers = new StatusMatcher[statuses.length][];
      expressions = new int[statuses.length][];
      for (int k = 0; k < statuses.length; k++) {
        matchers[k] = s.statusMappings().get(statuses[k]).toArray(new StatusMatcher[0]);
        expressions[k] = new int[matchers[k].length];
        for (int i = 0; i < matchers[k].length; i++) {
          StatusDefinition.ExpressionMatcher e = matchers[k][i].byExpression();
          expressions[k][i] = e == null ? -1 : add(batch, e.expression());
        }
      }
      this.batch = new LazyBatch(engine, batch);
    }

    private static int add(List<String> batch, String expression) {
      batch.add(expression);
      return batch.size() - 1;
    }
  }

  /** The status definition's pointer, built only for a problem (matching runs on every resolve). */
  private static String base(ComponentDefinition component) {
    return component.pointer() + "/statusDefinition";
  }

  /** The last condition of {@code type} (a later condition of a type replaces an earlier one), or null. */
  private static Condition lastOfType(List<Condition> conditions, String type) {
    for (int i = conditions.size() - 1; i >= 0; i--) {
      Condition c = conditions.get(i);
      if (java.util.Objects.equals(c.type(), type)) {
        return c;
      }
    }
    return null;
  }

  private static void addCondition(List<Condition> out, ConditionsDefinition cd, JsonNode item) {
    if (!item.isObject()) {
      return;
    }
    out.add(new Condition(
        text(item, cd.typeFieldName()),
        text(item, cd.statusFieldName()),
        text(item, cd.messageFieldName()),
        text(item, cd.reasonFieldName())));
  }

  private static String text(JsonNode obj, String field) {
    if (field == null || field.isEmpty()) {
      return "";
    }
    JsonNode v = obj.get(field);
    return v != null && v.isTextual() ? v.asText() : "";
  }

  private boolean matches(
      StatusMatcher m,
      int expression,
      JqBatch.Session session,
      String phase,
      List<Condition> conditions,
      JqInput object,
      List<EvaluationProblem> problems,
      Definition d,
      ComponentDefinition component,
      WorkloadStatus status,
      int index,
      MatcherObserver observer) {
    if (m.byPhase() != null && !m.byPhase().isEmpty()) {
      boolean ok = phase != null && phase.equals(m.byPhase());
      if (observer != null) {
        observer.evaluated(status, index, "byPhase", ok);
      }
      if (!ok) {
        return false;
      }
    }
    for (int j = 0; j < m.byConditions().size(); j++) {
      ExpectedCondition ec = m.byConditions().get(j);
      Condition c = lastOfType(conditions, ec.type());
      boolean ok = c != null
          && (ec.status() == null || ec.status().isEmpty() || ec.status().equals(c.status()))
          && (ec.reason() == null || ec.reason().isEmpty() || ec.reason().equals(c.reason()));
      if (observer != null) {
        observer.evaluated(status, index, "byConditions/" + j, ok);
      }
      if (!ok) {
        return false;
      }
    }
    if (m.byExpression() != null) {
      try {
        JsonNode first;
        if (session != null) {
          first = session.first(expression);
        } else {
          List<JsonNode> r = engine.compile(m.byExpression().expression()).apply(object);
          first = r.isEmpty() ? null : r.get(0);
        }
        boolean ok =
            first != null && JqValues.render(first).equals(m.byExpression().expectedResult());
        if (observer != null) {
          observer.evaluated(status, index, "byExpression", ok);
        }
        return ok;
      } catch (JqException e) {
        if (observer != null) {
          observer.evaluated(status, index, "byExpression", false);
        }
        // the matcher's pointer is only built for a problem: matching runs on every resolve
        String pointer = base(component) + "/statusMappings/" + status.mappingKey() + "/" + index;
        fail(
            problems,
            d,
            component,
            pointer + "/byExpression/expression",
            "statusMappings." + status.mappingKey() + "[" + index + "].byExpression",
            m.byExpression().expression(),
            "failed to match status " + status.displayName() + ": " + e.getMessage(),
            e);
        return false;
      }
    }
    return true;
  }

  private void fail(
      List<EvaluationProblem> problems,
      Definition d,
      ComponentDefinition component,
      String pointer,
      String field,
      String expression,
      String message,
      JqException cause) {
    if (strict) {
      throw new StatusException("failed to match status: " + message, d.locate(pointer), cause);
    }
    problems.add(
        new EvaluationProblem(component.name(), field, expression, message, d.locate(pointer)));
  }
}
