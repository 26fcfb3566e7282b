package dev.workloadmap.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Unit: the handle's one piece of changing state stays whole when the tests of a class (and its {@code @Nested}
 * classes) write to it from several threads while a failing test reads it for its diagnostics.
 */
class HandleStateTest {

  private static GenericKubernetesResource object(String name) {
    GenericKubernetesResource r = new GenericKubernetesResource();
    r.setApiVersion("v1");
    r.setKind("ConfigMap");
    r.setMetadata(new ObjectMetaBuilder().withName(name).build());
    return r;
  }

  @Test
  void eightWritersAndAReaderLoseNothing() throws Exception {
    HandleState state = new HandleState();
    int threads = 8;
    int tight = 20_000;
    int each = 2_000;
    ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> writers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      writers.add(pool.submit(() -> {
        start.await();
        for (int i = 0;
            i < tight;
            i++) { // a tight loop first: unguarded, an ArrayList loses some of these
          state.note("thread " + id + " first " + i);
        }
        for (int i = 0; i < each; i++) {
          state.note("thread " + id + " note " + i);
          state.track(
              object("t" + id + "-" + (i % 50))); // replaces: 50 distinct objects per thread
          state.claimServiceAccount("sa-" + (i % 7));
          state.lastTree("tree " + id, List.of("problem " + id));
        }
        return null;
      }));
    }
    Future<Integer> reader = pool.submit(() -> {
      start.await();
      int reads = 0;
      while (writers.stream().anyMatch(f -> !f.isDone())) {
        HandleState.LastResolution last = state.lastResolution();
        if (last.tree() != null) {
          // tree and problems are written together, so they are read together
          assertThat(last.problems())
              .containsExactly("problem " + last.tree().substring("tree ".length()));
        }
        state.created().forEach(h -> assertThat(h.getMetadata().getName()).isNotNull());
        reads++;
      }
      return reads;
    });
    start.countDown();
    for (Future<?> w : writers) {
      w.get(60, TimeUnit.SECONDS);
    }
    assertThat(reader.get(60, TimeUnit.SECONDS)).isPositive();
    pool.shutdown();

    assertThat(state.notes()).hasSize(threads * (tight + each)).doesNotHaveDuplicates();
    assertThat(state.created()).hasSize(threads * 50);
    assertThat(state.claimServiceAccount("sa-3"))
        .as("claimed once, by one of the writers")
        .isFalse();
    assertThat(state.takeCreated()).hasSize(threads * 50);
    assertThat(state.created()).isEmpty();
  }
}
