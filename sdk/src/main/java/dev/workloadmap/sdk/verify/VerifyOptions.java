package dev.workloadmap.sdk.verify;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * Options of a fixture run.
 *
 * @param sharedDirectory the folder that {@code object.shared} paths in {@code fixture.yaml} are relative to (the
 *     project's {@code ../shared}); null or missing means fixtures that need it are skipped with a reason
 * @param updateExpected write {@code expected.yaml} from the actual result instead of comparing (snapshot workflow)
 * @param ci true when running in CI; {@code updateExpected} is then refused, so expectations never change silently
 * @param crdDirectory a folder of CRD files named {@code <kind lower>.<group>.yaml}, used for a definition that has
 *     no {@code crd.yaml} beside it (see {@link CrdLookup}); null or missing means only {@code crd.yaml} is used
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record VerifyOptions(
    Path sharedDirectory, boolean updateExpected, boolean ci, Path crdDirectory) {

  /** Options without a CRD directory: only a {@code crd.yaml} beside a definition enables its CRD checks. */
  public VerifyOptions(Path sharedDirectory, boolean updateExpected, boolean ci) {
    this(sharedDirectory, updateExpected, ci, null);
  }
}
