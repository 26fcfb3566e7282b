package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The values a {@link JqInput} remembers ({@link JqInput#recall}, {@link JqInput#remember}): keys by identity, at
 * most {@link JqInput#REMEMBERED}, the first value of a key kept, and a value never seen under another key, also when
 * threads remember at once.
 */
class JqInputRememberTest {

  private static JqInput input() {
    return JqInput.of(JsonNodeFactory.instance.objectNode().put("a", 1));
  }

  @Test
  void nothingIsRememberedUntilSomethingIs() {
    assertThat(input().recall(new Object())).isNull();
  }

  @Test
  void aValueIsRecalledByTheSameKeyOnly() {
    JqInput in = input();
    String key = new String("k");
    in.remember(key, "v");
    assertThat(in.recall(key)).isEqualTo("v");
    assertThat(in.recall(new String("k"))).as("an equal key is another key").isNull();
    assertThat(input().recall(key)).as("another input").isNull();
  }

  @Test
  void theFirstValueOfAKeyIsKept() {
    JqInput in = input();
    Object key = new Object();
    in.remember(key, "first");
    in.remember(key, "second");
    assertThat(in.recall(key)).isEqualTo("first");
  }

  @Test
  void atMostAFewValuesAreRememberedAndEachStaysWithItsKey() {
    JqInput in = input();
    List<Object> keys = new ArrayList<>();
    for (int i = 0; i < JqInput.REMEMBERED + 2; i++) {
      Object key = new Object();
      keys.add(key);
      in.remember(key, "v" + i);
    }
    for (int i = 0; i < keys.size(); i++) {
      if (i < JqInput.REMEMBERED) {
        assertThat(in.recall(keys.get(i))).isEqualTo("v" + i);
      } else {
        assertThat(in.recall(keys.get(i))).as("beyond the room").isNull();
      }
    }
  }

  @Test
  void threadsRememberingAtOnceNeverSeeAnotherKeysValue() throws Exception {
    for (int round = 0; round < 200; round++) {
      JqInput in = input();
      int threads = 6; // more than the room: some keys are not remembered at all
      Object[] keys = new Object[threads];
      for (int i = 0; i < threads; i++) {
        keys[i] = new Object();
      }
      CountDownLatch start = new CountDownLatch(1);
      AtomicReference<String> wrong = new AtomicReference<>();
      List<Thread> started = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int me = t;
        Thread th = new Thread(() -> {
          try {
            start.await();
          } catch (InterruptedException e) {
            return;
          }
          in.remember(keys[me], "v" + me);
          for (int i = 0; i < threads; i++) {
            Object v = in.recall(keys[i]);
            if (v != null && !v.equals("v" + i)) {
              wrong.set("key " + i + " gave " + v);
            }
          }
        });
        th.start();
        started.add(th);
      }
      start.countDown();
      for (Thread th : started) {
        th.join();
      }
      assertThat(wrong.get()).isNull();
      int remembered = 0;
      for (int i = 0; i < threads; i++) {
        Object v = in.recall(keys[i]);
        if (v != null) {
          assertThat(v).isEqualTo("v" + i);
          remembered++;
        }
      }
      assertThat(remembered).isEqualTo(JqInput.REMEMBERED);
    }
  }
}
