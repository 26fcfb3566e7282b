package dev.workloadmap.sdk.extract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The component lacks the definition asked for, for example {@code does not have pod template spec definition}
 * (docs/format.md#extraction item 5). At component level this is not an error: the field is null.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class DefinitionNotFoundException extends ExtractionException {
  private static final long serialVersionUID = 1L;

  public DefinitionNotFoundException(String component, String what) {
    super("component " + component + " " + what, null, null);
  }
}
