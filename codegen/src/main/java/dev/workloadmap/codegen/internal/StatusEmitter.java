package dev.workloadmap.codegen.internal;

import static dev.workloadmap.codegen.internal.SdkTypes.CONDITION;
import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_TREE;
import static dev.workloadmap.codegen.internal.SdkTypes.WORKLOAD_STATUS;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.ExpectedCondition;
import dev.workloadmap.sdk.definition.StatusDefinition.StatusMatcher;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * The root's status (docs/format.md#status) when the definition has a root {@code statusDefinition}: the matched
 * statuses of the shared vocabulary, the raw phase and the conditions.
 */
public final class StatusEmitter implements MemberEmitter {

  @Override
  public Set<String> reservedNames() {
    return Set.of("statuses", "is", "phase", "conditions", "condition");
  }

  @Override
  public void emit(WorkloadPlan plan, TypeSpec.Builder type) {
    ComponentDefinition root = plan.definition().rootComponent();
    StatusDefinition s = root.statusDefinition();
    if (s == null) {
      return;
    }
    String sp = root.pointer() + "/statusDefinition";
    String mappings = mappings(plan, s, sp + "/statusMappings");
    ParameterizedTypeName statusList =
        ParameterizedTypeName.get(ClassName.get(List.class), WORKLOAD_STATUS);
    type.addMethod(MethodSpec.methodBuilder("statuses")
        .addModifiers(Modifier.PUBLIC)
        .returns(statusList)
        .addJavadoc(
            "Every status of the shared vocabulary whose mapping matches, in the reference order\n"
                + "(docs/format.md#status), from the root's {@code statusMappings} ($L):\n"
                + "<ul>\n$L</ul>\n\n"
                + "@return the matched statuses; {@code [UNDEFINED]} when none matches\n",
            plan.at(sp + "/statusMappings"),
            mappings)
        .addStatement("return $N.status().matched()", FIELD_TREE)
        .build());
    type.addMethod(MethodSpec.methodBuilder("is")
        .addModifiers(Modifier.PUBLIC)
        .returns(TypeName.BOOLEAN)
        .addParameter(WORKLOAD_STATUS, "status")
        .addJavadoc(
            "True when {@code status} is among {@link #statuses()}, from the root's {@code statusMappings}\n"
                + "($L).\n\n@param status a status of the shared vocabulary\n@return whether it matched\n",
            plan.at(sp + "/statusMappings"))
        .addStatement("return $N.status().is(status)", FIELD_TREE)
        .build());
    if (s.phasePath() != null) {
      type.addMethod(MethodSpec.methodBuilder("phase")
          .addModifiers(Modifier.PUBLIC)
          .returns(ParameterizedTypeName.get(Optional.class, String.class))
          .addJavadoc(
              "The native phase, from {@code phaseDefinition.path} ($L): $L\n\n"
                  + "@return the phase as text; empty when the path yields nothing\n",
              plan.at(sp + "/phaseDefinition/path"),
              Javadocs.code(s.phasePath()))
          .addStatement("return $T.ofNullable($N.status().phase())", Optional.class, FIELD_TREE)
          .build());
    }
    if (s.conditions() != null) {
      String conditionsAt = plan.at(sp + "/conditionsDefinition/path");
      String path = Javadocs.code(s.conditions().path());
      type.addMethod(MethodSpec.methodBuilder("conditions")
          .addModifiers(Modifier.PUBLIC)
          .returns(ParameterizedTypeName.get(ClassName.get(List.class), CONDITION))
          .addJavadoc(
              "The native conditions in document order, from {@code conditionsDefinition.path} ($L): $L\n\n"
                  + "@return the conditions; empty when there are none\n",
              conditionsAt,
              path)
          .addStatement("return $N.status().conditions()", FIELD_TREE)
          .build());
      type.addMethod(MethodSpec.methodBuilder("condition")
          .addModifiers(Modifier.PUBLIC)
          .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), CONDITION))
          .addParameter(String.class, "conditionType")
          .addJavadoc(
              "The last condition of this type (docs/format.md#status: the last one wins), from\n"
                  + "{@code conditionsDefinition.path} ($L): $L\n\n"
                  + "@param conditionType the condition type, for example {@code Ready}\n"
                  + "@return the condition, or empty\n",
              conditionsAt,
              path)
          .addStatement(
              "return $T.ofNullable($N.status().condition(conditionType))",
              Optional.class,
              FIELD_TREE)
          .build());
    }
  }

  /** One list item per mapped status, in the vocabulary's order, with each matcher's parts. */
  private static String mappings(WorkloadPlan plan, StatusDefinition s, String pointer) {
    StringBuilder sb = new StringBuilder();
    for (WorkloadStatus st : WorkloadStatus.MATCH_ORDER) {
      List<StatusMatcher> matchers = s.statusMappings().get(st);
      if (matchers == null) {
        continue;
      }
      sb.append("<li>{@code ")
          .append(st.displayName())
          .append("} (")
          .append(plan.at(pointer + "/" + st.mappingKey()))
          .append("):");
      for (StatusMatcher m : matchers) {
        sb.append(matchers.size() > 1 ? "\n<br>" : " ");
        StringBuilder parts = new StringBuilder();
        if (m.byPhase() != null && !m.byPhase().isEmpty()) {
          parts.append("phase <code>").append(Javadocs.escape(m.byPhase())).append("</code>");
        }
        for (ExpectedCondition c : m.byConditions()) {
          if (parts.length() > 0) {
            parts.append(" and ");
          }
          parts.append("condition <code>").append(Javadocs.escape(c.type()));
          if (c.status() != null && !c.status().isEmpty()) {
            parts.append("=").append(Javadocs.escape(c.status()));
          }
          if (c.reason() != null && !c.reason().isEmpty()) {
            parts.append(" reason ").append(Javadocs.escape(c.reason()));
          }
          parts.append("</code>");
        }
        if (m.byExpression() != null) {
          if (parts.length() > 0) {
            parts.append(" and ");
          }
          parts
              .append(Javadocs.code(m.byExpression().expression()))
              .append(" gives <code>")
              .append(Javadocs.escape(m.byExpression().expectedResult()))
              .append("</code>");
        }
        sb.append(parts.length() == 0 ? "always" : parts);
      }
      sb.append("</li>\n");
    }
    return sb.toString();
  }
}
