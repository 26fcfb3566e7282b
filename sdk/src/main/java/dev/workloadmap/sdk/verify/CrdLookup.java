package dev.workloadmap.sdk.verify;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.crd.Crd;
import dev.workloadmap.sdk.crd.CrdException;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.crd.CrdPathCheck;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Finds a definition's target CRD and runs the static path check against it. The CRD is {@code crd.yaml} in the
 * definition's folder when present, else {@code <kind lower>.<group>.yaml} in the configured CRD directory (core kinds,
 * with an empty group, are looked up only beside the definition).
 *
 * @param crd the CRD of the definition's root kind, or null when none was found or it could not be loaded
 * @param file the CRD file used, or null
 * @param findings the {@link CrdPathCheck} findings when a CRD was found; one {@value #NOT_FOUND} INFO when none was;
 *     one {@value #LOAD} ERROR when the file found is not a usable CRD for the root kind and version
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CrdLookup(Crd crd, Path file, List<Finding> findings) {

  /** The file name of a definition's own CRD, beside {@code definition.yaml}. */
  public static final String CRD_FILE = "crd.yaml";

  /** Rule id of the INFO said when no CRD was found and the static CRD checks are skipped. */
  public static final String NOT_FOUND = "crd.not-found";

  /** Rule id of a CRD file that cannot be read or lacks the definition's group, kind or version. */
  public static final String LOAD = "crd.load";

  public CrdLookup {
    findings = List.copyOf(findings);
  }

  /**
   * The CRD file for {@code gvk}: {@code crd.yaml} beside {@code definitionFile} when it exists, else the file in
   * {@code crdDirectory} (which may be null or missing), else null.
   */
  public static Path find(Path definitionFile, Gvk gvk, Path crdDirectory) {
    Path beside = definitionFile.toAbsolutePath().getParent().resolve(CRD_FILE);
    if (Files.isRegularFile(beside)) {
      return beside;
    }
    if (crdDirectory == null
        || gvk == null
        || gvk.group().isEmpty()
        || !Files.isDirectory(crdDirectory)) {
      return null;
    }
    Path inDirectory =
        crdDirectory.resolve(gvk.kind().toLowerCase(Locale.ROOT) + "." + gvk.group() + ".yaml");
    return Files.isRegularFile(inDirectory) ? inDirectory : null;
  }

  /**
   * Looks up the CRD of {@code definition}'s root kind and checks the definition's workload-side paths against it.
   * Never throws for a missing or broken CRD: that is a finding.
   */
  public static CrdLookup check(Definition definition, Path definitionFile, Path crdDirectory) {
    Gvk gvk = definition.rootGvk();
    SourceLocation at = SourceLocation.ofFile(definitionFile.toString());
    Path file = find(definitionFile, gvk, crdDirectory);
    if (gvk == null) {
      return new CrdLookup(null, null, List.of());
    }
    if (file == null) {
      String where = "looked for " + CRD_FILE + " beside the definition"
          + (gvk.group().isEmpty()
              ? "; core kinds have no CRD"
              : crdDirectory == null
                  ? "; no CRD directory configured (workloadmap.crdDirectory, or the CLI's --crd)"
                  : !Files.isDirectory(crdDirectory)
                      ? "; CRD directory " + crdDirectory.toAbsolutePath().normalize()
                          + " is absent"
                      : " and for " + gvk.kind().toLowerCase(Locale.ROOT) + "." + gvk.group()
                          + ".yaml in " + crdDirectory.toAbsolutePath().normalize());
      return new CrdLookup(
          null,
          null,
          List.of(new Finding(
              NOT_FOUND,
              Severity.INFO,
              "no CRD for " + (gvk.group().isEmpty() ? "core" : gvk.group()) + "/" + gvk.kind()
                  + ": static CRD checks skipped",
              at,
              where,
              null)));
    }
    return checkWith(definition, file);
  }

  /**
   * Checks {@code definition}'s workload-side paths against the CRD in {@code crdFile}, given explicitly (the CLI's
   * {@code validate --crd FILE}). A CRD that cannot be read, or is not the CRD of the definition's root group and
   * kind, is one {@value #LOAD} error at the CRD file; a definition without a root kind gives no findings.
   */
  public static CrdLookup checkWith(Definition definition, Path crdFile) {
    Gvk gvk = definition.rootGvk();
    if (gvk == null) {
      return new CrdLookup(null, null, List.of());
    }
    try {
      Crd crd = Crd.load(crdFile, gvk);
      List<Finding> out = new ArrayList<>(new CrdPathCheck(crd.schema(gvk)).check(definition));
      return new CrdLookup(crd, crdFile, out);
    } catch (CrdException e) {
      return new CrdLookup(
          null,
          crdFile,
          List.of(new Finding(
              LOAD,
              Severity.ERROR,
              e.getMessage(),
              SourceLocation.ofFile(crdFile.toString()),
              "use the CRD of " + gvk + " (crd.yaml beside the definition, or"
                  + " <kind lower>.<group>.yaml in workloadmap.crdDirectory)",
              null)));
    }
  }
}
