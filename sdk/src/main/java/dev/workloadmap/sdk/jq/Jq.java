package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.internal.jq.JacksonJqEngine;
import dev.workloadmap.sdk.spi.JqEngine;
import org.apiguardian.api.API;

/**
 * Entry point to the SDK's jq engine (jackson-jq in jq 1.6 mode, adjusted to the reference engine, docs/format.md#jq).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Jq {
  private Jq() {}

  private static final class Holder {
    static final JqEngine DEFAULT = new JacksonJqEngine(JqOptions.defaults());
  }

  /** The shared engine with the default limits of {@link JqOptions#defaults()} (10 s, 1000 results, 1 GiB). Thread-safe. */
  public static JqEngine defaultEngine() {
    return Holder.DEFAULT;
  }

  /**
   * A new engine with its own limits and its own compilation cache (builtins are shared by every engine).
   *
   * @throws NullPointerException when {@code options} is null
   */
  public static JqEngine newEngine(JqOptions options) {
    return new JacksonJqEngine(options);
  }
}
