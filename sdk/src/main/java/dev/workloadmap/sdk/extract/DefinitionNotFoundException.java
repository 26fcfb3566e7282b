package dev.workloadmap.sdk.extract;

/**
 * The component lacks the definition asked for, for example {@code does not have pod template spec definition} (spec
 * §5.2 item 5). At component level this is not an error: the field is null.
 */
public class DefinitionNotFoundException extends ExtractionException {
  private static final long serialVersionUID = 1L;

  public DefinitionNotFoundException(String component, String what) {
    super("component " + component + " " + what, null, null);
  }
}
