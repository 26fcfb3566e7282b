package dev.workloadmap.maven;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.Parameter;

/** Shared parameters of the Workload Map goals. Every goal translates its parameters and calls the SDK. */
public abstract class AbstractWorkloadMapMojo extends AbstractMojo {

  /** Skip every Workload Map goal. */
  @Parameter(property = "workloadmap.skip", defaultValue = "false")
  protected boolean skip;

  /** The resource counted as GPUs in trees and totals. */
  @Parameter(property = "workloadmap.gpuResourceName", defaultValue = "nvidia.com/gpu")
  protected String gpuResourceName;

  /** Fail fast on the first evaluation error, like the reference implementation, instead of containing errors. */
  @Parameter(property = "workloadmap.strict", defaultValue = "false")
  protected boolean strict;

  protected WorkloadMap workloadMap() {
    return WorkloadMap.builder().gpuResourceName(gpuResourceName).strict(strict).build();
  }

  /** Logs a finding in one stable, greppable line at its severity. */
  protected static void log(Log log, Finding f) {
    if (f.severity() == Severity.ERROR) {
      log.error(f.format());
    } else if (f.severity() == Severity.WARNING) {
      log.warn(f.format());
    } else {
      log.info(f.format());
    }
  }
}
