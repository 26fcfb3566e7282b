package dev.workloadmap.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.Log;

/** A Maven {@link Log} that keeps each line as Maven prints it ({@code [INFO] text}), for asserting exact output. */
final class RecordingLog implements Log {

  final List<String> lines = new ArrayList<>();

  private void add(String level, CharSequence content, Throwable error) {
    lines.add("[" + level + "] " + (content == null ? "" : content));
    if (error != null) {
      lines.add("[" + level + "] (throwable) " + error);
    }
  }

  @Override
  public boolean isDebugEnabled() {
    return false;
  }

  @Override
  public void debug(CharSequence content) {}

  @Override
  public void debug(CharSequence content, Throwable error) {}

  @Override
  public void debug(Throwable error) {}

  @Override
  public boolean isInfoEnabled() {
    return true;
  }

  @Override
  public void info(CharSequence content) {
    add("INFO", content, null);
  }

  @Override
  public void info(CharSequence content, Throwable error) {
    add("INFO", content, error);
  }

  @Override
  public void info(Throwable error) {
    add("INFO", null, error);
  }

  @Override
  public boolean isWarnEnabled() {
    return true;
  }

  @Override
  public void warn(CharSequence content) {
    add("WARNING", content, null);
  }

  @Override
  public void warn(CharSequence content, Throwable error) {
    add("WARNING", content, error);
  }

  @Override
  public void warn(Throwable error) {
    add("WARNING", null, error);
  }

  @Override
  public boolean isErrorEnabled() {
    return true;
  }

  @Override
  public void error(CharSequence content) {
    add("ERROR", content, null);
  }

  @Override
  public void error(CharSequence content, Throwable error) {
    add("ERROR", content, error);
  }

  @Override
  public void error(Throwable error) {
    add("ERROR", null, error);
  }
}
