package dev.workloadmap.sdk.crd;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One way an object does not match a CRD version's schema.
 *
 * @param pointer the JSON pointer of the offending value in the object ({@code ""} for the object itself), such as
 *     {@code /spec/replicatedJobs/0/replicas}
 * @param keyword the schema keyword that failed ({@code type}, {@code required}, {@code enum}, ...), or {@code
 *     apiVersion} / {@code kind} when the object is not of the CRD's group and kind or version
 * @param message what is wrong, naming the pointer
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CrdViolation(String pointer, String keyword, String message) {

  @Override
  public String toString() {
    return (pointer.isEmpty() ? "/" : pointer) + " [" + keyword + "] " + message;
  }
}
