package dev.workloadmap.junit.internal;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * One clear line for a request that failed after the client's own retries (fabric8 retries connection failures,
 * timeouts, HTTP 429 after its {@code Retry-After} and 5xx with backoff): what was asked, the fault, and a
 * {@code hint:}. The exception stays a {@link KubernetesClientException} with the server's code and status, the
 * original as its cause.
 */
public final class Faults {
  private Faults() {}

  /** {@code e}, explained: {@code <what>: <fault>} and a hint on the next line. */
  public static KubernetesClientException explain(String what, KubernetesClientException e) {
    String serverMessage = e.getStatus() != null && e.getStatus().getMessage() != null
        ? e.getStatus().getMessage()
        : null;
    String fault;
    String hint;
    int code = e.getCode();
    if (code == 403) {
      fault = "forbidden (HTTP 403): "
          + (serverMessage != null ? serverMessage : "the API server refused it");
      hint =
          "give the test's credentials this verb on this resource (an RBAC Role or ClusterRole and its binding),"
              + " or use a kubeconfig with more rights";
    } else if (code == 401) {
      fault = "unauthorized (HTTP 401): the API server did not accept the credentials";
      hint = "check the kubeconfig's user (certificate, token) and that it has not expired";
    } else if (code == 429) {
      fault =
          "the API server is throttling requests (HTTP 429 Too Many Requests) and still was after the client's"
              + " retries, each after the server's Retry-After";
      hint =
          "the cluster is overloaded (API priority and fairness); run fewer test classes in parallel or retry later";
    } else if (code >= 500) {
      fault = "the API server failed (HTTP " + code + "): "
          + (serverMessage != null ? serverMessage : oneLine(e)) + ", also on the client's retries";
      hint = "see the API server's log; the diagnostics below list what the handle did";
    } else if (code <= 0 && ioCause(e) != null) {
      Throwable io = ioCause(e);
      fault = "the connection to the API server failed (" + io.getClass().getSimpleName()
          + (io.getMessage() == null ? "" : ": " + io.getMessage())
          + "), also on the client's retries";
      hint =
          "check that the cluster is up and reachable (a proxy or network in between may reset or stall"
              + " connections)";
    } else {
      fault = (code == 0 ? "" : "HTTP " + code + ": ")
          + (serverMessage != null ? serverMessage : oneLine(e));
      hint = "see the diagnostics";
    }
    return new KubernetesClientException(
        what + ": " + fault + "\nhint: " + hint, e, code, e.getStatus(), null);
  }

  /**
   * The innermost I/O failure in {@code e}'s causes, or null: an {@link IOException}, a {@link TimeoutException}, or
   * an HTTP client's "connection closed" (Vert.x's {@code HttpClosedException} is not an IOException).
   */
  public static Throwable ioCause(Throwable e) {
    Throwable found = null;
    for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      if (t instanceof IOException
          || t instanceof TimeoutException
          || t.getClass().getSimpleName().endsWith("ClosedException")) {
        found = t;
      }
    }
    return found;
  }

  private static String oneLine(KubernetesClientException e) {
    String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
    return first.isBlank() ? e.getClass().getSimpleName() : first;
  }
}
