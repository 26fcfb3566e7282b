package dev.workloadmap.sdk.crd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.definition.Gvk;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading CRDs from files, classpath resources, URLs and text, and picking the root kind's version. */
class CrdLoadingTest {

  static final Gvk WIDGET = new Gvk("example.com", "v1", "Widget");

  static String widgetText() throws IOException {
    try (var in = CrdLoadingTest.class.getClassLoader().getResourceAsStream("crd/widget.yaml")) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  @Test
  void picksTheVersionOfTheRootKind() {
    CrdSchema s = CrdSchema.fromResource("crd/widget.yaml", WIDGET);
    assertThat(s.gvk()).isEqualTo(WIDGET);
    assertThat(s.describe()).isEqualTo("Widget v1");
    assertThat(s.openApiV3Schema().path("properties").has("status")).isTrue();
    assertThat(s.crd().versions()).containsExactly("v1beta1", "v1");
    assertThat(
            CrdSchema.fromResource("crd/widget.yaml", new Gvk("example.com", "v1beta1", "Widget"))
                .openApiV3Schema()
                .path("properties")
                .has("status"))
        .isFalse();
  }

  @Test
  void aMissingVersionNamesTheVersionsTheCrdHas() {
    assertThatThrownBy(
            () -> CrdSchema.fromResource("crd/widget.yaml", new Gvk("example.com", "v2", "Widget")))
        .isInstanceOf(CrdException.class)
        .hasMessage(
            "classpath:crd/widget.yaml: CRD widgets.example.com has no version v2; it has v1beta1, v1");
  }

  @Test
  void aCrdForAnotherKindIsRejected() {
    assertThatThrownBy(
            () -> CrdSchema.fromResource("crd/widget.yaml", new Gvk("example.com", "v1", "Gadget")))
        .isInstanceOf(CrdException.class)
        .hasMessage(
            "classpath:crd/widget.yaml: the CRD is for example.com/Widget, not example.com/Gadget");
    assertThatThrownBy(() ->
            Crd.fromResource("crd/widget.yaml", WIDGET).schema(new Gvk("other.io", "v1", "Widget")))
        .hasMessageContaining("is for example.com/Widget, not other.io/Widget");
  }

  @Test
  void aMultiDocumentFilePicksTheKind() {
    assertThat(Crd.fromResource("crd/two-crds.yaml", new Gvk("example.com", "v2", "Gizmo"))
            .name())
        .isEqualTo("gizmos.example.com");
    assertThat(Crd.fromResource("crd/two-crds.yaml", new Gvk("example.com", "v1", "Gadget"))
            .name())
        .isEqualTo("gadgets.example.com");
    assertThatThrownBy(() -> Crd.fromResource("crd/two-crds.yaml", null))
        .hasMessageContaining("2 CRDs in the file");
  }

  @Test
  void filesAreCachedWhileUnchanged(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("widget.yaml");
    Files.writeString(file, widgetText());
    CrdSchema first = CrdSchema.load(file, WIDGET);
    assertThat(CrdSchema.load(file, WIDGET)).isSameAs(first);
    Files.writeString(file, widgetText().replace("- name: v1beta1", "- name: v1beta2"));
    assertThat(Crd.load(file, WIDGET).versions()).containsExactly("v1beta2", "v1");
  }

  @Test
  void fromAUrl(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("widget.yaml");
    Files.writeString(file, widgetText());
    URL url = file.toUri().toURL();
    assertThat(CrdSchema.fromUrl(url, WIDGET).describe()).isEqualTo("Widget v1");
  }

  @Test
  void unreadableOrWrongDocumentsGiveClearMessages(@TempDir Path dir) {
    assertThatThrownBy(() -> Crd.fromResource("crd/none.yaml", WIDGET))
        .isInstanceOf(CrdException.class)
        .hasMessage("classpath:crd/none.yaml: no such resource");
    assertThatThrownBy(() -> Crd.load(dir.resolve("missing.yaml"), WIDGET))
        .isInstanceOf(CrdException.class)
        .hasMessageStartingWith(dir.resolve("missing.yaml") + ": cannot read the CRD");
    assertThatThrownBy(() -> Crd.parse("apiVersion: v1\nkind: ConfigMap\n", "cm.yaml"))
        .hasMessage("cm.yaml (document 1): not a CustomResourceDefinition (kind: ConfigMap)");
    assertThatThrownBy(() -> Crd.parse("a: [1,\n", "bad.yaml"))
        .isInstanceOf(CrdException.class)
        .hasMessageStartingWith("bad.yaml:")
        .hasMessageContaining("not valid YAML");
    assertThatThrownBy(() -> Crd.parse("", "empty.yaml"))
        .hasMessage("empty.yaml: no CustomResourceDefinition in the file");
    assertThatThrownBy(() -> Crd.parse("""
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: x.example.com}
        spec: {group: example.com, names: {kind: X}, versions: [{name: v1}]}
        """, "x.yaml").get(0).schema("v1"))
        .hasMessage("x.yaml: CRD x.example.com version v1 has no schema.openAPIV3Schema");
  }
}
