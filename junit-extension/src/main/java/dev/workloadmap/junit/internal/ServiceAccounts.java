package dev.workloadmap.junit.internal;

import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * The one place that creates a ServiceAccount: a namespace's {@code default} account when no service-account
 * controller runs, and the account a pod names (the ServiceAccount admission plugin rejects a pod whose account does
 * not exist). Created without a token mount (there is no token controller); an account that already exists (409,
 * created by the controller or an earlier call) is fine.
 */
public final class ServiceAccounts {
  private ServiceAccounts() {}

  /** Creates ServiceAccount {@code namespace/name} unless it exists. */
  public static void ensure(KubernetesClient client, String namespace, String name) {
    try {
      client
          .serviceAccounts()
          .inNamespace(namespace)
          .resource(new ServiceAccountBuilder()
              .withNewMetadata()
              .withName(name)
              .endMetadata()
              .withAutomountServiceAccountToken(false)
              .build())
          .create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
  }
}
