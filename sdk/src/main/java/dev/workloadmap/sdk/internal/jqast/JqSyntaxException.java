package dev.workloadmap.sdk.internal.jqast;

/**
 * A jq expression that the SDK's parser does not accept. {@link #offset()} is the 0-based char index inside the
 * expression where the problem is (the expression's length for "unexpected end").
 */
public final class JqSyntaxException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int offset;

  public JqSyntaxException(String detail, int offset) {
    super(detail);
    this.offset = offset;
  }

  /** 0-based char index inside the expression. */
  public int offset() {
    return offset;
  }

  /** The explanation, without position. */
  public String detail() {
    return getMessage();
  }
}
