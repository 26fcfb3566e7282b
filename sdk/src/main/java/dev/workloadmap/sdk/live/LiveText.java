package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.internal.text.DescribeText;
import org.apiguardian.api.API;

/**
 * The live {@code describe} view (docs/format.md#cli-describe): a header, the component tree with {@code R/D ready}
 * (ready pods against desired replicas), {@code gpu: N} (requested, blank when 0) and the nodes of each component, a
 * row per pod (phase, {@code (Reason)} when not running, GPUs, node or {@code <none>}), pods sorted by name, a
 * {@code Phase:} line, the resources table, then the owned pods that no component claimed. A component (or instance)
 * with no pod at all reads {@code 0/D ready}. Columns are aligned; no line has trailing whitespace. The CLI's
 * {@code describe} draws the same view (one renderer, {@code internal.text.DescribeText}), with its pod and component
 * limits.
 *
 * <pre>
 * JobSet/train   namespace: ml-team   definition: jobset-x-k8s-io-jobset-v1alpha2
 *
 * jobset
 * └── worker  1/2 ready  gpu: 8  node-01
 *     ├── train-worker-0-0  Running                  gpu: 4  node-01
 *     └── train-worker-1-0  Pending (Unschedulable)  gpu: 4  &lt;none&gt;
 * Phase: Running
 * </pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LiveText {
  private LiveText() {}

  /** Renders {@code live}; {@code origin} (for example {@code catalog}) is shown after the definition, may be null. */
  public static String render(LiveTree live, String origin, String gpuResourceName) {
    return DescribeText.render(live.tree(), live, origin, gpuResourceName, 0, 0, null, null);
  }
}
