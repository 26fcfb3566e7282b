package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.APIResourceListBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user without RBAC permission to list the type (Mock tier, expectations mode): exit 1, the verb, a hint. */
@EnableKubernetesMockClient
class ForbiddenMockTest {

  static KubernetesMockServer server;

  @Test
  void forbiddenListIsExitOneWithAHint(@TempDir Path dir) throws Exception {
    server
        .expect()
        .get()
        .withPath("/apis/jobset.x-k8s.io/v1alpha2")
        .andReturn(
            200,
            new APIResourceListBuilder()
                .withGroupVersion("jobset.x-k8s.io/v1alpha2")
                .addNewResource()
                .withName("jobsets")
                .withKind("JobSet")
                .withNamespaced(true)
                .withSingularName("jobset")
                .endResource()
                .build())
        .always();
    server
        .expect()
        .get()
        .withPath("/apis/jobset.x-k8s.io/v1alpha2/namespaces/ml-team/jobsets?limit=500")
        .andReturn(
            403,
            new StatusBuilder()
                .withCode(403)
                .withReason("Forbidden")
                .withMessage(
                    "jobsets.jobset.x-k8s.io is forbidden: User \"dev\" cannot list resource \"jobsets\"")
                .build())
        .always();
    Path cfg = SeedCluster.kubeconfig(dir, server.url("/").replaceAll("/$", ""));
    Cli.Result r = new Cli().run("get", "jobsets", "--kubeconfig", cfg.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.err())
        .contains("error: not allowed to list JobSet")
        .contains("hint: ")
        .contains("RBAC");
  }
}
