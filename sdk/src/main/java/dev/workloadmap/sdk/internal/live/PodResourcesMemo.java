package dev.workloadmap.sdk.internal.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.resources.ResourceList;
import java.util.Map;

/**
 * {@link PodResources#perPod(JsonNode)} of the pods of one component, computed once for a run of pods whose resource
 * fields are equal JSON (issue 17). The pods of a Job, a ReplicaSet or a replicated job share their template's
 * containers, so attribution reads each distinct request once instead of once per pod, with the same answer.
 *
 * <p>It rests on what {@code perPod} reads of a pod spec (an object): the number of {@code containers} and {@code
 * initContainers}, each one's {@code resources} (or the element itself when it is not an object), each init
 * container's {@code restartPolicy}, and the spec's {@code resources} and {@code overhead}; nothing else
 * (PodResourcesMemoTest holds {@code perPod} to that). When all of these are equal JSON (as {@link JsonNode#equals}:
 * the same fields and values, numbers of the same kind) to those of the last pod whose request was computed, the
 * request is that pod's. Only a request computed without error is remembered, so a pod whose resources are invalid
 * fails as it did, with its own message. The remembered fields are kept as a {@link Shape} that is compared by
 * looking fields up, so a pod costs no iterator. One instance per component and call; not thread-safe.
 */
public final class PodResourcesMemo {
  /** The fields of the last computed pod spec, or null before the first. */
  private Fields remembered;

  private ResourceList request;

  /**
   * {@link PodResources#perPod(JsonNode)} of {@code podSpec}.
   *
   * @throws dev.workloadmap.sdk.WorkloadMapException as {@code perPod} throws it
   */
  ResourceList perPod(JsonNode podSpec) {
    if (podSpec == null || !podSpec.isObject()) {
      return PodResources.perPod(podSpec);
    }
    if (remembered != null && remembered.matches(podSpec)) {
      return request;
    }
    ResourceList computed = PodResources.perPod(podSpec);
    remembered = new Fields(podSpec);
    request = computed;
    return computed;
  }

  /**
   * The fields {@code perPod} reads of one pod spec (an object): the one copy of that list, which the tree also uses to
   * give a later instance whose pod spec has the same request fields the request of an earlier one.
   */
  public static final class Fields {
    private final Containers containers;
    private final Containers initContainers;
    private final Shape resources;
    private final Shape overhead;

    /** The fields of {@code spec}, an object. */
    public static Fields of(JsonNode spec) {
      return new Fields(spec);
    }

    Fields(JsonNode spec) {
      containers = Containers.of(spec.get("containers"), false);
      initContainers = Containers.of(spec.get("initContainers"), true);
      resources = Shape.of(spec.get("resources"));
      overhead = Shape.of(spec.get("overhead"));
    }

    /** Whether {@code spec} (an object) has the same request fields: then {@code perPod} gives the same for it. */
    public boolean matches(JsonNode spec) {
      return Containers.matches(containers, spec.get("containers"))
          && Containers.matches(initContainers, spec.get("initContainers"))
          && Shape.matches(resources, spec.get("resources"))
          && Shape.matches(overhead, spec.get("overhead"));
    }

    /**
     * What {@code of(a).matches(b)} gives, for two pod specs (objects), without making the shapes: the same fields
     * compared with {@link JsonNode#equals}, which a shape stands for. For a single comparison, where making the
     * shapes would cost more than it saves.
     */
    public static boolean same(JsonNode a, JsonNode b) {
      return Containers.same(a.get("containers"), b.get("containers"), false)
          && Containers.same(a.get("initContainers"), b.get("initContainers"), true)
          && java.util.Objects.equals(a.get("resources"), b.get("resources"))
          && java.util.Objects.equals(a.get("overhead"), b.get("overhead"));
    }
  }

  /**
   * A container list as {@code perPod} reads it: for each element that is an object its {@code resources} (and, for
   * init containers, its {@code restartPolicy}); any other element, or a list that is not an array, as a whole.
   */
  static final class Containers {
    private final Shape whole; // not an array: compared as a whole
    private final boolean[] object;
    private final Shape[] resources;
    private final Shape[] restartPolicies;

    private Containers(Shape whole, boolean[] object, Shape[] resources, Shape[] restartPolicies) {
      this.whole = whole;
      this.object = object;
      this.resources = resources;
      this.restartPolicies = restartPolicies;
    }

    /** The list's fields, or null for a Java null (the field is absent). */
    static Containers of(JsonNode list, boolean init) {
      if (list == null) {
        return null;
      }
      if (!(list instanceof ArrayNode)) {
        return new Containers(Shape.of(list), null, null, null);
      }
      int n = list.size();
      boolean[] object = new boolean[n];
      Shape[] resources = new Shape[n];
      Shape[] restartPolicies = init ? new Shape[n] : null;
      for (int i = 0; i < n; i++) {
        JsonNode c = list.get(i);
        object[i] = c.isObject();
        if (object[i]) {
          resources[i] = Shape.of(c.get("resources"));
          if (init) {
            restartPolicies[i] = Shape.of(c.get("restartPolicy"));
          }
        } else {
          resources[i] = Shape.of(c);
        }
      }
      return new Containers(null, object, resources, restartPolicies);
    }

    /** What {@code matches(of(a, init), b)} gives, without making the shapes ({@link Fields#same}). */
    static boolean same(JsonNode a, JsonNode b, boolean init) {
      if (a == null || b == null) {
        return a == null && b == null;
      }
      if (!(a instanceof ArrayNode)) {
        return a.equals(b);
      }
      if (!(b instanceof ArrayNode) || b.size() != a.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        JsonNode x = a.get(i);
        JsonNode y = b.get(i);
        if (x.isObject()) {
          if (!y.isObject()
              || !java.util.Objects.equals(x.get("resources"), y.get("resources"))
              || (init
                  && !java.util.Objects.equals(x.get("restartPolicy"), y.get("restartPolicy")))) {
            return false;
          }
        } else if (y.isObject() || !x.equals(y)) {
          return false;
        }
      }
      return true;
    }

    /** True when {@code perPod} reads the same from {@code list} as from the list {@code c} was made of. */
    static boolean matches(Containers c, JsonNode list) {
      if (c == null || list == null) {
        return c == null && list == null;
      }
      if (c.object == null) {
        return c.whole.matches(list);
      }
      if (!(list instanceof ArrayNode) || list.size() != c.object.length) {
        return false;
      }
      for (int i = 0; i < c.object.length; i++) {
        JsonNode e = list.get(i);
        if (c.object[i]) {
          if (!e.isObject()
              || !Shape.matches(c.resources[i], e.get("resources"))
              || (c.restartPolicies != null
                  && !Shape.matches(c.restartPolicies[i], e.get("restartPolicy")))) {
            return false;
          }
        } else if (e.isObject() || !c.resources[i].matches(e)) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * A JSON value kept for comparison: {@link #matches} is {@code value.equals(node)} of the value it was made of
   * ({@link ObjectNode#equals}: the same field names with equal values; {@link ArrayNode#equals}: equal elements in
   * order; other nodes by their own {@code equals}), computed by looking the node's fields up instead of iterating it.
   */
  abstract static class Shape {
    abstract boolean matches(JsonNode node);

    /** The shape of {@code node}, or null for a Java null (an absent field). */
    static Shape of(JsonNode node) {
      if (node == null) {
        return null;
      }
      if (node instanceof ObjectNode) {
        String[] keys = new String[node.size()];
        Shape[] values = new Shape[keys.length];
        int i = 0;
        for (Map.Entry<String, JsonNode> e : node.properties()) {
          keys[i] = e.getKey();
          values[i] = of(e.getValue());
          i++;
        }
        return new Obj(keys, values);
      }
      if (node instanceof ArrayNode) {
        Shape[] elements = new Shape[node.size()];
        for (int i = 0; i < elements.length; i++) {
          elements[i] = of(node.get(i));
        }
        return new Arr(elements);
      }
      return new Leaf(node);
    }

    /** {@code shape} matches {@code node}, where a null shape stands for an absent field. */
    static boolean matches(Shape shape, JsonNode node) {
      return shape == null ? node == null : node != null && shape.matches(node);
    }
  }

  private static final class Obj extends Shape {
    private final String[] keys;
    private final Shape[] values;

    Obj(String[] keys, Shape[] values) {
      this.keys = keys;
      this.values = values;
    }

    @Override
    boolean matches(JsonNode node) {
      if (!(node instanceof ObjectNode) || node.size() != keys.length) {
        return false;
      }
      for (int i = 0; i < keys.length; i++) {
        JsonNode v = node.get(keys[i]);
        if (v == null || !values[i].matches(v)) {
          return false;
        }
      }
      return true;
    }
  }

  private static final class Arr extends Shape {
    private final Shape[] elements;

    Arr(Shape[] elements) {
      this.elements = elements;
    }

    @Override
    boolean matches(JsonNode node) {
      if (!(node instanceof ArrayNode) || node.size() != elements.length) {
        return false;
      }
      for (int i = 0; i < elements.length; i++) {
        JsonNode v = node.get(i);
        if (v == null || !elements[i].matches(v)) {
          return false;
        }
      }
      return true;
    }
  }

  private static final class Leaf extends Shape {
    private final JsonNode value;

    Leaf(JsonNode value) {
      this.value = value;
    }

    @Override
    boolean matches(JsonNode node) {
      return value.equals(node);
    }
  }
}
