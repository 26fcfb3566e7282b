package dev.workloadmap.sdk.internal.proof;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Sha256} is the JDK's SHA-256 ({@code MessageDigest}), which it stands in for at run time. */
class Sha256Test {

  private static String jdk(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }

  @Test
  void theStandardTestVectors() {
    assertThat(Sha256.hex(new byte[0]))
        .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    assertThat(Sha256.hex("abc".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assertThat(Sha256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            .getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  }

  @Test
  void everyLengthAroundTheBlockBoundariesAsTheJdk() throws Exception {
    Random r = new Random(17);
    for (int n = 0; n <= 300; n++) {
      byte[] b = new byte[n];
      r.nextBytes(b);
      assertThat(Sha256.hex(b)).as("length %d", n).isEqualTo(jdk(b));
    }
  }

  @Test
  void randomInputsAsTheJdk() throws Exception {
    Random r = new Random(4711);
    for (int i = 0; i < 200; i++) {
      byte[] b = new byte[r.nextInt(70_000)];
      r.nextBytes(b);
      assertThat(Sha256.hex(b)).isEqualTo(jdk(b));
    }
  }
}
