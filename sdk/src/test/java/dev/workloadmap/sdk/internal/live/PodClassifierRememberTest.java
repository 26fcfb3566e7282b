package dev.workloadmap.sdk.internal.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqCancelledException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.live.PodQueryException;
import dev.workloadmap.sdk.spi.JqEngine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The texts {@link PodClassifier#singleText} and {@link PodClassifier#readAhead} remember on a pod's {@link JqInput}
 * (issue 17): the same text as reading the path again, the same errors (never remembered), no answer from memory for
 * an interrupted thread, and nothing remembered for another engine's programs.
 */
class PodClassifierRememberTest {

  static final String NAME = ".metadata.labels[\"jobset.sigs.k8s.io/replicatedjob-name\"]";
  static final String INDEX = ".metadata.labels[\"jobset.sigs.k8s.io/job-index\"]";

  static ObjectNode pod() {
    ObjectNode pod = JsonNodeFactory.instance.objectNode();
    ObjectNode labels = pod.putObject("metadata").putObject("labels");
    labels.put("jobset.sigs.k8s.io/replicatedjob-name", "workers");
    labels.put("jobset.sigs.k8s.io/job-index", 3.0); // a number: rendered as the reference does
    labels.putNull("null-key");
    labels.put("empty-key", "");
    return pod;
  }

  private final JqEngine engine = Jq.defaultEngine();
  private final PodClassifier classifier = new PodClassifier(engine);

  @Test
  void aRememberedTextIsTheTextOfThePath() {
    ObjectNode pod = pod();
    JqInput in = JqInput.of(pod);
    assertThat(classifier.singleText(NAME, in)).isEqualTo("workers");
    assertThat(classifier.singleText(INDEX, in)).isEqualTo("3");
    assertThat(in.recall(engine.compile(NAME))).isEqualTo("workers");
    assertThat(in.recall(engine.compile(INDEX))).isEqualTo("3");
    // the second question is answered from memory: changing the manifest afterwards (which the
    // caller must not do) shows it; a freshly prepared input reads the change
    ((ObjectNode) pod.get("metadata").get("labels"))
        .put("jobset.sigs.k8s.io/replicatedjob-name", "changed");
    assertThat(classifier.singleText(NAME, in)).isEqualTo("workers");
    assertThat(classifier.singleText(NAME, JqInput.of(pod))).isEqualTo("changed");
  }

  @Test
  void aClassifierOfTheSameEngineFindsWhatAnotherRemembered() {
    JqInput in = JqInput.of(pod());
    classifier.singleText(NAME, in);
    assertThat(in.recall(engine.compile(NAME))).isNotNull();
    // attribution and the gang plan each have their own classifier on the engine
    assertThat(new PodClassifier(engine).singleText(NAME, in)).isEqualTo("workers");
  }

  @Test
  void errorsAreNotRememberedAndFailAgainWithTheirOwnMessage() {
    JqInput in = JqInput.of(pod());
    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(() -> classifier.singleText(".metadata.labels[\"null-key\"]", in))
          .isInstanceOf(PodQueryException.class)
          .hasMessage("query result is empty <nil>");
      assertThatThrownBy(() -> classifier.singleText(".metadata.labels[\"empty-key\"]", in))
          .isInstanceOf(PodQueryException.class)
          .hasMessage("query result is empty \"\"");
      assertThatThrownBy(() -> classifier.singleText(".metadata.labels[]", in))
          .isInstanceOf(PodQueryException.class)
          .hasMessage("expected single query result, got 4");
    }
    assertThat(in.recall(engine.compile(".metadata.labels[\"null-key\"]"))).isNull();
    assertThat(in.recall(engine.compile(".metadata.labels[\"empty-key\"]"))).isNull();
  }

  @Test
  void readingAheadRemembersOnlyKeysAndNeverFails() {
    JqInput in = JqInput.of(pod());
    JqProgram name = engine.compile(NAME);
    JqProgram nullKey = engine.compile(".metadata.labels[\"null-key\"]");
    JqProgram iterates = engine.compile(".metadata.labels[]");
    JqProgram failing =
        engine.compile(".metadata.labels.\"jobset.sigs.k8s.io/replicatedjob-name\".x");
    classifier.readAhead(name, in);
    classifier.readAhead(nullKey, in);
    classifier.readAhead(iterates, in);
    classifier.readAhead(failing, in); // indexing a string: jq fails, reading ahead does not
    assertThat(in.recall(name)).isEqualTo("workers");
    assertThat(in.recall(nullKey)).isNull();
    assertThat(in.recall(iterates)).isNull();
    assertThat(in.recall(failing)).isNull();
    assertThatThrownBy(() -> classifier.singleText(".metadata.labels[\"null-key\"]", in))
        .hasMessage("query result is empty <nil>");
  }

  @Test
  void anInterruptedThreadIsNotAnsweredFromMemory() {
    JqInput in = JqInput.of(pod());
    classifier.singleText(NAME, in);
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> classifier.singleText(NAME, in))
          .isInstanceOf(JqCancelledException.class);
    } finally {
      Thread.interrupted();
    }
    assertThat(classifier.singleText(NAME, in)).isEqualTo("workers");
  }

  @Test
  void anotherEnginesProgramsAreNotRemembered() {
    JqEngine plain = new JqEngine() {
      @Override
      public JqProgram compile(String expression) {
        JqProgram p = engine.compile(expression);
        return new JqProgram() {
          @Override
          public String expression() {
            return p.expression();
          }

          @Override
          public List<JsonNode> apply(JqInput input) {
            return p.apply(input);
          }
        };
      }

      @Override
      public JsonNode assign(String pathExpression, JsonNode input, JsonNode value) {
        return engine.assign(pathExpression, input, value);
      }

      @Override
      public JsonNode assignZip(String pathExpression, JsonNode input, List<JsonNode> values) {
        return engine.assignZip(pathExpression, input, values);
      }
    };
    PodClassifier other = new PodClassifier(plain);
    JqInput in = JqInput.of(pod());
    JqProgram p = plain.compile(NAME);
    assertThat(other.singleText(NAME, in)).isEqualTo("workers");
    other.readAhead(p, in);
    assertThat(in.recall(p)).isNull();
    assertThat(in.recall(engine.compile(NAME))).isNull();
  }
}
