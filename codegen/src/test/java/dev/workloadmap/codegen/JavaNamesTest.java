package dev.workloadmap.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.codegen.internal.JavaNames;
import dev.workloadmap.codegen.internal.Javadocs;
import org.junit.jupiter.api.Test;

/** Name sanitising and Javadoc escaping, unit level. */
class JavaNamesTest {

  @Test
  void methodAndTypeNames() {
    assertThat(JavaNames.methodName("replicatedjob")).isEqualTo("replicatedjob");
    assertThat(JavaNames.methodName("prefill-worker")).isEqualTo("prefillWorker");
    assertThat(JavaNames.methodName("VllmDecodeWorker")).isEqualTo("vllmDecodeWorker");
    assertThat(JavaNames.methodName("class")).isEqualTo("class_");
    assertThat(JavaNames.methodName("null")).isEqualTo("null_");
    assertThat(JavaNames.methodName("var")).isEqualTo("var_");
    assertThat(JavaNames.methodName("1st")).isEqualTo("_1st");
    assertThat(JavaNames.methodName("Éclair-Ünit")).isEqualTo("eclairUnit");
    assertThat(JavaNames.methodName("-.-")).isNull();
    assertThat(JavaNames.typeName("jobset")).isEqualTo("Jobset");
    assertThat(JavaNames.typeName("JobSet")).isEqualTo("JobSet");
    assertThat(JavaNames.typeName("a-b")).isEqualTo("AB");
    assertThat(JavaNames.typeName("1st")).isEqualTo("_1st");
    assertThat(JavaNames.typeName("é")).isEqualTo("E");
    assertThat(JavaNames.typeName("")).isNull();
  }

  @Test
  void namesAndPackagesAreChecked() {
    assertThat(JavaNames.isSimpleTypeName("JobSetWorkload")).isTrue();
    assertThat(JavaNames.isSimpleTypeName("record")).isFalse();
    assertThat(JavaNames.isSimpleTypeName("a.b")).isFalse();
    assertThat(JavaNames.isPackageName("com.example.workloads")).isTrue();
    assertThat(JavaNames.isPackageName("com..example")).isFalse();
    assertThat(JavaNames.isPackageName("com.int")).isFalse();
  }

  @Test
  void javadocEscapingKeepsTheCommentOpenAndTheTextLiteral() {
    assertThat(Javadocs.escape("a */ b")).isEqualTo("a *&#47; b");
    assertThat(Javadocs.escape("{@link x} <b> & \\u0041"))
        .isEqualTo("&#123;&#64;link x&#125; &lt;b&gt; &amp; &#92;u0041");
    assertThat(Javadocs.code(".a\n| .b")).isEqualTo("<pre>\n.a\n| .b\n</pre>");
    assertThat(Javadocs.code(".spec.x[]")).isEqualTo("<code>.spec.x[]</code>");
  }
}
